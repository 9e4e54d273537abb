/// The objective, one dense row per priority level, compared lexicographically from the
/// highest priority down: this is what makes one violation at 751 outweigh any number at
/// 750, which a scalar weight mix (kiwi's 1e6/1e3/1 strengths) cannot promise.
///
/// Only symbols whose coefficient changed since the last optimum can have turned
/// negative, so those are remembered (`dirty`) and the entering search looks only there.
final class Objective {
    var priorities: [Double] = []           // by level
    var levelOf: [Double: Int] = [:]
    var order: [Int] = []                   // levels, highest priority first
    var coefficients: [[Double]] = []       // [level][symbol]
    var dirty: [Symbol] = []
    var isDirty: [Bool] = []                // by symbol
    var symbolCount = 0

    func addSymbol() {
        symbolCount += 1
        for l in coefficients.indices { coefficients[l].append(0) }
        isDirty.append(false)
    }

    /// Symbols the arrays have room for (a level added later gets the same room).
    private var reservedSymbols = 0

    func reserveCapacity(symbols: Int) {
        reservedSymbols = max(reservedSymbols, symbols)
        for l in coefficients.indices { coefficients[l].reserveCapacity(symbols) }
        isDirty.reserveCapacity(symbols)
    }

    /// Exact-size storage for the per-symbol arrays (see `Solver.compact`).
    func compact() {
        for l in coefficients.indices { coefficients[l] = exactCopy(coefficients[l]) }
        isDirty = exactCopy(isDirty)
        reservedSymbols = 0
        dirty = exactCopy(dirty)
    }

    func level(for priority: Double) -> Int {
        if let l = levelOf[priority] { return l }
        let l = priorities.count
        priorities.append(priority)
        levelOf[priority] = l
        var row = [Double](repeating: 0, count: symbolCount)
        row.reserveCapacity(reservedSymbols)
        coefficients.append(row)
        order = priorities.indices.sorted { priorities[$0] > priorities[$1] }
        return l
    }

    @inline(__always) func markDirty(_ s: Symbol) {
        if !isDirty[Int(s)] { isDirty[Int(s)] = true; dirty.append(s) }
    }

    @inline(__always) func add(level: Int, _ s: Symbol, _ c: Double) {
        let v = coefficients[level][Int(s)] + c
        coefficients[level][Int(s)] = nearZero(v) ? 0 : v
        markDirty(s)
    }

    /// -1, 0 or 1: the sign of the symbol's reduced-cost vector in lexicographic order.
    @inline(__always) func sign(_ s: Symbol) -> Int {
        for l in order {
            let v = coefficients[l][Int(s)]
            if v < -epsilon { return -1 }
            if v > epsilon { return 1 }
        }
        return 0
    }

    /// Whether the symbol's reduced cost is exactly zero at every level.
    @inline(__always) func isZero(_ s: Symbol) -> Bool {
        for l in coefficients.indices where coefficients[l][Int(s)] != 0 { return false }
        return true
    }

    /// Whether `a`'s reduced-cost vector is lexicographically below `b`'s (ties: lower symbol).
    @inline(__always) func steeper(_ a: Symbol, than b: Symbol) -> Bool {
        for l in order {
            let x = coefficients[l][Int(a)], y = coefficients[l][Int(b)]
            if x < y - epsilon { return true }
            if x > y + epsilon { return false }
        }
        return a < b
    }

    /// Lexicographic comparison of coefficient(a)/da against coefficient(b)/db.
    @inline(__always) func ratioLess(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Bool {
        for l in order {
            let x = coefficients[l][Int(a)] / da
            let y = coefficients[l][Int(b)] / db
            if x < y - epsilon { return true }
            if x > y + epsilon { return false }
        }
        return a < b
    }

    /// Replaces `s` (now basic) with its row, in every level.
    func substitute(_ s: Symbol, _ row: Row) {
        for l in coefficients.indices {
            let c = coefficients[l][Int(s)]
            if c == 0 { continue }
            coefficients[l][Int(s)] = 0
            for cell in row.cells {
                let t = cell.symbol
                let v = coefficients[l][Int(t)] + c * cell.coefficient
                coefficients[l][Int(t)] = nearZero(v) ? 0 : v
                markDirty(t)
            }
        }
    }
}
