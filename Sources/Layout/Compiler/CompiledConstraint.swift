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
    // our own would assign the fields of a `self` on the stack, then copy it out and destroy
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

/// An expanded constraint with its items as places: a `CompiledConstraint` without names,
/// which the compiler builds and the linearizer reads. A one-shot's lean build never names
/// its items; a session names them once, for the records it keeps (`ViewTree.compiled`).
/// Holds no string: building, copying and dropping one retains and releases nothing.
struct PlacedConstraint {
    var first: Place
    var firstAttribute: Attribute
    var relation: Relation
    /// nil for a pure constant, as in `CompiledConstraint`.
    var second: Place?
    var secondAttribute: Attribute?
    var multiplier: Double
    var constant: Double
    var priority: Double
}

extension ViewTree {
    /// `c` with its items named.
    func compiled(_ c: PlacedConstraint) -> CompiledConstraint {
        CompiledConstraint(first: item(at: c.first), firstAttribute: c.firstAttribute, relation: c.relation,
                           second: c.second.map { item(at: $0) }, secondAttribute: c.secondAttribute,
                           multiplier: c.multiplier, constant: c.constant, priority: c.priority)
    }

    /// `c` with its items placed; nil if one of them is not in the tree.
    func placed(_ c: CompiledConstraint) -> PlacedConstraint? {
        guard let first = place(of: c.first) else { return nil }
        var second: Place?
        if let item = c.second {
            guard let p = place(of: item) else { return nil }
            second = p
        }
        return PlacedConstraint(first: first, firstAttribute: c.firstAttribute, relation: c.relation,
                                second: second, secondAttribute: c.secondAttribute,
                                multiplier: c.multiplier, constant: c.constant, priority: c.priority)
    }
}
