/// The solver's record of its installed constraints, found through a slot index kept in
/// the constraint itself: a constant change or a suggest then costs no hashing.
struct TagTable {
    private var slots: [Solver.Tag?] = []
    private var free: [Int32] = []
    private(set) var count = 0
    /// Identifies the table the slots belong to: a constraint installed elsewhere is unknown here.
    private let token = Token()
    private final class Token {}
    var owner: ObjectIdentifier { ObjectIdentifier(token) }

    subscript(_ c: Constraint) -> Solver.Tag? {
        get {
            guard c.tagOwner == owner, c.tagSlot >= 0, Int(c.tagSlot) < slots.count,
                  let tag = slots[Int(c.tagSlot)], tag.constraint === c else { return nil }
            return tag
        }
        set {
            if let tag = newValue {
                if c.tagOwner == owner, c.tagSlot >= 0, Int(c.tagSlot) < slots.count, slots[Int(c.tagSlot)]?.constraint === c {
                    slots[Int(c.tagSlot)] = tag
                    return
                }
                let slot: Int32
                if let f = free.popLast() { slot = f; slots[Int(f)] = tag } else {
                    slot = Int32(slots.count)
                    slots.append(tag)
                }
                c.tagOwner = owner
                c.tagSlot = slot
                count += 1
            } else if self[c] != nil {
                slots[Int(c.tagSlot)] = nil
                free.append(c.tagSlot)
                c.tagSlot = -1
                c.tagOwner = nil
                count -= 1
            }
        }
    }

    /// Records a new constant in place (no copy of the record out and back).
    mutating func setConstant(_ c: Constraint, _ value: Double) {
        guard c.tagOwner == owner, c.tagSlot >= 0, Int(c.tagSlot) < slots.count,
              slots[Int(c.tagSlot)]?.constraint === c else { return }
        slots[Int(c.tagSlot)]?.constant = value
    }

    mutating func remove(_ c: Constraint) -> Solver.Tag? {
        let tag = self[c]
        self[c] = nil
        return tag
    }

    /// Whether `c` is installed in some other solver.
    func isForeign(_ c: Constraint) -> Bool { c.tagOwner != nil && c.tagOwner != owner }

    var all: [Solver.Tag] { slots.compactMap { $0 } }

    mutating func reserveCapacity(_ count: Int) { slots.reserveCapacity(count) }

    /// Empty, keeping its storage (see `Solver.reset`). A constraint installed before still
    /// names this table and a slot, but a slot's record is its own only if it holds that
    /// very constraint, which every look-up checks.
    mutating func reset() {
        slots.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
        count = 0
    }

    /// Exact-size storage (see `Solver.compact`).
    mutating func compact() {
        slots = exactCopy(slots)
        free = exactCopy(free)
    }
}

/// Edit constraints by variable id.
struct EditTable {
    private var byVariable: [Constraint?] = []

    mutating func reset() { byVariable.removeAll(keepingCapacity: true) }

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
