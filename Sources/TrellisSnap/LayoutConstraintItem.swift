import Foundation

/// What constraints can belong to (SnapKit's `LayoutConstraintItem`): a view or a layout
/// guide. Each keeps SnapKit's registry of the constraints activated through `snp` whose
/// first item it is, and the misuses SnapKit would trap on, which the next `layout()`
/// throws instead.
open class LayoutConstraintItem {
    /// The item's id in the layout document: given, or `v1`, `v2`, ... (`g1`, ... for guides).
    public let id: String
    /// SnapKit's registry, in activation order (SnapKit's is a set; an order makes
    /// `updateConstraints` deterministic when several constraints match).
    var installed: [Constraint] = []
    /// Misuses found by the DSL (SnapKit would trap), reported by the next `layout()`.
    var issues: [TrellisLayoutProblem] = []
    /// `snp.setLabel(_:)`: shown in the conflict log like SnapKit's view labels.
    var snpLabel: String?

    init(itemID: String) {
        self.id = itemID
    }

    /// The superview of a view, the owning view of a guide: what a constant target and
    /// `equalToSuperview()` relate to.
    var parentView: TrellisView? { nil }

    /// The view whose tree this item belongs to (itself for a view, the owner for a guide).
    var hostView: TrellisView? { nil }

    /// How constraints name the item in the document (`card`, `card.safeAreaLayoutGuide`).
    var wireName: String { id }

    /// Whether the item prepares like a view: making constraints turns off
    /// translatesAutoresizingMaskIntoConstraints (docs/semantics.md §9.5).
    func prepareForConstraints() {}

    func register(_ constraint: Constraint) {
        if !installed.contains(where: { $0 === constraint }) { installed.append(constraint) }
    }

    func unregister(_ constraint: Constraint) {
        installed.removeAll { $0 === constraint }
    }

    func record(_ code: String, _ message: String, source: TrellisSourceLocation?) {
        issues.append(TrellisLayoutProblem(code: code, message: message, source: source, pointer: nil,
                                           viewID: id, constraintID: nil))
    }
}

/// Ids handed out to views and guides made without one; process-wide, so two trees never
/// share an automatic id.
final class Serial: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }

    static let views = Serial()
    static let guides = Serial()
    /// Activation order of constraints across every tree (activation counts as adding).
    static let activations = Serial()
}

/// A layout guide (UIKit's `UILayoutGuide`): an invisible rectangle owned by a view. Added
/// with `addLayoutGuide(_:)` it is a document view of kind `guide`; a view's
/// `safeAreaLayoutGuide` and `layoutMarginsGuide` are the document's implicit guides.
open class TrellisLayoutGuide: LayoutConstraintItem {
    enum Implicit { case safeArea, margins }

    /// The view the guide belongs to (set by `addLayoutGuide`).
    public internal(set) weak var owningView: TrellisView?
    /// The guide's rectangle in the owning view's coordinates, filled by `layout()`.
    public internal(set) var layoutFrame: CGRect = .zero
    let implicit: Implicit?

    public init(id: String? = nil) {
        implicit = nil
        super.init(itemID: id ?? "g\(Serial.guides.next())")
    }

    init(implicit kind: Implicit, of view: TrellisView) {
        implicit = kind
        super.init(itemID: view.id + (kind == .safeArea ? ".safeAreaLayoutGuide" : ".layoutMarginsGuide"))
        owningView = view
    }

    /// UIKit's name for the guide's label; here the document id.
    public var identifier: String { id }

    public var snp: ConstraintLayoutGuideDSL { ConstraintLayoutGuideDSL(guide: self) }

    override var parentView: TrellisView? {
        // An implicit guide's constant targets relate to its view, whose guide it is.
        owningView
    }

    override var hostView: TrellisView? { owningView }

}
