/// One installed SnapKit description (a SnapKit `Constraint`): the spec as the client
/// wrote it and the layout constraints it expanded to, with their current constants.
struct InstalledDescription {
    let id: String
    let seq: Int
    /// The item whose registry holds it (SnapKit's from item).
    let first: ItemRef
    /// As written, with `id` and `first` filled in.
    var spec: ConstraintSpec
    var expanded: [CompiledConstraint]
    /// An `update` changed some constants, so the spec no longer says what is installed:
    /// the document then shows the expanded constraints instead.
    var edited = false

    var keys: [ConstraintKey] { expanded.map { .user(id: id, attribute: $0.firstAttribute) } }
}

/// SnapKit's per-item registry (SEMANTICS 6.1), plus the id bookkeeping of CONTRACT
/// section 1: `c<k>` with k the ordinal among all constraints ever added, skipping names
/// already taken, never reused.
struct Registry {
    private(set) var descriptions: [String: InstalledDescription] = [:]
    /// Ids of the descriptions whose first item is the key, in installation order.
    private(set) var byFirstItem: [ItemRef: [String]] = [:]
    private var usedNames = Set<String>()
    private var ordinal = 0

    subscript(id: String) -> InstalledDescription? { descriptions[id] }
    var count: Int { descriptions.count }

    func ids(firstItem: ItemRef) -> [String] { byFirstItem[firstItem] ?? [] }

    /// The id the next constraint gets: the given one, or `c<k>`.
    mutating func nextId(given: String?) -> String {
        ordinal += 1
        if let given { usedNames.insert(given); return given }
        // Every registered id went through here, so `usedNames` covers `descriptions`.
        var k = ordinal
        var name = "c" + String(k)
        while !usedNames.insert(name).inserted { k += 1; name = "c" + String(k) }
        return name
    }

    /// Room for `count` more descriptions (a document's), so building one does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        descriptions.reserveCapacity(descriptions.count + count)
        usedNames.reserveCapacity(usedNames.count + count)
        byFirstItem.reserveCapacity(byFirstItem.count + count)
    }

    mutating func insert(_ description: InstalledDescription) {
        descriptions[description.id] = description
        byFirstItem[description.first, default: []].append(description.id)
    }

    @discardableResult
    mutating func remove(id: String) -> InstalledDescription? {
        guard let description = descriptions.removeValue(forKey: id) else { return nil }
        let first = description.first
        byFirstItem[first]?.removeAll { $0 == id }
        if byFirstItem[first]?.isEmpty == true { byFirstItem[first] = nil }
        return description
    }

    /// Sets the constant of one expanded constraint (an `update`).
    mutating func setConstant(_ constant: Double, id: String, index: Int, edited: Bool) {
        guard descriptions[id]?.expanded.indices.contains(index) == true else { return }
        descriptions[id]?.expanded[index].constant = constant
        descriptions[id]?.edited = edited
    }

    /// Every description in installation order.
    var inOrder: [InstalledDescription] { descriptions.values.sorted { $0.seq < $1.seq } }
}
