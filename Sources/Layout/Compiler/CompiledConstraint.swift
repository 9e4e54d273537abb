/// One expanded layout constraint (SnapKit's `LayoutConstraint`):
/// `first.firstAttribute  relation  multiplier * second.secondAttribute + constant`
/// at `priority`. Items are resolved (an implicit superview is named), attributes are
/// as SnapKit chose them (leading stays leading; direction is applied when the constraint
/// is turned into solver terms).
public struct CompiledConstraint: Equatable, Sendable {
    public var first: ItemRef
    public var firstAttribute: Attribute
    public var relation: Relation
    /// nil for a pure constant (`width == 100`), i.e. UIKit's notAnAttribute.
    public var second: ItemRef?
    public var secondAttribute: Attribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: Double
    // Made with the memberwise initializer, which builds it as one value: an initializer of
    // our own assigned the fields of a `self` on the stack, then copied it out and destroyed
    // it (a retain and a release of both items' names per expanded constraint).

    var isRequired: Bool { priority >= 1000 }

    /// SnapKit's "same constraint" for `updateConstraints` (docs/semantics.md §6.3): the seven
    /// fields other than the constant (items, attributes, relation, multiplier, priority)
    /// equal, multipliers and priorities compared exactly. Field by field, cheapest first.
    func hasSameUpdateKey(as other: CompiledConstraint) -> Bool {
        firstAttribute == other.firstAttribute && relation == other.relation
            && secondAttribute == other.secondAttribute && multiplier == other.multiplier
            && priority == other.priority && first == other.first && second == other.second
    }
}
