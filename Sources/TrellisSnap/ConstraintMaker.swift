// `make` and the attribute chain (docs/semantics.md §1.3, §6.2): each attribute on `make` starts
// a description, each attribute after it adds to the description's bit set. prepare, make,
// remake, update and remove follow SnapKit's lifecycle.

public class ConstraintMaker {
    /// The from item (a view or a layout guide).
    public let item: LayoutConstraintItem
    private var descriptions: [ConstraintDescription] = []

    init(item: LayoutConstraintItem) {
        self.item = item
        item.prepareForConstraints()
    }

    private func start(_ attributes: ConstraintAttributes) -> ConstraintMakerExtendable {
        let description = ConstraintDescription(item: item, attributes: attributes)
        descriptions.append(description)
        return ConstraintMakerExtendable(description)
    }

    public var left: ConstraintMakerExtendable { start(.left) }
    public var top: ConstraintMakerExtendable { start(.top) }
    public var bottom: ConstraintMakerExtendable { start(.bottom) }
    public var right: ConstraintMakerExtendable { start(.right) }
    public var leading: ConstraintMakerExtendable { start(.leading) }
    public var trailing: ConstraintMakerExtendable { start(.trailing) }
    public var width: ConstraintMakerExtendable { start(.width) }
    public var height: ConstraintMakerExtendable { start(.height) }
    public var centerX: ConstraintMakerExtendable { start(.centerX) }
    public var centerY: ConstraintMakerExtendable { start(.centerY) }
    @available(*, deprecated, renamed: "lastBaseline")
    public var baseline: ConstraintMakerExtendable { start(.lastBaseline) }
    public var lastBaseline: ConstraintMakerExtendable { start(.lastBaseline) }
    public var firstBaseline: ConstraintMakerExtendable { start(.firstBaseline) }
    public var leftMargin: ConstraintMakerExtendable { start(.leftMargin) }
    public var rightMargin: ConstraintMakerExtendable { start(.rightMargin) }
    public var topMargin: ConstraintMakerExtendable { start(.topMargin) }
    public var bottomMargin: ConstraintMakerExtendable { start(.bottomMargin) }
    public var leadingMargin: ConstraintMakerExtendable { start(.leadingMargin) }
    public var trailingMargin: ConstraintMakerExtendable { start(.trailingMargin) }
    public var centerXWithinMargins: ConstraintMakerExtendable { start(.centerXWithinMargins) }
    public var centerYWithinMargins: ConstraintMakerExtendable { start(.centerYWithinMargins) }
    public var edges: ConstraintMakerExtendable { start(.edges) }
    public var horizontalEdges: ConstraintMakerExtendable { start(.horizontalEdges) }
    public var verticalEdges: ConstraintMakerExtendable { start(.verticalEdges) }
    public var directionalEdges: ConstraintMakerExtendable { start(.directionalEdges) }
    public var directionalHorizontalEdges: ConstraintMakerExtendable { start(.directionalHorizontalEdges) }
    public var directionalVerticalEdges: ConstraintMakerExtendable { start(.directionalVerticalEdges) }
    public var size: ConstraintMakerExtendable { start(.size) }
    public var center: ConstraintMakerExtendable { start(.center) }
    public var margins: ConstraintMakerExtendable { start(.margins) }
    public var directionalMargins: ConstraintMakerExtendable { start(.directionalMargins) }
    public var centerWithinMargins: ConstraintMakerExtendable { start(.centerWithinMargins) }

    // MARK: lifecycle

    /// Runs the closure and makes one constraint per chain with a relation, in writing
    /// order; none is activated.
    static func prepareConstraints(item: LayoutConstraintItem, closure: (ConstraintMaker) -> Void) -> [Constraint] {
        let maker = ConstraintMaker(item: item)
        closure(maker)
        return maker.descriptions.compactMap(\.constraint)
    }

    static func makeConstraints(item: LayoutConstraintItem, closure: (ConstraintMaker) -> Void) {
        for constraint in prepareConstraints(item: item, closure: closure) { constraint.activate() }
    }

    static func remakeConstraints(item: LayoutConstraintItem, closure: (ConstraintMaker) -> Void) {
        removeConstraints(item: item)
        makeConstraints(item: item, closure: closure)
    }

    /// SnapKit's update: with nothing installed, a make; otherwise every expanded
    /// constraint must match an installed one (docs/semantics.md §6.3) and only constants change.
    /// A miss is where SnapKit traps: here nothing of the closure is applied and the next
    /// `layout()` throws `no-matching-constraint`.
    static func updateConstraints(item: LayoutConstraintItem, closure: (ConstraintMaker) -> Void) {
        guard !item.installed.isEmpty else { return makeConstraints(item: item, closure: closure) }
        let existing = item.installed.flatMap(\.layoutConstraints)
        var changes: [(Constraint, [LayoutConstraint])] = []
        for constraint in prepareConstraints(item: item, closure: closure) where !constraint.isInvalid {
            var matched: [LayoutConstraint] = []
            for member in constraint.layoutConstraints {
                guard let found = existing.first(where: { $0.matches(member) }) else {
                    item.record("no-matching-constraint",
                                "updateConstraints found no installed constraint matching \(constraint.describeChain()) "
                                + "(\(member.firstAttributeName), same relation, target, multiplier and priority); "
                                + "updateConstraints changes constants only, use remakeConstraints for anything else",
                                source: constraint.source)
                    return
                }
                matched.append(found)
            }
            changes.append((constraint, matched))
        }
        for (constraint, members) in changes { constraint.applyConstant(to: members) }
    }

    /// Deactivates every constraint installed on the item through `snp`, and forgets the
    /// misuses recorded for it.
    static func removeConstraints(item: LayoutConstraintItem) {
        for constraint in item.installed { constraint.deactivate() }
        item.issues.removeAll()
    }
}

/// An attribute chain before its relation: more attributes, then a relation.
public class ConstraintMakerExtendable: ConstraintMakerRelatable {
    private func add(_ attributes: ConstraintAttributes) -> ConstraintMakerExtendable {
        description.attributes.formUnion(attributes)
        return self
    }

    public var left: ConstraintMakerExtendable { add(.left) }
    public var top: ConstraintMakerExtendable { add(.top) }
    public var bottom: ConstraintMakerExtendable { add(.bottom) }
    public var right: ConstraintMakerExtendable { add(.right) }
    public var leading: ConstraintMakerExtendable { add(.leading) }
    public var trailing: ConstraintMakerExtendable { add(.trailing) }
    public var width: ConstraintMakerExtendable { add(.width) }
    public var height: ConstraintMakerExtendable { add(.height) }
    public var centerX: ConstraintMakerExtendable { add(.centerX) }
    public var centerY: ConstraintMakerExtendable { add(.centerY) }
    @available(*, deprecated, renamed: "lastBaseline")
    public var baseline: ConstraintMakerExtendable { add(.lastBaseline) }
    public var lastBaseline: ConstraintMakerExtendable { add(.lastBaseline) }
    public var firstBaseline: ConstraintMakerExtendable { add(.firstBaseline) }
    public var leftMargin: ConstraintMakerExtendable { add(.leftMargin) }
    public var rightMargin: ConstraintMakerExtendable { add(.rightMargin) }
    public var topMargin: ConstraintMakerExtendable { add(.topMargin) }
    public var bottomMargin: ConstraintMakerExtendable { add(.bottomMargin) }
    public var leadingMargin: ConstraintMakerExtendable { add(.leadingMargin) }
    public var trailingMargin: ConstraintMakerExtendable { add(.trailingMargin) }
    public var centerXWithinMargins: ConstraintMakerExtendable { add(.centerXWithinMargins) }
    public var centerYWithinMargins: ConstraintMakerExtendable { add(.centerYWithinMargins) }
    public var edges: ConstraintMakerExtendable { add(.edges) }
    public var horizontalEdges: ConstraintMakerExtendable { add(.horizontalEdges) }
    public var verticalEdges: ConstraintMakerExtendable { add(.verticalEdges) }
    public var directionalEdges: ConstraintMakerExtendable { add(.directionalEdges) }
    public var directionalHorizontalEdges: ConstraintMakerExtendable { add(.directionalHorizontalEdges) }
    public var directionalVerticalEdges: ConstraintMakerExtendable { add(.directionalVerticalEdges) }
    public var size: ConstraintMakerExtendable { add(.size) }
    // No `center` here: SnapKit's chain continuation lacks it too (docs/semantics.md §1.2).
    public var margins: ConstraintMakerExtendable { add(.margins) }
    public var directionalMargins: ConstraintMakerExtendable { add(.directionalMargins) }
    public var centerWithinMargins: ConstraintMakerExtendable { add(.centerWithinMargins) }
}
