/// One cell of a row: `coefficient·symbol`.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A sparse linear row `constant + Σ coefficient·symbol`. Rows stay short with a good
/// choice of subjects, so cells live in one small unsorted array and lookups scan. One
/// array, not a symbol array beside a coefficient array: every row then costs one heap
/// block to build, to copy on write and to free, and small systems build many rows.
struct Row {
    var constant: Double
    var cells: [Cell] = []

    init(constant: Double) { self.constant = constant }
    /// A row over the storage of `cells`, which is empty (`Tableau.freshRow`).
    init(constant: Double, cells: [Cell]) {
        self.constant = constant
        self.cells = cells
    }

    /// The row's symbols and coefficients, read in place (views of `cells`).
    var symbols: Symbols { Symbols(cells: cells) }
    var coefficients: Coefficients { Coefficients(cells: cells) }

    struct Symbols: RandomAccessCollection {
        let cells: [Cell]
        var startIndex: Int { 0 }
        var endIndex: Int { cells.count }
        @inline(__always) subscript(i: Int) -> Symbol { cells[i].symbol }
    }

    struct Coefficients: RandomAccessCollection {
        let cells: [Cell]
        var startIndex: Int { 0 }
        var endIndex: Int { cells.count }
        @inline(__always) subscript(i: Int) -> Double { cells[i].coefficient }
    }

    mutating func reserveCapacity(_ count: Int) { cells.reserveCapacity(count) }

    @inline(__always) func index(of symbol: Symbol) -> Int? {
        cells.withUnsafeBufferPointer { cells in
            var i = 0
            let n = cells.count
            while i < n {
                if cells[i].symbol == symbol { return i }
                i += 1
            }
            return nil
        }
    }

    @inline(__always) func coefficient(of symbol: Symbol) -> Double {
        if let i = index(of: symbol) { return cells[i].coefficient }
        return 0
    }

    /// What `add` did to the row's set of cells (the column indexes must follow).
    enum CellChange { case created, removed, updated }

    /// Adds `coefficient` to the cell of `symbol`, dropping it when it cancels.
    @discardableResult
    @inline(__always) mutating func add(_ symbol: Symbol, _ coefficient: Double) -> CellChange {
        if let i = index(of: symbol) {
            let c = cells[i].coefficient + coefficient
            if nearZero(c) { removeCell(at: i); return .removed }
            cells[i].coefficient = c
            return .updated
        }
        if nearZero(coefficient) { return .updated }
        cells.append(Cell(symbol: symbol, coefficient: coefficient))
        return .created
    }

    /// Appends a cell for a symbol the row does not hold (the caller knows it does not).
    @inline(__always) mutating func append(_ symbol: Symbol, _ coefficient: Double) {
        cells.append(Cell(symbol: symbol, coefficient: coefficient))
    }

    @inline(__always) mutating func removeCell(at i: Int) {
        cells.withUnsafeMutableBufferPointer { cells in cells[i] = cells[cells.count - 1] }
        cells.removeLast()
    }

    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        let c = cells[i].coefficient
        removeCell(at: i)
        return c
    }

    /// Solves `0 = self` for `symbol`: afterwards the row reads `symbol = self'`.
    mutating func solve(for symbol: Symbol) {
        guard let i = index(of: symbol) else { return }
        let k = -1.0 / cells[i].coefficient
        removeCell(at: i)
        constant *= k
        cells.withUnsafeMutableBufferPointer { cells in
            for j in cells.indices { cells[j].coefficient *= k }
        }
    }

    /// The row reads `lhs = self`; afterwards it reads `rhs = self'`.
    mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Gives back capacity left over from cancelled cells (a live session keeps its rows for
    /// as long as it lives, so slack is memory held for nothing).
    mutating func trim() {
        if cells.capacity > cells.count + cells.count / 8 + 4 { cells = exactCopy(cells) }
    }

    mutating func negate() {
        constant = -constant
        cells.withUnsafeMutableBufferPointer { cells in
            for j in cells.indices { cells[j].coefficient = -cells[j].coefficient }
        }
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
