/// Everything a live layout knows besides the solver. Tree and registry are restored
/// wholesale when a structural edit fails (cheap: copy-on-write); constraint entries are
/// only ever changed through `setEntry`, which the undo log mirrors step by step, so the
/// hot path (update, setFrame) never copies anything proportional to the layout.
///
/// The entries themselves live in the registry (user constraints) and the tree (implicit
/// ones). The step-by-step undo and the wholesale restore agree: a step that runs before
/// the restore may miss its description or view (`setEntry` then does nothing to them),
/// and the restore puts back every entry as it was when the copy was taken.
struct LayoutState {
    let direction: LayoutDirection
    var tree = ViewTree()
    var registry = Registry()
    /// Keys of the broken entries (kept in step with the entries, even by a rollback step
    /// that finds its description or view gone).
    private(set) var broken: Set<ConstraintKey> = []
    var nextSeq = 0
    var revision = 0
    /// The document's VFL metrics (kept for the document a session lists).
    var metrics: [String: Double] = [:]

    init(direction: LayoutDirection) { self.direction = direction }

    /// Room for a document of this size: a few implicit constraints per view, a couple
    /// of expanded ones per description.
    mutating func reserveCapacity(views: Int, constraints: Int) {
        registry.reserveCapacity(constraints, items: views)
        tree.reserveCapacity(views)
    }

    /// Gives back the spare capacity building left (a kept layout: a session).
    mutating func compact() {
        registry.compact()
        tree.compact()
    }

    /// `viewHint`: where the tree may keep the key's view (`ViewTree.slot(_:hint:)`).
    @inline(__always) func entry(_ key: ConstraintKey, viewHint: Int = -1) -> SolverEntry? {
        switch key {
        case .user(let id, let attribute): return registry.entry(id: id, attribute: attribute)
        case .frame(let view, _), .hugging(let view, _), .compression(let view, _):
            return tree.entry(view: view, hint: viewHint, index: key.implicitIndex)
        }
    }

    mutating func setEntry(_ entry: SolverEntry?, for key: ConstraintKey) {
        switch key {
        case .user(let id, let attribute): registry.setEntry(entry, id: id, attribute: attribute)
        case .frame(let view, _), .hugging(let view, _), .compression(let view, _):
            tree.setEntry(entry, view: view, index: key.implicitIndex)
        }
        if entry?.isBroken == true { broken.insert(key) } else if !broken.isEmpty { broken.remove(key) }
    }

    /// Splits a description into one per expanded constraint (see `Registry.split`),
    /// renaming the keys of broken members.
    mutating func split(id: String, into ids: [String]) {
        guard let description = registry[id] else { return }
        for (k, member) in description.expanded.enumerated() {
            let old = ConstraintKey.user(id: id, attribute: member.compiled.firstAttribute)
            if broken.remove(old) != nil { broken.insert(.user(id: ids[k], attribute: member.compiled.firstAttribute)) }
        }
        registry.split(id: id, into: ids)
    }

    /// Puts back tree, registry and broken keys as a structural edit found them.
    mutating func restore(tree: ViewTree, registry: Registry, broken: Set<ConstraintKey>) {
        self.tree = tree
        self.registry = registry
        self.broken = broken
    }

    /// Drops every solver entry, keeping views and descriptions (a layout moving to a new
    /// solver puts them back).
    mutating func clearEntries() -> [(ConstraintKey, SolverEntry)] {
        var entries: [(ConstraintKey, SolverEntry)] = []
        forEachEntry { entries.append(($0, $1)) }
        registry.clearEntries()
        broken = []
        return entries
    }

    /// Changes only the current constant of an entry (which stays active or broken as it
    /// was): no copy of the entry, and the broken set is untouched.
    @discardableResult
    mutating func setEntryConstant(_ constant: Double, for key: ConstraintKey, viewHint: Int = -1) -> Bool {
        switch key {
        case .user(let id, let attribute): return registry.setEntryConstant(constant, id: id, attribute: attribute)
        case .frame(let view, _), .hugging(let view, _), .compression(let view, _):
            return tree.setEntryConstant(constant, view: view, hint: viewHint, index: key.implicitIndex)
        }
    }

    /// The layout constraints the layout owns (`stats.constraints`): one per solver
    /// constraint, but two for a hugging and compression resistance pair held as one.
    var entryCount: Int { registry.entryCount + tree.entryCount }

    func forEachEntry(_ body: (ConstraintKey, SolverEntry) -> Void) {
        tree.forEachEntry(body)
        registry.forEachEntry(body)
    }

    var entryKeys: [ConstraintKey] {
        var keys: [ConstraintKey] = []
        forEachEntry { key, _ in keys.append(key) }
        return keys
    }

    var compiler: ConstraintCompiler { ConstraintCompiler(tree: tree, direction: direction) }
    var linearizer: Linearizer { Linearizer(tree: tree, direction: direction) }
}
