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
    // Levels are ordered by their priorities themselves (distinct by construction): a rank
    // per level, kept in order as levels came, cost every new level a pass over all of them,
    // which 50,000 distinct priorities made seconds of work (issue #40, item 3).
    /// By symbol: its nonzero reduced costs, in increasing level.
    private var costs = OwnedArray<LevelCosts>()
    /// By symbol: the level of the highest priority where its cost is beyond epsilon (which
    /// gives its sign), or -1: kept as costs change, since a symbol can cost at thousands of
    /// levels and the entering search asks for the signs of the symbols that changed each time.
    private var lead = OwnedArray<Int32>()
    var dirty = OwnedArray<Symbol>()          // (a table: trimmed in place after each search)
    var isDirty = OwnedArray<Bool>()          // by symbol
    var symbolCount: Int { costs.count }

    @inline(__always) func addSymbol() {
        costs.append(LevelCosts())
        lead.append(-1)
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
        lead.append(-1, times: count)
        isDirty.append(false, times: count)
    }

    func reserveCapacity(symbols: Int) {
        costs.reserveCapacity(symbols)
        lead.reserveCapacity(symbols)
        isDirty.reserveCapacity(symbols)
    }

    /// Empty, as new, keeping the arrays' storage (see `Solver.reset`).
    func reset() {
        priorities.emptyKeepingCapacity()
        levelOf.removeAll(keepingCapacity: true)
        costs.removeAll()
        lead.removeAll()
        dirty.removeAll()
        isDirty.removeAll()
    }

    /// Exact-size storage for the per-symbol arrays (see `Solver.compact`).
    func compact() {
        costs.shrinkToFit()
        lead.shrinkToFit()
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
        return l
    }

    /// The coefficient of `s` at `level`.
    @inline(__always) func coefficient(level: Int, _ s: Symbol) -> Double { costs[Int(s)].value(at: Int32(level)) }

    /// Sets every coefficient of `s` to zero (a symbol leaving the system).
    func clear(_ s: Symbol) {
        costs[Int(s)] = LevelCosts()
        lead[Int(s)] = -1
    }

    /// Brings `lead` up to date after the cost of `s` at `level` changed.
    @inline(__always) private func changed(_ s: Symbol, at level: Int32) {
        // Most symbols cost at one level or none: that one decides, no priorities compared.
        if let only = costs[Int(s)].onlyLevelBeyondEpsilon {
            lead[Int(s)] = only
            return
        }
        let current = lead[Int(s)]
        let v = costs[Int(s)].value(at: level)
        if v < -epsilon || v > epsilon {
            if current < 0 || priorities[Int(level)] > priorities[Int(current)] { lead[Int(s)] = level }
        } else if current == level {
            lead[Int(s)] = leadLevel(of: s)
        }
    }

    /// The level of the highest priority where the cost of `s` is beyond epsilon, or -1.
    private func leadLevel(of s: Symbol) -> Int32 {
        var best = -Double.infinity, found: Int32 = -1
        costs[Int(s)].forEach { level, v in
            guard v < -epsilon || v > epsilon, priorities[Int(level)] > best else { return }
            best = priorities[Int(level)]
            found = level
        }
        return found
    }

    @inline(__always) func markDirty(_ s: Symbol) {
        if !isDirty[Int(s)] { isDirty[Int(s)] = true; dirty.append(s) }
    }

    @inline(__always) func add(level: Int, _ s: Symbol, _ c: Double) {
        costs[Int(s)].add(Int32(level), c)
        changed(s, at: Int32(level))
        markDirty(s)
    }

    /// -1, 0 or 1: the sign of the symbol's reduced-cost vector in lexicographic order (the
    /// sign at its highest-priority level beyond epsilon).
    @inline(__always) func sign(_ s: Symbol) -> Int {
        let level = lead[Int(s)]
        guard level >= 0 else { return 0 }
        return costs[Int(s)].value(at: level) < 0 ? -1 : 1
    }

    /// The lead levels by symbol (-1: a zero reduced cost), for a pass over every symbol.
    @inline(__always) func withLeads<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        lead.withUnsafeBufferPointer(body)
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
        // One pass over both (by level, merged): the deciding level of the highest priority.
        // (Level by level in priority order, each looked up, cost a symbol with costs at
        // thousands of levels, thousands squared.)
        var best = -Double.infinity, result: Bool?
        LevelCosts.forEachPair(costs[Int(a)], costs[Int(b)]) { level, ca, cb in
            let p = priorities[Int(level)]
            guard p > best else { return }
            let x = ca / da, y = cb / db
            if x < y - epsilon { best = p; result = true } else if x > y + epsilon { best = p; result = false }
        }
        return result
    }

    /// Replaces `s` (now basic) with its row, in every level.
    func substitute(_ s: Symbol, _ row: Row) {
        let taken = costs[Int(s)]
        guard !taken.isEmpty else { return }
        costs[Int(s)] = LevelCosts()
        lead[Int(s)] = -1
        // Each (cell, level) cost is added once, in either order (the same sums): level by
        // level for a symbol of few levels (most), cell by cell, merged, for one of many.
        if !taken.hasMany {
            taken.forEach { level, c in
                for i in row.cells.indices {
                    let cell = row.cells[i]
                    costs[Int(cell.symbol)].add(level, c * cell.coefficient)
                    changed(cell.symbol, at: level)
                    markDirty(cell.symbol)
                }
            }
            return
        }
        for i in row.cells.indices {
            let cell = row.cells[i]
            costs[Int(cell.symbol)].addMerging(taken, times: cell.coefficient)
            lead[Int(cell.symbol)] = leadLevel(of: cell.symbol)
            markDirty(cell.symbol)
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
        guard let more else { return 0 }
        let p = LevelCosts.place(of: level, in: more)
        return p.found ? more[p.index].value : 0
    }

    /// Where `level` is in `rest` (sorted by level), or where it would go. A binary search: a
    /// symbol can cost at thousands of levels (one per bound its variable breaks). Most often
    /// past the end: levels are numbered as they come, and so come most costs.
    @inline(__always) static func place(of level: Int32, in rest: [(level: Int32, value: Double)]) -> (index: Int, found: Bool) {
        var low = 0, high = rest.count
        if high > 0 && rest[high - 1].level < level { return (high, false) }
        while low < high {
            let mid = (low + high) / 2
            if rest[mid].level < level { low = mid + 1 } else { high = mid }
        }
        return (low, low < rest.count && rest[low].level == level)
    }

    /// Adds `c` at `level`; a result near zero is dropped (a dense row stored 0 there).
    @inline(__always) mutating func add(_ level: Int32, _ c: Double) {
        if firstLevel == level {
            let v = firstValue + c
            if nearZero(v) { removeFirst() } else { firstValue = v }
            return
        }
        if firstLevel >= 0, level > firstLevel, let p = more.map({ LevelCosts.place(of: level, in: $0) }) {
            if p.found {
                let v = (more?[p.index].value ?? 0) + c
                // An emptied list keeps its buffer: a cost that comes and goes (a pivot's worth
                // of substitution) would otherwise allocate each time it comes back.
                if nearZero(v) { more?.remove(at: p.index) } else { more?[p.index].value = v }
                return
            }
            let v = 0 + c
            guard !nearZero(v) else { return }
            more?.insert((level, v), at: p.index)
            return
        }
        let v = 0 + c
        guard !nearZero(v) else { return }
        insert(level, v)
    }

    /// With a cost at one level at most: that level if the cost is beyond epsilon, else -1;
    /// nil with costs at more.
    @inline(__always) var onlyLevelBeyondEpsilon: Int32? {
        guard more?.isEmpty ?? true else { return nil }
        return firstLevel >= 0 && (firstValue < -epsilon || firstValue > epsilon) ? firstLevel : -1
    }

    /// How many levels it has a cost at.
    var count: Int { firstLevel < 0 ? 0 : 1 + (more?.count ?? 0) }

    /// Whether it has costs at more levels than a look-up per level handles well.
    var hasMany: Bool { (more?.count ?? 0) > 3 }

    /// The `k`-th entry in increasing level (`k < count`).
    @inline(__always) private func entry(_ k: Int) -> (level: Int32, value: Double) {
        k == 0 ? (firstLevel, firstValue) : (more?[k - 1] ?? (-1, 0))
    }

    /// Adds `other` times `f`, level by level, merged in one pass: each level's sum as
    /// `add(_:_:)` makes it. For an `other` of many levels (a symbol can cost at thousands:
    /// as many as the priorities of the bounds a tight variable breaks), where one look-up
    /// per level would be a search of this one's levels each.
    @inline(never) mutating func addMerging(_ other: LevelCosts, times f: Double) {
        let n = other.count
        var merged: [(level: Int32, value: Double)] = []
        merged.reserveCapacity(count + n)
        let m = count
        var i = 0, j = 0
        while i < m || j < n {
            let a = i < m ? entry(i) : (level: Int32.max, value: 0)
            let b = j < n ? other.entry(j) : (level: Int32.max, value: 0)
            if a.level < b.level {
                merged.append(a); i += 1
            } else if b.level < a.level {
                let v = 0 + b.value * f
                if !nearZero(v) { merged.append((b.level, v)) }
                j += 1
            } else {
                let v = a.value + b.value * f
                if !nearZero(v) { merged.append((a.level, v)) }
                i += 1; j += 1
            }
        }
        guard let head = merged.first else { self = LevelCosts(); return }
        firstLevel = head.level
        firstValue = head.value
        merged.removeFirst()
        more = merged
    }

    /// Calls `body(level, a's cost, b's cost)` for every level where either has one.
    @inline(__always) static func forEachPair(_ a: LevelCosts, _ b: LevelCosts, _ body: (Int32, Double, Double) -> Void) {
        let m = a.count, n = b.count
        var i = 0, j = 0
        while i < m || j < n {
            let x = i < m ? a.entry(i) : (level: Int32.max, value: 0)
            let y = j < n ? b.entry(j) : (level: Int32.max, value: 0)
            if x.level < y.level {
                body(x.level, x.value, 0); i += 1
            } else if y.level < x.level {
                body(y.level, 0, y.value); j += 1
            } else {
                body(x.level, x.value, y.value); i += 1; j += 1
            }
        }
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
        let at = more.map { LevelCosts.place(of: level, in: $0).index } ?? 0
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
