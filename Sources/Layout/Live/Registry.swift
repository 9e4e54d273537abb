/// One installed SnapKit description (a SnapKit `Constraint`): the spec as the client
/// wrote it and the layout constraints it expanded to, with their current constants.
struct InstalledDescription {
    let id: String
    /// Its place in add order; activation makes it the newest (`Registry.makeNewest`).
    var seq: Int
    /// The item whose registry holds it (SnapKit's from item).
    let first: ItemRef
    /// As written (compactly; `spec` gives it back whole), or as an `update` of every
    /// member restated it.
    var stored: StoredSpec
    /// The layout constraints it expanded to, each with its solver entry.
    var expanded: [ExpandedConstraint]
    /// An `update` changed its constant, so the spec no longer says what is installed: the
    /// document then shows it as its expanded constraint, under the same id. (Only a
    /// description of one constraint stays edited: an update of every member of a
    /// composite restates its spec, one of some members splits it; see `restate`.)
    var edited = false
    /// Enforced (its expanded constraints have solver entries), or kept without them
    /// (`"active": false`, `deactivate`).
    var active = true

    init(id: String, seq: Int, first: ItemRef, spec: ConstraintSpec, expanded: [CompiledConstraint],
         group: GroupMember? = nil) {
        self.id = id; self.seq = seq; self.first = first; stored = StoredSpec(spec, group: group)
        self.expanded = expanded.map { ExpandedConstraint(compiled: $0, entry: nil) }
        active = spec.active
    }

    /// One member of a split composite.
    init(id: String, seq: Int, first: ItemRef, stored: StoredSpec, member: ExpandedConstraint, active: Bool) {
        self.id = id; self.seq = seq; self.first = first; self.stored = stored
        expanded = [member]
        self.active = active
    }

    /// As written, with `id` and `first` filled in.
    var spec: ConstraintSpec {
        var spec = stored.spec(id: id, first: first)
        spec.active = active
        return spec
    }

    var keys: [ConstraintKey] { expanded.map { .user(id: id, attribute: $0.compiled.firstAttribute) } }
    var compiled: [CompiledConstraint] { expanded.map(\.compiled) }

    func position(of attribute: Attribute) -> Int? {
        expanded.firstIndex { $0.compiled.firstAttribute == attribute }
    }

    mutating func setEntryConstant(_ constant: Double, attribute: Attribute) -> Bool {
        guard let p = position(of: attribute), expanded[p].entry != nil else { return false }
        expanded[p].entry?.constant = constant
        return true
    }
}

/// SnapKit's per-item registry (docs/semantics.md §6.1), plus the ids of docs/api.md §2.
///
/// Descriptions sit in a dense array (a removed one leaves a hole the next insert fills)
/// with a small id -> slot index: a dictionary holding whole descriptions would spend
/// a description's size on every one of its (power-of-two, 3/4 full at most) buckets.
struct Registry {
    private var slots: ContiguousArray<InstalledDescription?> = []
    /// Holes in `slots`, reused before the array grows.
    private var free: [Int32] = []
    private var index: [String: Int32] = [:]
    /// Ids of the descriptions whose first item is the key, in installation order.
    private(set) var byFirstItem: [ItemRef: [String]] = [:]
    private var names = ConstraintNames()
    /// Entries that made several constraints of their own (distribute, VFL), by id, and how
    /// many each made, `ID.1` to `ID.n`.
    private(set) var groups: [String: Int] = [:]
    /// How many solver entries the descriptions hold.
    private(set) var entryCount = 0

    subscript(id: String) -> InstalledDescription? { index[id].flatMap { slots[Int($0)] } }
    var count: Int { index.count }

    /// The ids of the descriptions no distribute entry or VFL line made, in slot order: a
    /// fresh build's plain constraints in document order (`WarmLayout`).
    var ungroupedIDsInOrder: [String] { slots.compactMap { $0?.stored.group == nil ? $0?.id : nil } }

    func ids(firstItem: ItemRef) -> [String] { byFirstItem[firstItem] ?? [] }

    /// Whether the item has an active description (SnapKit's installed constraints of an item;
    /// the first one nearly always is).
    func hasActive(firstItem: ItemRef) -> Bool { ids(firstItem: firstItem).contains { self[$0]?.active == true } }

    /// Marks a description active or not (its entries are the caller's business).
    mutating func setActive(_ active: Bool, id: String) {
        guard let slot = index[id].map(Int.init) else { return }
        slots[slot]?.active = active
    }

    /// Makes a description the newest in add order: `seq`, and last among its item's.
    mutating func makeNewest(id: String, seq: Int) {
        guard let slot = index[id].map(Int.init), let first = slots[slot]?.first else { return }
        slots[slot]?.seq = seq
        byFirstItem[first]?.removeAll { $0 == id }
        byFirstItem[first, default: []].append(id)
    }

    /// The id the next constraint gets: the given one, or `c<k>`.
    mutating func nextId(given: String?) -> String { names.next(given: given) }

    /// How ids are handed out from here on (for a checkpoint).
    var nameState: ConstraintNames {
        get { names }
        set { names = newValue }
    }

    /// Room for `count` more descriptions (a document's) whose first items are among `items`
    /// more views, so building one does not rehash (the by-item table grown as it went
    /// rehashed eight times for 100 views).
    mutating func reserveCapacity(_ count: Int, items: Int) {
        slots.reserveCapacity(slots.count + count)
        index.reserveCapacity(index.count + count)
        byFirstItem.reserveCapacity(byFirstItem.count + items)
    }

    /// The constraints of group entry `id` (distribute, VFL) that are still there, in its
    /// order; nil when `id` names no such entry, or none of its constraints is left.
    func groupMembers(_ id: String) -> [String]? {
        guard let count = groups[id] else { return nil }
        let ids = (1...max(1, count)).map { "\(id).\($0)" }.filter { index[$0] != nil }
        return ids.isEmpty ? nil : ids
    }

    /// The ids an op names, with each group entry's id replaced by its constraints' ids.
    func expandingGroups(_ ids: [String]) -> [String] {
        guard !groups.isEmpty else { return ids }
        return ids.flatMap { id in self[id] == nil ? groupMembers(id) ?? [id] : [id] }
    }

    mutating func insert(_ description: InstalledDescription) {
        if let group = description.stored.group { groups[group.entryID] = group.count }
        if let old = index[description.id] { _ = remove(id: description.id, slot: old) }  // not reached: ids are checked
        store(description)
        byFirstItem[description.first, default: []].append(description.id)
    }

    /// Puts a description in a free slot (or a new one) and indexes its id.
    private mutating func store(_ description: InstalledDescription) {
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            slots[Int(slot)] = description
        } else {
            slot = Int32(truncatingIfNeeded: slots.count)
            slots.append(description)
        }
        index[description.id] = slot
    }

    @discardableResult
    mutating func remove(id: String) -> InstalledDescription? {
        guard let slot = index[id] else { return nil }
        return remove(id: id, slot: slot)
    }

    private mutating func remove(id: String, slot: Int32) -> InstalledDescription? {
        guard let description = slots[Int(slot)] else { return nil }
        slots[Int(slot)] = nil
        entryCount -= description.expanded.count { $0.entry != nil }  // none: unregister uninstalls first
        free.append(slot)
        index[id] = nil
        let first = description.first
        byFirstItem[first]?.removeAll { $0 == id }
        if byFirstItem[first]?.isEmpty == true { byFirstItem[first] = nil }
        return description
    }

    /// Gives a description a new spec (an update of all its members, restated), which says
    /// what is installed again.
    mutating func restate(id: String, as stored: StoredSpec) {
        guard let slot = index[id].map(Int.init) else { return }
        slots[slot]?.stored = stored
        slots[slot]?.edited = false
    }

    /// Marks a description's spec as no longer saying what is installed (undoing `restate`).
    mutating func markEdited(id: String) {
        guard let slot = index[id].map(Int.init) else { return }
        slots[slot]?.edited = true
    }

    /// Replaces a description of several constraints by one description per constraint,
    /// under `ids` (in expansion order), in its place in every order, entries and all.
    mutating func split(id: String, into ids: [String]) {
        guard let slot = index[id], let description = slots[Int(slot)], ids.count == description.expanded.count
        else { return }
        slots[Int(slot)] = nil
        free.append(slot)
        index[id] = nil
        for (k, member) in description.expanded.enumerated() {
            store(InstalledDescription(id: ids[k], seq: description.seq + k, first: description.first,
                                       stored: StoredSpec(description.memberSpec(k, id: ids[k])), member: member,
                                       active: description.active))
        }
        if var list = byFirstItem[description.first], let p = list.firstIndex(of: id) {
            list.replaceSubrange(p...p, with: ids)
            byFirstItem[description.first] = list
        }
    }

    /// The position of the expanded constraint of description `id` that `constraint` would
    /// update (docs/semantics.md §6.3's key), read in place.
    /// Inactive descriptions match nothing: `update` edits installed constraints only.
    func position(id: String, updating constraint: CompiledConstraint) -> Int? {
        guard let slot = index[id].map(Int.init), slots[slot]?.active == true else { return nil }
        return slots[slot]?.expanded.firstIndex { $0.compiled.hasSameUpdateKey(as: constraint) }
    }

    /// One expanded constraint of a description, whether an `update` edited it, and how
    /// many constraints the description has.
    func expanded(id: String, index position: Int) -> (CompiledConstraint, edited: Bool, members: Int)? {
        guard let slot = index[id].map(Int.init), let description = slots[slot],
              description.expanded.indices.contains(position) else { return nil }
        return (description.expanded[position].compiled, description.edited, description.expanded.count)
    }

    /// Sets the constant of one expanded constraint (an `update`).
    mutating func setConstant(_ constant: Double, id: String, index position: Int, edited: Bool) {
        guard let slot = index[id].map(Int.init), slots[slot]?.expanded.indices.contains(position) == true
        else { return }
        slots[slot]?.expanded[position].compiled.constant = constant
        slots[slot]?.edited = edited
    }

    /// Sets the priority of one expanded constraint (a `set`).
    mutating func setPriority(_ priority: Double, id: String, index position: Int) {
        guard let slot = index[id].map(Int.init), slots[slot]?.expanded.indices.contains(position) == true
        else { return }
        slots[slot]?.expanded[position].compiled.priority = priority
    }

    /// The solver entry of a description's expanded constraint (its first attribute names it).
    func entry(id: String, attribute: Attribute) -> SolverEntry? {
        // Read where it stands: a copy of the description (its spec, ids and constraints)
        // cost a dozen reference counts, twice an `update`.
        guard let slot = index[id].map(Int.init), let position = slots[slot]?.position(of: attribute) else { return nil }
        return slots[slot]?.expanded[position].entry
    }

    /// Quietly does nothing for a description that is not there: a rollback step may
    /// run before the registry copy that brings it back is restored.
    mutating func setEntry(_ entry: SolverEntry?, id: String, attribute: Attribute) {
        guard let slot = index[id].map(Int.init), let position = slots[slot]?.position(of: attribute) else { return }
        let had = slots[slot]?.expanded[position].entry != nil
        slots[slot]?.expanded[position].entry = entry
        entryCount += (entry == nil ? 0 : 1) - (had ? 1 : 0)
    }

    /// Sets the current constant of an installed entry in place (the hot path of `update`:
    /// no copy of the description or of its entry). False if there is no such entry.
    @discardableResult
    mutating func setEntryConstant(_ constant: Double, id: String, attribute: Attribute) -> Bool {
        guard let slot = index[id].map(Int.init) else { return false }
        return slots[slot]?.setEntryConstant(constant, attribute: attribute) ?? false
    }

    /// Drops every solver entry (the descriptions stay), for a layout moving to a new solver.
    mutating func clearEntries() {
        for s in slots.indices {
            guard let count = slots[s]?.expanded.count else { continue }
            for e in 0..<count { slots[s]?.expanded[e].entry = nil }
        }
        entryCount = 0
    }

    func forEachEntry(_ body: (ConstraintKey, SolverEntry) -> Void) {
        for case let description? in slots {
            for c in description.expanded {
                if let entry = c.entry { body(.user(id: description.id, attribute: c.compiled.firstAttribute), entry) }
            }
        }
    }

    /// How many entries `constraints` of the current document has (`exportedSpecs`, counted
    /// without building them).
    var exportedCount: Int {
        var n = 0
        for case let description? in slots { n += description.edited ? description.expanded.count : 1 }
        return n
    }

    /// Every description in installation order.
    var inOrder: [InstalledDescription] { slots.compactMap { $0 }.sorted { $0.seq < $1.seq } }

    /// Gives back spare capacity: exact-size arrays, the index rebuilt for its count,
    /// holes dropped (no slot number is kept outside the registry).
    mutating func compact() {
        var dense = ContiguousArray<InstalledDescription?>()
        dense.reserveCapacity(index.count)
        var newIndex = [String: Int32](minimumCapacity: index.count)
        for case let description? in slots {
            newIndex[description.id] = Int32(truncatingIfNeeded: dense.count)
            dense.append(description)
        }
        slots = dense
        index = newIndex
        free = []
        var firsts = [ItemRef: [String]](minimumCapacity: byFirstItem.count)
        for (item, ids) in byFirstItem { firsts[item] = ids.exactCopy() }
        byFirstItem = firsts
    }
}

extension Array {
    /// A copy with no spare capacity (`Array(self)` would share this buffer, spare and all).
    func exactCopy() -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}
