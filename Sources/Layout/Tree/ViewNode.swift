import Cassowary

/// The four solver variables of one view or layout guide: its frame relative to its
/// superview (docs/semantics.md §9.6). Keeping frames relative makes a superview's move a
/// single-variable change and lets constraints be evaluated in any ancestor's space.
struct FrameVariables: Equatable {
    let x, y, width, height: Variable

    /// Unnamed: solver names are for debugging only, and four strings per view cost every
    /// build time and every session memory. Diagnostics name views from the tree.
    init(solver: Solver) {
        let block = solver.makeVariables(4)
        x = block[0]
        y = block[1]
        width = block[2]
        height = block[3]
    }

    var all: [Variable] { [x, y, width, height] }
}

/// One view (or explicit layout guide) of the tree, with everything the geometry needs
/// already resolved: margins are physical (directional margins turned by the layout
/// direction) and guides carry no margins, as UIKit's layout guides have none.
struct ViewNode {
    /// The view as the client described it (compactly; `spec` gives it back whole);
    /// `frame` follows `setFrame` edits so that the current document can be handed back.
    var stored: StoredViewSpec
    /// Changed only when the layout moves to a new solver (`LiveLayout.rebuildSolver`).
    var variables: FrameVariables
    /// Distance from the root (a root has depth 0); used to find common ancestors.
    let depth: Int
    /// The superview's slot in the tree's storage (-1 for a root), kept by the tree.
    var parentSlot: Int32 = -1
    /// Ids of the direct subviews and guides, in insertion order.
    var children: [String] = []
    /// The solver entries of its implicit constraints (frame, intrinsic size), at most 8.
    var implicit: [ImplicitEntry] = []
}

extension ViewNode {
    var spec: ViewSpec { stored.spec }
    var id: String { stored.id }
    var superview: String? { stored.superview }
    var isGuide: Bool { stored.isGuide }
    /// layoutMargins, physical sides.
    var margins: EdgeInsets { stored.margins }
    var safeArea: EdgeInsets { stored.safeArea }

    // Made by `reading(at:...)` with the memberwise initializer (kept by writing the others
    // in this extension), as one value (see `StoredViewSpec.reading`).
    init(spec: ViewSpec, variables: FrameVariables, depth: Int, direction: LayoutDirection) {
        self = withUnsafePointer(to: spec) { ViewNode.reading(at: $0, variables: variables, depth: depth, direction: direction) }
    }

    /// The view of the spec at `spec`, read where it stands (`StoredViewSpec.reading(at:direction:)`).
    @inline(__always)
    static func reading(at spec: UnsafePointer<ViewSpec>, variables: FrameVariables, depth: Int, direction: LayoutDirection) -> ViewNode {
        ViewNode(stored: .reading(at: spec, direction: direction), variables: variables, depth: depth)
    }
}

extension EdgeInsets {
    static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension InsetsSpec {
    /// Physical insets: directional leading/trailing are the left/right sides in LTR and
    /// the right/left sides in RTL (UIKit `directionalLayoutMargins`, docs/semantics.md §7.1).
    func physical(_ direction: LayoutDirection) -> EdgeInsets {
        switch self {
        case .physical(let insets):
            return insets
        case .directional(let d):
            switch direction {
            case .ltr: return EdgeInsets(top: d.top, left: d.leading, bottom: d.bottom, right: d.trailing)
            case .rtl: return EdgeInsets(top: d.top, left: d.trailing, bottom: d.bottom, right: d.leading)
            }
        }
    }
}
