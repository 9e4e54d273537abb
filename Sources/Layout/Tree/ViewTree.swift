import Cassowary

/// The views of one layout: a forest (several roots are allowed), kept in the client's
/// order because every answer lists frames in that order.
///
/// A value type on purpose: a batch that fails is rolled back by restoring a copy.
struct ViewTree {
    /// The nodes, in insertion order (parents before children), compacted on removal;
    /// `slots` finds a node by id. Hot paths read fields in place (`storage[slot].depth`)
    /// instead of copying whole nodes out of a dictionary.
    private(set) var storage: [ViewNode] = []
    private(set) var slots: [String: Int] = [:]
    /// View ids in answer order: document order, then views added by later edits.
    private(set) var order: [String] = []
    /// The frame variables of `order`, index by index: answers read every frame on every
    /// edit, and this spares them a hash lookup per view.
    private(set) var orderedVariables: [FrameVariables] = []
    /// Views of the request being checked that could not be placed because of errors already
    /// reported (a misspelled superview, a broken view entry): naming them is not a further
    /// error, so one mistake is reported once, not with its consequences. Empty otherwise.
    var unplaced: Set<String> = []
    /// How many implicit layout constraints the nodes' solver entries stand for.
    private(set) var entryCount = 0

    subscript(id: String) -> ViewNode? { slots[id].map { storage[$0] } }
    var count: Int { order.count }
    func contains(_ id: String) -> Bool { slots[id] != nil }
    /// The slot of a view in `storage`.
    func slot(_ id: String) -> Int? { slots[id] }

    mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(storage.count + count)
        slots.reserveCapacity(slots.count + count)
        order.reserveCapacity(order.count + count)
        orderedVariables.reserveCapacity(orderedVariables.count + count)
    }

    /// Adds a node whose id is new (ids are checked before insertion) and whose superview
    /// (if any) is already present.
    mutating func insert(_ node: ViewNode) {
        append(node, parentSlot: node.superview.flatMap { slots[$0] })
    }

    /// Adds a node whose id is new, under the node in `parentSlot` (nil for a root).
    mutating func append(_ node: consuming ViewNode, parentSlot: Int?) {
        _ = appendIfNew(node, parentSlot: parentSlot)
    }

    /// `append`, for a node whose id may be there already: false, and the tree is no longer
    /// consistent (only for a lean build, which then stops and leaves it), if it is. The id is
    /// hashed once, where a check before `append` hashed it twice. `listsChild`: false for a
    /// lean build's tree, which is answered and dropped, never edited: the subview lists only
    /// edits read (`subtrees`) are left out (growing them was an allocation or two per parent).
    mutating func appendIfNew(_ node: consuming ViewNode, parentSlot: Int?, listsChild: Bool = true) -> Bool {
        guard slots.updateValue(storage.count, forKey: node.id) == nil else { return false }
        if let p = parentSlot {
            if listsChild { storage[p].children.append(node.id) }
            node.parentSlot = Int32(truncatingIfNeeded: p)
        }
        order.append(node.id)
        orderedVariables.append(node.variables)
        storage.append(node)
        return true
    }

    /// Puts the last `count` ids of `order` in the order `rank` gives them: views are
    /// inserted parents-first, but answers list them as the client did.
    mutating func arrangeLast(_ count: Int, by rank: [String: Int]) {
        guard count > 1, count <= order.count else { return }
        let start = order.count - count
        let tail = order[start...].indices.sorted { (rank[order[$0]] ?? 0) < (rank[order[$1]] ?? 0) }
        let ids = tail.map { order[$0] }, variables = tail.map { orderedVariables[$0] }
        order.replaceSubrange(start..., with: ids)
        orderedVariables.replaceSubrange(start..., with: variables)
    }

    /// The given views and everything below them.
    func subtrees(of ids: [String]) -> Set<String> {
        var found = Set<String>()
        var stack = ids.filter { slots[$0] != nil }
        while let id = stack.popLast() {
            guard found.insert(id).inserted, let s = slots[id] else { continue }
            stack.append(contentsOf: storage[s].children)
        }
        return found
    }

    /// Removes views (each id together with its whole subtree) and returns every removed id.
    @discardableResult
    mutating func remove(subtreesOf ids: [String]) -> Set<String> {
        let removed = subtrees(of: ids)
        for id in removed {
            if let s = slots[id], let parent = storage[s].superview, !removed.contains(parent), let p = slots[parent] {
                storage[p].children.removeAll { $0 == id }
            }
        }
        for id in removed {  // nothing to count: uninstalled first
            if let s = slots[id] { entryCount -= storage[s].implicit.reduce(0) { $0 + $1.weight } }
        }
        storage.removeAll { removed.contains($0.id) }
        slots.removeAll(keepingCapacity: true)
        for (s, node) in storage.enumerated() { slots[node.id] = s }
        for s in storage.indices {
            storage[s].parentSlot = storage[s].superview.flatMap { slots[$0] }.map { Int32(truncatingIfNeeded: $0) } ?? -1
        }
        let kept = order.indices.filter { !removed.contains(order[$0]) }
        order = kept.map { order[$0] }
        orderedVariables = kept.map { orderedVariables[$0] }
        return removed
    }

    /// Gives back spare capacity (a kept layout): exact-size arrays, the index rebuilt
    /// for its count.
    mutating func compact() {
        storage = storage.exactCopy()
        for s in storage.indices where storage[s].children.capacity > storage[s].children.count {
            storage[s].children = storage[s].children.exactCopy()
        }
        order = order.exactCopy()
        orderedVariables = orderedVariables.exactCopy()
        var index = [String: Int](minimumCapacity: slots.count)
        for (id, s) in slots { index[id] = s }
        slots = index
    }

    /// The slot of view `id`: `hint` when the view is kept there (a slot the caller resolved
    /// before, or its place in the document), else looked up by its id. The hot paths of
    /// `setFrame` and of a warm one-shot change several constants of one view: one look-up.
    @inline(__always) func slot(_ id: String, hint: Int) -> Int? {
        if hint >= 0 && hint < storage.count && storage[hint].id == id { return hint }
        return slots[id]
    }

    /// Records a new fixed frame (setFrame) so the current document shows it.
    mutating func setFrame(_ frame: Rect?, location: RequestLocation?, of id: String, hint: Int = -1) {
        guard let s = slot(id, hint: hint) else { return }
        storage[s].stored.frame = frame
        storage[s].stored.frameLocation = location
    }

    /// The solver entry of one implicit constraint (`ConstraintKey.implicitIndex`) of a view.
    func entry(view id: String, hint: Int = -1, index: UInt8) -> SolverEntry? {
        implicitPlace(view: id, hint: hint, index: index).map { self[$0] }
    }

    /// Where an implicit entry lives: its view's slot and its position among the view's.
    struct ImplicitPlace {
        let slot: Int, position: Int
    }

    /// Where view `id` keeps implicit entry `index`, if it has one.
    func implicitPlace(view id: String, hint: Int = -1, index: UInt8) -> ImplicitPlace? {
        slot(id, hint: hint).flatMap { implicitPlace(slot: $0, index: index) }
    }

    /// Where the view in `slot` keeps implicit entry `index`, if it has one.
    func implicitPlace(slot s: Int, index: UInt8) -> ImplicitPlace? {
        guard storage.indices.contains(s), let p = storage[s].implicit.firstIndex(where: { $0.index == index }) else { return nil }
        return ImplicitPlace(slot: s, position: p)
    }

    /// The id of the view in `slot`, if there is one.
    func id(slot s: Int) -> String? { storage.indices.contains(s) ? storage[s].id : nil }

    subscript(_ place: ImplicitPlace) -> SolverEntry { storage[place.slot].implicit[place.position].entry }

    /// The current constant of the entry at `place`, and whether it is broken: read in place,
    /// without copying the entry (its constraint and conflict, two reference counts).
    func constantAndBroken(at place: ImplicitPlace) -> (constant: Double, isBroken: Bool) {
        let entry = storage[place.slot].implicit[place.position].entry
        return (entry.constant, entry.conflict != nil)
    }

    mutating func setConstant(_ constant: Double, at place: ImplicitPlace) {
        storage[place.slot].implicit[place.position].entry.constant = constant
    }

    /// Sets the current constant of an implicit entry in place (the hot path of `setFrame`).
    /// False if there is no such entry.
    @discardableResult
    mutating func setEntryConstant(_ constant: Double, view id: String, hint: Int = -1, index: UInt8) -> Bool {
        guard let place = implicitPlace(view: id, hint: hint, index: index) else { return false }
        setConstant(constant, at: place)
        return true
    }

    /// Quietly does nothing for a view that is not there: a rollback step may run before
    /// the tree copy that brings it back is restored.
    mutating func setEntry(_ entry: SolverEntry?, view id: String, index: UInt8) {
        guard let s = slots[id] else { return }
        let position = storage[s].implicit.firstIndex { $0.index == index }
        switch (position, entry) {
        case (let p?, let entry?):
            entryCount -= storage[s].implicit[p].weight
            storage[s].implicit[p].entry = entry
            entryCount += storage[s].implicit[p].weight
        case (let p?, nil):
            entryCount -= storage[s].implicit.remove(at: p).weight
        case (nil, let entry?):
            let new = ImplicitEntry(index: index, entry: entry)
            storage[s].implicit.append(new)
            entryCount += new.weight
        case (nil, nil):
            break
        }
    }

    func forEachEntry(_ body: (ConstraintKey, SolverEntry) -> Void) {
        for node in storage {
            for e in node.implicit {
                if let key = ConstraintKey.implicit(view: node.id, index: e.index) { body(key, e.entry) }
            }
        }
    }

    /// Gives every node new variables (made in node order) and drops its implicit
    /// entries, for a layout moving to a new solver. Returns the new variable of each old
    /// one, by the old one's id.
    mutating func rebind(_ make: () -> FrameVariables) -> [Int: Variable] {
        var map: [Int: Variable] = [:]
        map.reserveCapacity(4 * storage.count)
        for s in storage.indices {
            let fresh = make()
            for (old, new) in zip(storage[s].variables.all, fresh.all) { map[old.id] = new }
            storage[s].variables = fresh
            storage[s].implicit = []
        }
        entryCount = 0
        orderedVariables = order.compactMap { id in slots[id].map { storage[$0].variables } }
        return map
    }

    /// Each view's position in the order a document listing the views in answer order
    /// installs them: down the list, each view after its superviews (as `validateNewViews`
    /// places them).
    func documentRank() -> [String: Int] {
        var rank: [String: Int] = [:]
        rank.reserveCapacity(order.count)
        var path: [String] = []
        for id in order where rank[id] == nil {
            path.removeAll(keepingCapacity: true)
            var current: String? = id
            while let v = current, rank[v] == nil, !path.contains(v) {
                path.append(v)
                current = slots[v].flatMap { storage[$0].superview }
            }
            for v in path.reversed() { rank[v] = rank.count }
        }
        return rank
    }

    /// The superview of an item's view, as an item with its slot (nil for a root or an
    /// unknown item): found by slots, so a lean build, which keeps no index of names, can ask.
    func superviewItem(of item: ItemRef) -> ItemRef? {
        guard let s = slot(of: item) else { return nil }
        let p = Int(storage[s].parentSlot)
        guard p >= 0, p < storage.count else { return nil }
        return ItemRef(view: storage[p].id, slot: p)
    }

    /// Does this item (a view, or one of a view's implicit guides) exist?
    func contains(_ item: ItemRef) -> Bool { slot(of: item) != nil }

    /// The slot of an item's view: its hint when the hint still names that view (a string
    /// comparison, usually of identical storage), else a lookup.
    @inline(__always) func slot(of item: ItemRef) -> Int? { slot(item.view, hint: Int(item.slotHint.value)) }

    /// Marks the views of `specs` that did not make it into the tree as `unplaced`.
    mutating func markUnplaced(_ specs: [ViewSpec]) {
        for spec in specs where !contains(spec.id) { unplaced.insert(spec.id) }
    }

    /// "Did you mean" searches left for the request being checked (see `Suggestion.Allowance`).
    let suggestions = Suggestion.Allowance()

    /// The tail of an unknown-view message: the likely intended view, if one is close.
    func viewHint(_ name: String) -> String { suggestions.take() ? Suggestion.hint(for: name, among: order) : "" }
}
