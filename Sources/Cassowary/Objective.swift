/// The objective: one row per priority level, compared lexicographically from the highest
/// priority down. This is what makes one violation at 751 outweigh any number at 750,
/// which a scalar weight mix (kiwi's 1e6/1e3/1 strengths) cannot promise.
///
/// Held by symbol, sparsely: a symbol's reduced costs are the few levels where it is not
/// zero (an error symbol costs at its own constraint's level, and substitution spreads a
/// cost only to the symbols of one row). A dense row per level would cost levels x symbols:
/// a document with a thousand distinct priorities and ninety thousand symbols is 720 MB
/// that way, and about what its symbols cost this way.
///
/// Only symbols whose coefficient changed since the last optimum can have turned
/// negative, so those are remembered (`dirty`) and the entering search looks only there.
final class Objective {
    var priorities: [Double] = []           // by level
    var levelOf: [Double: Int] = [:]        // levels from `scannedLevels` on
    static let scannedLevels = 8
    var order: [Int] = []                   // levels, highest priority first
    /// By level: its place in `order` (0 for the highest priority).
    private var rank: [Int32] = []
    /// By symbol: its nonzero reduced costs, in increasing level.
    private var costs = OwnedArray<LevelCosts>()
    var dirty = OwnedArray<Symbol>()          // (a table: trimmed in place after each search)
    var isDirty = OwnedArray<Bool>()          // by symbol
    var symbolCount: Int { costs.count }

    @inline(__always) func addSymbol() {
        costs.append(LevelCosts())
        isDirty.append(false)
    }

    /// The per-symbol tables, element by element (`Solver.symbolTables`).
    func describeSymbols() -> String {
        (0..<costs.count).map { s in
            var levels: [String] = []
            costs[s].forEach { levels.append("\($0):\($1)") }
            return "costs \(levels) dirty \(isDirty[s])"
        }.joined(separator: "; ")
    }

    func addSymbols(_ count: Int) {
        costs.append(LevelCosts(), times: count)
        isDirty.append(false, times: count)
    }

    func reserveCapacity(symbols: Int) {
        costs.reserveCapacity(symbols)
        isDirty.reserveCapacity(symbols)
    }

    /// Empty, as new, keeping the arrays' storage (see `Solver.reset`).
    func reset() {
        priorities.emptyKeepingCapacity()
        levelOf.removeAll(keepingCapacity: true)
        order.emptyKeepingCapacity()
        rank.emptyKeepingCapacity()
        costs.removeAll()
        dirty.removeAll()
        isDirty.removeAll()
    }

    /// Exact-size storage for the per-symbol arrays (see `Solver.compact`).
    func compact() {
        costs.shrinkToFit()
        for s in costs.indices { costs[s].trim() }
        isDirty.shrinkToFit()
        dirty.shrinkToFit()
    }

    func level(for priority: Double) -> Int {
        // A layout uses a handful of priorities: the first levels are found by a scan,
        // cheaper than hashing a Double; the dictionary holds only the levels after them,
        // for documents with many (so a small layout never builds it).
        let scanned = min(priorities.count, Objective.scannedLevels)
        let found: Int? = priorities.withUnsafeBufferPointer { p in
            for k in 0..<scanned where p[k] == priority { return k }
            return nil
        }
        if let found { return found }
        if priorities.count > scanned, let l = levelOf[priority] { return l }
        let l = priorities.count
        priorities.append(priority)
        if l >= Objective.scannedLevels { levelOf[priority] = l }
        // `order` stays sorted, highest priority first (levels have distinct priorities): the
        // new level goes in its place and the ranks from there on move down by one. (Sorting
        // all levels again and a new rank array, per new level, cost a soft-heavy screen 2 %.)
        let place = order.firstIndex { priorities[$0] < priority } ?? order.count
        order.insert(l, at: place)
        rank.append(0)
        for k in place..<order.count { rank[order[k]] = Int32(k) }
        return l
    }

    /// The coefficient of `s` at `level`.
    @inline(__always) func coefficient(level: Int, _ s: Symbol) -> Double { costs[Int(s)].value(at: Int32(level)) }

    /// Sets every coefficient of `s` to zero (a symbol leaving the system).
    func clear(_ s: Symbol) { costs[Int(s)] = LevelCosts() }

    @inline(__always) func markDirty(_ s: Symbol) {
        if !isDirty[Int(s)] { isDirty[Int(s)] = true; dirty.append(s) }
    }

    @inline(__always) func add(level: Int, _ s: Symbol, _ c: Double) {
        costs[Int(s)].add(Int32(level), c)
        markDirty(s)
    }

    /// -1, 0 or 1: the sign of the symbol's reduced-cost vector in lexicographic order (the
    /// sign at its highest-priority level beyond epsilon).
    @inline(__always) func sign(_ s: Symbol) -> Int {
        var best = Int32.max, sign = 0
        costs[Int(s)].forEach { level, v in
            guard v < -epsilon || v > epsilon, rank[Int(level)] < best else { return }
            best = rank[Int(level)]
            sign = v < 0 ? -1 : 1
        }
        return sign
    }

    /// Whether the symbol's reduced cost is exactly zero at every level.
    @inline(__always) func isZero(_ s: Symbol) -> Bool { costs[Int(s)].isEmpty }

    /// Whether `a`'s reduced-cost vector is lexicographically below `b`'s (ties: lower symbol).
    @inline(__always) func steeper(_ a: Symbol, than b: Symbol) -> Bool {
        compare(a, 1, b, 1) ?? (a < b)
    }

    /// Lexicographic comparison of coefficient(a)/da against coefficient(b)/db.
    @inline(__always) func ratioLess(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Bool {
        compare(a, da, b, db) ?? (a < b)
    }

    /// Walks the levels where `a` or `b` has a cost, highest priority first (at every other
    /// level both are zero, which decides nothing): true if a/da is below b/db beyond
    /// epsilon at the first level that decides, false if above, nil if none decides.
    private func compare(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Bool? {
        let ca = costs[Int(a)], cb = costs[Int(b)]
        var after: Int32 = -1  // ranks up to here are done
        while true {
            // The next level by rank held by either symbol.
            var next = Int32.max, level: Int32 = -1
            func consider(_ l: Int32, _: Double) {
                let r = rank[Int(l)]
                if r > after && r < next { next = r; level = l }
            }
            ca.forEach(consider)
            cb.forEach(consider)
            guard level >= 0 else { return nil }
            let x = ca.value(at: level) / da, y = cb.value(at: level) / db
            if x < y - epsilon { return true }
            if x > y + epsilon { return false }
            after = next
        }
    }

    /// Replaces `s` (now basic) with its row, in every level.
    func substitute(_ s: Symbol, _ row: Row) {
        let taken = costs[Int(s)]
        guard !taken.isEmpty else { return }
        costs[Int(s)] = LevelCosts()
        taken.forEach { level, c in
            for i in row.cells.indices {
                let cell = row.cells[i]
                costs[Int(cell.symbol)].add(level, c * cell.coefficient)
                markDirty(cell.symbol)
            }
        }
    }
}

/// One symbol's nonzero reduced costs, as (level, value) in increasing level: the first
/// inline (most symbols cost at one level or none), any more on the heap.
struct LevelCosts {
    private var firstLevel: Int32 = -1
    private var firstValue: Double = 0
    private var more: [(level: Int32, value: Double)]?

    var isEmpty: Bool { firstLevel < 0 }

    @inline(__always) func forEach(_ body: (Int32, Double) -> Void) {
        guard firstLevel >= 0 else { return }
        body(firstLevel, firstValue)
        if let more { for entry in more { body(entry.level, entry.value) } }
    }

    @inline(__always) func value(at level: Int32) -> Double {
        if firstLevel == level { return firstValue }
        if let more { for entry in more where entry.level == level { return entry.value } }
        return 0
    }

    /// Adds `c` at `level`; a result near zero is dropped (a dense row stored 0 there).
    @inline(__always) mutating func add(_ level: Int32, _ c: Double) {
        if firstLevel == level {
            let v = firstValue + c
            if nearZero(v) { removeFirst() } else { firstValue = v }
            return
        }
        if let i = more?.firstIndex(where: { $0.level == level }) {
            let v = (more?[i].value ?? 0) + c
            // An emptied list keeps its buffer: a cost that comes and goes (a pivot's worth
            // of substitution) would otherwise allocate each time it comes back.
            if nearZero(v) { more?.remove(at: i) } else { more?[i].value = v }
            return
        }
        let v = 0 + c
        guard !nearZero(v) else { return }
        insert(level, v)
    }

    private mutating func insert(_ level: Int32, _ v: Double) {
        if firstLevel < 0 { firstLevel = level; firstValue = v; return }
        if level < firstLevel {
            // The new one goes first; the old first moves to the front of the rest.
            if more == nil { more = [(firstLevel, firstValue)] } else { more?.insert((firstLevel, firstValue), at: 0) }
            firstLevel = level
            firstValue = v
            return
        }
        if more == nil { more = [] }
        let at = more?.firstIndex { $0.level > level } ?? more?.count ?? 0
        more?.insert((level, v), at: at)
    }

    private mutating func removeFirst() {
        guard let head = more?.first else { firstLevel = -1; firstValue = 0; return }
        firstLevel = head.level
        firstValue = head.value
        more?.removeFirst()
    }

    mutating func trim() {
        if let rest = more, rest.capacity > rest.count { more = exactCopy(rest) }
    }
}
