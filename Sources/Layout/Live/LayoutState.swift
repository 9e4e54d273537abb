/// Everything a live layout knows besides the solver. Tree and registry are restored
/// wholesale when a structural edit fails (cheap: copy-on-write); constraint entries are
/// only ever changed through `setEntry`, which the undo log mirrors step by step, so the
/// hot path (update, setFrame) never copies anything proportional to the layout.
struct LayoutState {
    let direction: LayoutDirection
    var tree = ViewTree()
    var registry = Registry()
    private(set) var entries: [ConstraintKey: SolverEntry] = [:]
    /// Keys of the broken entries (kept in step with `entries`).
    private(set) var broken: Set<ConstraintKey> = []
    var nextSeq = 0
    var revision = 0

    init(direction: LayoutDirection) { self.direction = direction }

    /// Room for a document of this size: a few implicit constraints per view, a couple
    /// of expanded ones per description.
    mutating func reserveCapacity(views: Int, constraints: Int) {
        entries.reserveCapacity(entries.count + 2 * views + 2 * constraints)
        registry.reserveCapacity(constraints)
        tree.reserveCapacity(views)
    }

    /// Gives back the spare capacity building left (a kept layout: a session).
    mutating func compact() {
        registry.compact()
    }

    mutating func setEntry(_ entry: SolverEntry?, for key: ConstraintKey) {
        entries[key] = entry
        if entry?.isBroken == true { broken.insert(key) } else if !broken.isEmpty { broken.remove(key) }
    }

    var compiler: ConstraintCompiler { ConstraintCompiler(tree: tree, direction: direction) }
    var linearizer: Linearizer { Linearizer(tree: tree, direction: direction) }
}
