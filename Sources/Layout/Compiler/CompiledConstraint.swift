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

    public init(first: ItemRef, firstAttribute: Attribute, relation: Relation, second: ItemRef?,
                secondAttribute: Attribute?, multiplier: Double, constant: Double, priority: Double) {
        self.first = first; self.firstAttribute = firstAttribute; self.relation = relation
        self.second = second; self.secondAttribute = secondAttribute
        self.multiplier = multiplier; self.constant = constant; self.priority = priority
    }

    /// SnapKit's "same constraint" for `updateConstraints` (SEMANTICS 6.3): every field
    /// except the constant, multipliers and priorities compared exactly.
    var updateKey: UpdateKey {
        UpdateKey(first: first, firstAttribute: firstAttribute, relation: relation, second: second,
                  secondAttribute: secondAttribute, multiplier: multiplier, priority: priority)
    }

    var isRequired: Bool { priority >= 1000 }
}

struct UpdateKey: Hashable {
    var first: ItemRef
    var firstAttribute: Attribute
    var relation: Relation
    var second: ItemRef?
    var secondAttribute: Attribute?
    var multiplier: Double
    var priority: Double
}
