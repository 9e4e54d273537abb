import Foundation

/// SnapKit's `Constraint`: one chain (`make.edges.equalTo(...).inset(8)`), owning one
/// `LayoutConstraint` per expanded attribute. It is active while installed; `layout()`
/// sends the active ones, in activation order (activation counts as adding, so a
/// re-activated constraint is the newest, the one a conflict breaks first).
public final class Constraint {
    /// The first item: weak, as SnapKit's, so that a registry never keeps its view alive.
    weak var from: LayoutConstraintItem?
    let fromAttributes: ConstraintAttributes
    /// The target's item (nil: a constant target) and its attributes.
    weak var targetItem: LayoutConstraintItem?
    let hasTargetItem: Bool
    let targetAttributes: ConstraintAttributes
    let relation: ConstraintRelation
    let multiplier: Double
    /// SnapKit's stored constant: what `update(offset:)` / `update(inset:)` replace.
    private(set) var constant: ConstantValue
    private(set) var priority: Float
    let label: String?
    /// Where the relation (`equalTo`, ...) was written: `#fileID`, `#line`.
    public let source: TrellisSourceLocation
    public private(set) var layoutConstraints: [LayoutConstraint] = []
    /// Never laid out: SnapKit would have trapped making it (the issue is on the from item).
    let isInvalid: Bool
    private var active = false
    /// When it was last activated (`Serial.activations`): the document's order.
    private(set) var activationOrder = 0

    init(_ d: ConstraintDescription, relation: ConstraintRelation, source: TrellisSourceLocation) {
        from = d.item
        fromAttributes = d.attributes
        targetItem = d.targetItem
        hasTargetItem = d.targetItem != nil
        targetAttributes = d.targetAttributes
        self.relation = relation
        multiplier = d.multiplier
        constant = d.constant
        priority = d.priority
        label = d.label
        self.source = source
        isInvalid = d.failed
        guard !d.failed, let item = d.item else { return }
        layoutConstraints = fromAttributes.layoutAttributes.map { f in
            let to = toAttribute(for: f)
            // A constant target relates to the superview, except for a size (docs/semantics.md §2.2).
            let second = d.targetItem ?? (to.isSize ? nil : item.parentView)
            return LayoutConstraint(owner: self, first: f, second: second, secondAttribute: second == nil ? nil : to,
                                    priority: priority, needsSuperview: second == nil && !to.isSize)
        }
    }

    /// SnapKit's choice of the second attribute (UIKit branch, docs/semantics.md §2.2).
    private func toAttribute(for f: ConstraintAttributes) -> ConstraintAttributes {
        let targets = targetAttributes.layoutAttributes
        guard !targets.isEmpty else {
            if !hasTargetItem && f == .centerX { return .left }
            if !hasTargetItem && f == .centerY { return .top }
            return f
        }
        let pairs: [(ConstraintAttributes, ConstraintAttributes)] = [
            (.edges, .margins), (.margins, .edges), (.directionalEdges, .directionalMargins), (.directionalMargins, .directionalEdges),
        ]
        if pairs.contains(where: { $0 == fromAttributes && $1 == targetAttributes }) { return f.marginTwin ?? f }
        return fromAttributes == targetAttributes ? f : targets[0]
    }

    /// True while installed (SnapKit: any of its layout constraints is active).
    public var isActive: Bool {
        get { active }
        set { if newValue { activate() } else { deactivate() } }
    }

    /// Installs the constraint (a prepared one, or one deactivated before) as the newest;
    /// an active one is left as it is.
    public func activate() {
        guard !active, !isInvalid, let item = from else { return }
        if layoutConstraints.contains(where: { $0.needsSuperview }) {
            item.record("no-superview", "\(describeChain()) relates to the superview of \(item.id), which has none",
                        source: source)
            return
        }
        active = true
        activationOrder = Serial.activations.next()
        item.register(self)
    }

    public func deactivate() {
        guard active else { return }
        active = false
        from?.unregister(self)
    }

    @available(*, deprecated, renamed: "activate()")
    public func install() { activate() }

    @available(*, deprecated, renamed: "deactivate()")
    public func uninstall() { deactivate() }

    /// A new constant for every attribute (SnapKit: also undoes `updateConstraints` changes).
    @discardableResult
    public func update(offset: ConstraintOffsetTarget) -> Constraint {
        constant = ConstantValue(offset: offset)
        refresh()
        return self
    }

    @discardableResult
    public func update(inset: ConstraintInsetTarget) -> Constraint {
        constant = ConstantValue(inset: inset)
        refresh()
        return self
    }

    @discardableResult
    public func update(inset: ConstraintDirectionalInsetTarget) -> Constraint {
        constant = ConstantValue(inset: inset)
        refresh()
        return self
    }

    /// A new priority. As in SnapKit, a change to or from required (1000) does not reach the
    /// layout constraints: they keep the priority they had.
    @discardableResult
    public func update(priority: ConstraintPriorityTarget) -> Constraint {
        self.priority = priority.constraintPriorityTargetValue
        refresh()
        return self
    }

    @discardableResult
    public func update(priority: ConstraintPriority) -> Constraint {
        update(priority: priority.value)
    }

    @available(*, deprecated, renamed: "update(offset:)")
    public func updateOffset(amount: ConstraintOffsetTarget) { update(offset: amount) }

    @available(*, deprecated, renamed: "update(inset:)")
    public func updateInsets(amount: ConstraintInsetTarget) { update(inset: amount) }

    @available(*, deprecated, renamed: "update(priority:)")
    public func updatePriority(amount: ConstraintPriorityTarget) { update(priority: amount) }

    /// SnapKit's refresh: every constant again from the stored one; the priority unless the
    /// change crosses the required boundary.
    private func refresh() {
        for member in layoutConstraints {
            member.constantOverride = nil
            if member.priority < 1000 && priority != 1000 { member.priority = priority }
        }
    }

    // MARK: for updateConstraints, the tree and the document

    /// updateConstraints: the matched members take this constraint's constant.
    func applyConstant(to members: [LayoutConstraint]) {
        for member in members { member.constantOverride = constant }
    }

    /// Whether the members no longer agree with the chain as written (a partial
    /// `updateConstraints`, or a priority SnapKit kept), so each must be sent on its own.
    var isSplit: Bool {
        layoutConstraints.contains { $0.constantOverride != nil || $0.priority != priority }
    }

    /// Every item the constraint relates.
    var items: [LayoutConstraintItem] {
        [from].compactMap { $0 } + layoutConstraints.compactMap { $0.secondItem }
    }

    /// Relates something inside the set of host views to something outside it.
    func crosses(_ inside: Set<ObjectIdentifier>) -> Bool {
        let hosts = items.map { $0.hostView.map { inside.contains(ObjectIdentifier($0)) } ?? false }
        return hosts.contains(true) && hosts.contains(false)
    }

    func mentions(_ item: LayoutConstraintItem) -> Bool { items.contains { $0 === item } }

    /// `card.edges equalTo header.bottom`: the chain in words, for messages.
    func describeChain() -> String {
        let fromName = from?.wireName ?? "?"
        var text = "\(fromName).\(fromAttributes.wireNames.joined(separator: ".")) \(relation.methodName)"
        if let target = targetItem {
            text += " " + target.wireName + (targetAttributes == .none ? "" : "." + targetAttributes.wireNames.joined(separator: "."))
        } else {
            text += " a constant"
        }
        return text
    }
}

/// One expanded attribute of a `Constraint` (SnapKit's `LayoutConstraint`, an
/// `NSLayoutConstraint`): first attribute, second item and attribute, priority.
public final class LayoutConstraint {
    weak var owner: Constraint?
    let firstAttribute: ConstraintAttributes
    weak var secondItem: LayoutConstraintItem?
    /// nil: no second item (a size constant; Auto Layout's notAnAttribute).
    let secondAttribute: ConstraintAttributes?
    /// The layout constraint's own priority, which SnapKit does not always update.
    public internal(set) var priority: Float
    /// A constant set by `updateConstraints` for this attribute alone.
    var constantOverride: ConstantValue?
    /// A location constant with no superview to relate to (UIKit refuses it).
    let needsSuperview: Bool

    init(owner: Constraint, first: ConstraintAttributes, second: LayoutConstraintItem?,
         secondAttribute: ConstraintAttributes?, priority: Float, needsSuperview: Bool) {
        self.owner = owner
        firstAttribute = first
        secondItem = second
        self.secondAttribute = secondAttribute
        self.priority = priority
        self.needsSuperview = needsSuperview
    }

    public var firstAttributeName: String { firstAttribute.singleName }
    public var secondAttributeName: String? { secondAttribute?.singleName }
    public var label: String? { owner?.label }
    public var identifier: String? { owner?.label }

    /// SnapKit's equality for `updateConstraints` (docs/semantics.md §6.3): everything but the
    /// constant and the label.
    func matches(_ other: LayoutConstraint) -> Bool {
        guard let a = owner, let b = other.owner else { return false }
        return a.from === b.from && firstAttribute == other.firstAttribute
            && secondAttribute == other.secondAttribute && secondItem === other.secondItem
            && a.relation == b.relation && a.multiplier == b.multiplier && priority == other.priority
    }
}

/// SnapKit's relations.
enum ConstraintRelation {
    case equal, lessThanOrEqual, greaterThanOrEqual

    var wire: String {
        switch self {
        case .equal: return "=="
        case .lessThanOrEqual: return "<="
        case .greaterThanOrEqual: return ">="
        }
    }

    var methodName: String {
        switch self {
        case .equal: return "equalTo"
        case .lessThanOrEqual: return "lessThanOrEqualTo"
        case .greaterThanOrEqual: return "greaterThanOrEqualTo"
        }
    }
}
