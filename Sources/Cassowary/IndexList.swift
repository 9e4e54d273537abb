/// A short list of indexes (row slots, or symbols): up to two held inline, more on the
/// heap. Every symbol has such a list in the column index and in the definitions' reverse
/// index, and most symbols sit in one or two rows. As one array each, those lists would be
/// the largest share of a small solver's allocations (a heap block of 48 bytes or more for
/// one or two entries), paid by every one-shot to build and free and by every session to keep.
///
/// 16 bytes: slots and symbols are never negative, so -1 marks an empty inline place; a
/// negative value (never stored by the solver) simply goes to the heap form.
struct IndexList: RandomAccessCollection, MutableCollection {
    private var first: Int32 = -1
    private var second: Int32 = -1
    /// Every element, once the list has held more than two (or a negative one).
    private var spill: [Int32]?

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int {
        if let spill { return spill.count }
        return first < 0 ? 0 : (second < 0 ? 1 : 2)
    }

    subscript(i: Int) -> Int32 {
        get {
            if let spill { return spill[i] }
            return i == 0 ? first : second
        }
        set {
            if spill == nil && newValue < 0 { moveToHeap() }
            if spill != nil {
                spill?[i] = newValue
            } else if i == 0 {
                first = newValue
            } else {
                second = newValue
            }
        }
    }

    mutating func append(_ x: Int32) {
        if spill == nil && x >= 0 {
            if first < 0 { first = x; return }
            if second < 0 { second = x; return }
        }
        if spill == nil { moveToHeap() }
        spill?.append(x)
    }

    /// Whether appending `x` takes the list out of its inline form (its owner then hands
    /// it storage, `append(_:movingToHeapOn:)`).
    @inline(__always) func leavesInlineForm(appending x: Int32) -> Bool {
        spill == nil && (x < 0 || second >= 0)
    }

    /// `append` of an `x` that takes the list to its heap form, made on `storage` (empty)
    /// from the `IndexListPool` its table keeps across a reset, so that a list past two entries
    /// is not a new array every build.
    mutating func append(_ x: Int32, movingToHeapOn storage: consuming [Int32]) {
        moveToHeap(on: storage)
        spill?.append(x)
    }

    /// Empties the list, its heap storage (if any, and not too large) into `spares`
    /// (`IndexListPool`).
    mutating func empty(into spares: inout [[Int32]]) {
        first = -1; second = -1
        guard var all = spill.take() else { return }
        guard spares.count < IndexListPool.kept, all.capacity <= IndexListPool.capacity else { return }
        all.emptyKeepingCapacity()
        spares.append(consume all)
    }

    /// Room in the heap form (0 while inline).
    var capacity: Int { spill?.capacity ?? 0 }

    /// Drops the last `k` elements (`k <= count`).
    mutating func removeLast(_ k: Int) {
        guard k > 0 else { return }
        if spill != nil {
            spill?.removeLast(k)
        } else if k >= count {
            first = -1; second = -1
        } else {
            second = -1
        }
    }

    /// Gives back spare heap capacity (see `Solver.compact`): back inline when two or fewer
    /// (non-negative) are left, else an exactly sized array.
    mutating func trim() {
        guard let all = spill else { return }
        if all.count <= 2 && all.allSatisfy({ $0 >= 0 }) {
            var inline = IndexList()
            for x in all { inline.append(x) }
            self = inline
        } else if all.capacity > all.count + 4 {
            spill = exactCopy(all)
        }
    }

    /// Into the heap form, on `storage` (empty) or a new array.
    private mutating func moveToHeap(on storage: consuming [Int32] = []) {
        var all = storage
        if all.capacity == 0 { all.reserveCapacity(4) }
        // The inline places hold no negative value: -1 marks an empty one.
        if first >= 0 { all.append(first) }
        if second >= 0 { all.append(second) }
        first = -1; second = -1
        spill = consume all
    }
}

/// Emptied heap storage for the index lists of one table (the tableau's columns, the
/// definitions' reverse index), kept across a reset: a list that leaves its inline form takes
/// an array from here, and a reset gives back the storage of the lists that took one.
/// At most `kept` arrays of room for at most `capacity` entries (about 24 KB).
struct IndexListPool {
    static let kept = 256, capacity = 16
    private var spareLists: [[Int32]] = []
    /// The lists (by their index in the table) that took the heap form since the last reset.
    private var spilled: [Int32] = []

    /// Appends `x` to `list`, number `k` of the table, which `x` takes out of its inline form
    /// (`IndexList.leavesInlineForm`).
    mutating func append(_ x: Int32, to list: inout IndexList, number k: Int32) {
        list.append(x, movingToHeapOn: spareLists.popLast() ?? [])
        if spilled.count < IndexListPool.kept { spilled.append(k) }
    }

    /// Takes back the storage of the lists that took the heap form, before `lists` is emptied.
    mutating func takeBack(from lists: inout OwnedArray<IndexList>) {
        for k in spilled where Int(k) < lists.count { lists[Int(k)].empty(into: &spareLists) }
        spilled.removeAll(keepingCapacity: true)
    }

    /// Lets the storage go (`Solver.compact`).
    mutating func drop() { self = IndexListPool() }
}
