/// A short list of indexes (row slots, or symbols): up to two held inline, more on the
/// heap. Every symbol has such a list in the column index and in the definitions' reverse
/// index, and most symbols sit in one or two rows. As one array each, those lists were
/// the largest share of a small solver's allocations (a heap block of 48 bytes or more
/// for one or two entries), which every one-shot layout paid to build and to free, and
/// every session paid to keep.
struct IndexList: RandomAccessCollection, MutableCollection {
    private var first: Int32 = 0
    private var second: Int32 = 0
    /// The count while the list is inline (`spill` nil).
    private var inlineCount: UInt8 = 0
    /// Every element, once the list has held more than two.
    private var spill: [Int32]?

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { spill?.count ?? Int(inlineCount) }

    subscript(i: Int) -> Int32 {
        get {
            if let spill { return spill[i] }
            return i == 0 ? first : second
        }
        set {
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
        if spill != nil { spill?.append(x); return }
        switch inlineCount {
        case 0: first = x; inlineCount = 1
        case 1: second = x; inlineCount = 2
        default:
            var all: [Int32] = []
            all.reserveCapacity(4)
            all.append(first); all.append(second); all.append(x)
            spill = all
        }
    }

    /// Drops the last `k` elements (`k <= count`).
    mutating func removeLast(_ k: Int) {
        guard k > 0 else { return }
        if spill != nil { spill?.removeLast(k) } else { inlineCount -= UInt8(k) }
    }

    /// Gives back spare heap capacity (see `Solver.compact`): back inline when two or fewer
    /// are left, else an exactly sized array.
    mutating func trim() {
        guard let all = spill else { return }
        if all.count <= 2 {
            var inline = IndexList()
            for x in all { inline.append(x) }
            self = inline
        } else if all.capacity > all.count + 4 {
            spill = exactCopy(all)
        }
    }
}
