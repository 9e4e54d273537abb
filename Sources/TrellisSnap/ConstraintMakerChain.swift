import Foundation

// The chain after the attributes (docs/semantics.md §4.2): a relation, then modifiers, then a
// priority and a label, then `.constraint`. The classes share one description, as SnapKit's
// do; what SnapKit traps on is recorded on the from item and thrown by `layout()`.

/// One chain as written so far.
final class ConstraintDescription {
    let item: LayoutConstraintItem?
    var attributes: ConstraintAttributes
    var relation: ConstraintRelation?
    var targetItem: LayoutConstraintItem?
    var targetAttributes = ConstraintAttributes.none
    var constant = ConstantValue.zero
    var multiplier: Double = 1
    var priority: Float = 1000
    var label: String?
    var source: TrellisSourceLocation?
    /// SnapKit would have trapped: the chain makes no layout constraints.
    var failed = false
    private var built: Constraint?

    init(item: LayoutConstraintItem, attributes: ConstraintAttributes) {
        self.item = item
        self.attributes = attributes
    }

    /// Made once, on first use (SnapKit's lazy `constraint`): modifiers after that are
    /// ignored. nil for a chain without a relation, which SnapKit drops.
    var constraint: Constraint? {
        if built == nil, let relation, let source { built = Constraint(self, relation: relation, source: source) }
        return built
    }

    func fail(_ code: String, _ message: String) {
        failed = true
        item?.record(code, message, source: source)
    }
}

public class ConstraintMakerRelatable {
    let description: ConstraintDescription

    init(_ description: ConstraintDescription) {
        self.description = description
    }

    private func relate(_ other: ConstraintRelatableTarget, _ relation: ConstraintRelation,
                        _ file: String, _ line: UInt) -> ConstraintMakerEditable {
        let d = description
        d.relation = relation
        d.source = TrellisSourceLocation(file: file, line: Int(line))
        if let item = other as? ConstraintItem {
            guard let target = item.target else {
                d.fail("unknown-view", "\(relation.methodName) names an item whose view no longer exists")
                return ConstraintMakerEditable(d)
            }
            if !Self.mayRelate(d.attributes, to: item.attributes) {
                d.fail("multi-attribute-mismatch", "cannot constrain \(d.attributes.wireNames.joined(separator: ".")) to "
                       + "multiple non-identical attributes \(item.attributes.wireNames.joined(separator: "."))")
            }
            d.targetItem = target
            d.targetAttributes = item.attributes
        } else if let view = other as? TrellisView {
            d.targetItem = view
        } else if let value = ConstantValue(any: other) {
            d.constant = value
        } else if let guide = other as? TrellisLayoutGuide {
            d.targetItem = guide
        } else {
            d.fail("wrong-type", "invalid constraint target of type \(type(of: other))")
        }
        return ConstraintMakerEditable(d)
    }

    /// SnapKit's multi-attribute check (docs/semantics.md §4.3).
    static func mayRelate(_ from: ConstraintAttributes, to other: ConstraintAttributes) -> Bool {
        other == .none || other.layoutAttributes.count <= 1 || other == from
            || (other == .edges && from == .margins) || (other == .margins && from == .edges)
            || (other == .directionalEdges && from == .directionalMargins)
            || (other == .directionalMargins && from == .directionalEdges)
    }

    private func superviewOrFail(_ method: String, _ relation: ConstraintRelation, _ file: String, _ line: UInt)
        -> TrellisView? {
        if let superview = description.item?.parentView { return superview }
        description.relation = relation
        description.source = TrellisSourceLocation(file: file, line: Int(line))
        description.fail("no-superview", "\(method)() on \(description.item?.id ?? "?"), which has no superview")
        return nil
    }

    @discardableResult
    public func equalTo(_ other: ConstraintRelatableTarget, _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relate(other, .equal, file, line)
    }

    @discardableResult
    public func lessThanOrEqualTo(_ other: ConstraintRelatableTarget, _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relate(other, .lessThanOrEqual, file, line)
    }

    @discardableResult
    public func greaterThanOrEqualTo(_ other: ConstraintRelatableTarget, _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relate(other, .greaterThanOrEqual, file, line)
    }

    @discardableResult
    public func equalToSuperview(_ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("equalToSuperview", .equal, file, line) { $0 }
    }

    @discardableResult
    public func lessThanOrEqualToSuperview(_ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("lessThanOrEqualToSuperview", .lessThanOrEqual, file, line) { $0 }
    }

    @discardableResult
    public func greaterThanOrEqualToSuperview(_ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("greaterThanOrEqualToSuperview", .greaterThanOrEqual, file, line) { $0 }
    }

    /// SnapKit 5.7's closure forms: `equalToSuperview { $0.safeAreaLayoutGuide }`.
    @discardableResult
    public func equalToSuperview(_ closure: (TrellisView) -> ConstraintRelatableTarget,
                                 _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("equalToSuperview", .equal, file, line, closure)
    }

    @discardableResult
    public func lessThanOrEqualToSuperview(_ closure: (TrellisView) -> ConstraintRelatableTarget,
                                           _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("lessThanOrEqualToSuperview", .lessThanOrEqual, file, line, closure)
    }

    @discardableResult
    public func greaterThanOrEqualToSuperview(_ closure: (TrellisView) -> ConstraintRelatableTarget,
                                              _ file: String = #fileID, _ line: UInt = #line) -> ConstraintMakerEditable {
        relateToSuperview("greaterThanOrEqualToSuperview", .greaterThanOrEqual, file, line, closure)
    }

    private func relateToSuperview(_ method: String, _ relation: ConstraintRelation, _ file: String, _ line: UInt,
                                   _ closure: (TrellisView) -> ConstraintRelatableTarget) -> ConstraintMakerEditable {
        guard let superview = superviewOrFail(method, relation, file, line) else { return ConstraintMakerEditable(description) }
        return relate(closure(superview), relation, file, line)
    }
}

public class ConstraintMakerFinalizable {
    let description: ConstraintDescription

    init(_ description: ConstraintDescription) {
        self.description = description
    }

    /// The label shown in diagnostics (SnapKit: the layout constraints' `identifier`).
    @discardableResult
    public func labeled(_ label: String) -> ConstraintMakerFinalizable {
        description.label = label
        return self
    }

    /// The handle: activate, deactivate, update. A chain SnapKit would trap on gives one
    /// that does nothing (the misuse is reported by `layout()`).
    public var constraint: Constraint {
        if let made = description.constraint { return made }
        // Unreachable through the public chain (a relation always comes first); a dead handle.
        description.failed = true
        return Constraint(description, relation: description.relation ?? .equal,
                          source: description.source ?? TrellisSourceLocation(file: "", line: 0))
    }
}

public class ConstraintMakerPrioritizable: ConstraintMakerFinalizable {
    @discardableResult
    public func priority(_ amount: ConstraintPriority) -> ConstraintMakerFinalizable {
        description.priority = amount.value
        return self
    }

    @discardableResult
    public func priority(_ amount: ConstraintPriorityTarget) -> ConstraintMakerFinalizable {
        description.priority = amount.constraintPriorityTargetValue
        return self
    }

    @available(*, deprecated, message: "Use priority(.required) instead.")
    @discardableResult
    public func priorityRequired() -> ConstraintMakerFinalizable { priority(.required) }

    @available(*, deprecated, message: "Use priority(.high) instead.")
    @discardableResult
    public func priorityHigh() -> ConstraintMakerFinalizable { priority(.high) }

    @available(*, deprecated, message: "Use priority(.medium) instead.")
    @discardableResult
    public func priorityMedium() -> ConstraintMakerFinalizable { priority(.medium) }

    @available(*, deprecated, message: "Use priority(.low) instead.")
    @discardableResult
    public func priorityLow() -> ConstraintMakerFinalizable { priority(.low) }
}

@available(*, deprecated, message: "Use ConstraintMakerPrioritizable instead.")
public typealias ConstraintMakerPriortizable = ConstraintMakerPrioritizable

public class ConstraintMakerEditable: ConstraintMakerPrioritizable {
    @discardableResult
    public func multipliedBy(_ amount: ConstraintMultiplierTarget) -> ConstraintMakerEditable {
        description.multiplier = Double(amount.constraintMultiplierTargetValue)
        return self
    }

    /// 1 / amount; dividing by zero is reported by `layout()` (`bad-multiplier`).
    @discardableResult
    public func dividedBy(_ amount: ConstraintMultiplierTarget) -> ConstraintMakerEditable {
        multipliedBy(1.0 / Double(amount.constraintMultiplierTargetValue))
    }

    /// The same constant for every attribute (no sign flips).
    @discardableResult
    public func offset(_ amount: ConstraintOffsetTarget) -> ConstraintMakerEditable {
        description.constant = ConstantValue(offset: amount)
        return self
    }

    /// Insets: positive moves every edge inward (right, bottom, trailing negated).
    @discardableResult
    public func inset(_ amount: ConstraintInsetTarget) -> ConstraintMakerEditable {
        description.constant = ConstantValue(inset: amount)
        return self
    }

    @discardableResult
    public func inset(_ amount: ConstraintDirectionalInsetTarget) -> ConstraintMakerEditable {
        description.constant = ConstantValue(inset: amount)
        return self
    }
}
