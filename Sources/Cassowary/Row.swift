/// A sparse linear row `constant + Σ coefficient·symbol`. Rows stay short with a good
/// choice of subjects, so cells live in small unsorted parallel arrays and lookups scan.
struct Row {
    var constant: Double
    var symbols: [Symbol] = []
    var coefficients: [Double] = []

    init(constant: Double) { self.constant = constant }

    mutating func reserveCapacity(_ cells: Int) {
        symbols.reserveCapacity(cells)
        coefficients.reserveCapacity(cells)
    }

    @inline(__always) func index(of symbol: Symbol) -> Int? {
        var i = 0
        let n = symbols.count
        while i < n {
            if symbols[i] == symbol { return i }
            i += 1
        }
        return nil
    }

    @inline(__always) func coefficient(of symbol: Symbol) -> Double {
        if let i = index(of: symbol) { return coefficients[i] }
        return 0
    }

    /// What `add` did to the row's set of cells (the column indexes must follow).
    enum CellChange { case created, removed, updated }

    /// Adds `coefficient` to the cell of `symbol`, dropping it when it cancels.
    @discardableResult
    @inline(__always) mutating func add(_ symbol: Symbol, _ coefficient: Double) -> CellChange {
        if let i = index(of: symbol) {
            let c = coefficients[i] + coefficient
            if nearZero(c) { removeCell(at: i); return .removed }
            coefficients[i] = c
            return .updated
        }
        if nearZero(coefficient) { return .updated }
        symbols.append(symbol)
        coefficients.append(coefficient)
        return .created
    }

    @inline(__always) mutating func removeCell(at i: Int) {
        let last = symbols.count - 1
        symbols[i] = symbols[last]
        coefficients[i] = coefficients[last]
        symbols.removeLast()
        coefficients.removeLast()
    }

    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        let c = coefficients[i]
        removeCell(at: i)
        return c
    }

    /// Solves `0 = self` for `symbol`: afterwards the row reads `symbol = self'`.
    mutating func solve(for symbol: Symbol) {
        guard let i = index(of: symbol) else { return }
        let k = -1.0 / coefficients[i]
        removeCell(at: i)
        constant *= k
        for j in coefficients.indices { coefficients[j] *= k }
    }

    /// The row reads `lhs = self`; afterwards it reads `rhs = self'`.
    mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Gives back capacity left over from cancelled cells (a live session keeps its rows for
    /// as long as it lives, so slack is memory held for nothing).
    mutating func trim() {
        if symbols.capacity > symbols.count + symbols.count / 8 + 4 {
            symbols = exactCopy(symbols)
            coefficients = exactCopy(coefficients)
        }
    }

    mutating func negate() {
        constant = -constant
        for j in coefficients.indices { coefficients[j] = -coefficients[j] }
    }
}

/// A copy of `array` in new storage of just its size (`Array(array)`, even from a slice,
/// may keep sharing the old, larger storage).
func exactCopy<T>(_ array: [T]) -> [T] {
    var copy: [T] = []
    copy.reserveCapacity(array.count)
    copy.append(contentsOf: array)
    return copy
}
