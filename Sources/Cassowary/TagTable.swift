/// The solver's record of its installed constraints, found through a slot index kept in
/// the constraint itself: a constant change or a suggest then costs no hashing.
///
/// The table holds each installed constraint in `holders`, beside its tag: a `Tag` itself
/// holds no reference, so the many short-lived copies of a tag that an add makes cost no
/// atomic operations.
struct TagTable {
    /// By slot: the tag (stale in a free slot). Not optional: a tag has no spare bit
    /// pattern for nil, so an optional one would take 48 bytes instead of 40.
    private var slots: [Solver.Tag] = []
    /// By slot: the constraint whose tag is there; nil marks a free slot.
    private var holders: [Constraint?] = []
    private var free: [Int32] = []
    private(set) var count = 0
    /// Identifies the table the slots belong to: a constraint installed elsewhere is unknown here.
    private let token: Token
    private final class Token {}
    /// The token's identity, taken once: reading it from the token on every look-up
    /// retained and released the token each time.
    let owner: ObjectIdentifier

    init() {
        token = Token()
        owner = ObjectIdentifier(token)
    }

    /// The slot of `c` if `c` is installed here (identity read in place, no reference counting).
    @inline(__always) private func slot(of c: Constraint) -> Int? {
        guard c.tagOwner == owner, c.tagSlot >= 0, Int(c.tagSlot) < holders.count else { return nil }
        let i = Int(c.tagSlot)
        return holders.withUnsafeBufferPointer { $0[i] === c } ? i : nil
    }

    subscript(_ c: Constraint) -> Solver.Tag? {
        get {
            guard let i = slot(of: c) else { return nil }
            return slots[i]
        }
        set {
            if let tag = newValue {
                if let i = slot(of: c) {
                    slots[i] = tag
                    return
                }
                let slot: Int32
                if let f = free.popLast() {
                    slot = f; slots[Int(f)] = tag; holders[Int(f)] = c
                } else {
                    slot = Int32(slots.count)
                    slots.append(tag)
                    holders.append(c)
                }
                c.tagOwner = owner
                c.tagSlot = slot
                count += 1
            } else {
                _ = remove(c)
            }
        }
    }

    /// Whether `c` is installed here.
    func contains(_ c: Constraint) -> Bool { slot(of: c) != nil }

    /// Records a new constant in place (no copy of the record out and back).
    mutating func setConstant(_ c: Constraint, _ value: Double) {
        guard let i = slot(of: c) else { return }
        slots[i].constant = value
    }

    /// Records new objective levels in place (`Solver.setPriority`).
    mutating func setLevels(_ c: Constraint, _ level: Int32, _ otherLevel: Int32) {
        guard let i = slot(of: c) else { return }
        slots[i].level = level
        slots[i].otherLevel = otherLevel
    }

    /// Takes `c` out (one look-up); its tag, or nil if it was not here.
    mutating func remove(_ c: Constraint) -> Solver.Tag? {
        guard let i = slot(of: c) else { return nil }
        holders[i] = nil
        free.append(Int32(i))
        c.tagSlot = -1
        c.tagOwner = nil
        count -= 1
        return slots[i]
    }

    /// Whether `c` is installed in some other solver.
    func isForeign(_ c: Constraint) -> Bool { c.tagOwner != nil && c.tagOwner != owner }

    /// Every installed constraint with its tag, in slot order.
    var all: [(constraint: Constraint, tag: Solver.Tag)] {
        zip(holders, slots).compactMap { c, tag in c.map { ($0, tag) } }
    }

    mutating func reserveCapacity(_ count: Int) { slots.reserveCapacity(count); holders.reserveCapacity(count) }

    /// Empty, keeping its storage (see `Solver.reset`). A constraint installed before still
    /// names this table and a slot, but a slot's record is its own only if it holds that
    /// very constraint, which every look-up checks.
    mutating func reset() {
        slots.emptyKeepingCapacity()
        holders.emptyKeepingCapacity()
        free.emptyKeepingCapacity()
        count = 0
    }

    /// Exact-size storage (see `Solver.compact`).
    mutating func compact() {
        slots = exactCopy(slots)
        holders = exactCopy(holders)
        free = exactCopy(free)
    }
}

/// Edit constraints by variable id.
struct EditTable {
    private var byVariable: [Constraint?] = []

    mutating func reset() { byVariable.emptyKeepingCapacity() }
    mutating func compact() { byVariable = exactCopy(byVariable) }

    subscript(_ v: Variable) -> Constraint? {
        get { v.id >= 0 && v.id < byVariable.count ? byVariable[v.id] : nil }
        set {
            guard v.id >= 0 else { return }
            while byVariable.count <= v.id { byVariable.append(nil) }
            byVariable[v.id] = newValue
        }
    }

    mutating func remove(_ v: Variable) -> Constraint? {
        let c = self[v]
        self[v] = nil
        return c
    }
}
