/// External variables, held as definitions instead of simplex rows.
///
/// Cassowary's optimiser only ever pivots on restricted symbols (slacks, errors); the rows of
/// the user's variables matter only for reading values. Kept fully substituted, those rows
/// turn dense along chains (every position is a sum of everything before it), and every
/// pivot has to rewrite them. So a defined variable keeps the equation it was solved from,
/// as written: `x = constant + Σ c·s`, where s may be other variables (defined or free) and
/// restricted symbols (basic or not). Values are evaluated on demand, once per change.
/// Definitions never form a cycle: a variable is defined only from symbols that do not
/// (transitively) refer back to it.
final class Definitions {
    var rows = DefinitionRows()           // by symbol; set for defined externals
    /// symbol -> externals whose definitions mention it (lazy: checked on read).
    var referencedBy = OwnedArray<IndexList>()
    /// Storage of reverse-index lists of a reset table.
    private var listPool = IndexListPool()
    var stale = OwnedArray<Bool>()          // by symbol, as in Tableau
    /// Bumped by every change of a definition's cells (not of its constant).
    var structure: UInt64 = 1

    /// Every variable's value, evaluated in topological order (the program), all of them or
    /// only those that read what moved, whenever something changed since
    /// (`valuesEpoch != epoch`; see `Solver.refreshValues`).
    var values: [Double] = []
    var epoch: UInt64 = 1
    var valuesEpoch: UInt64 = 0
    var program = Program()
    /// Whether values were read since the solver was new or reset: the first read evaluates
    /// in place (`evaluateOnce`), later ones run the compiled program.
    var readBefore = false
    /// Symbols whose values moved since the last refresh through constants changed in place
    /// (a row's or a definition's): then only what depends on them needs evaluating, unless
    /// `movedAll` says anything may have changed (see `invalidate`). Kept allocated between
    /// refreshes: a resize can fill it to `movedLimit` on every change.
    var moved: [Symbol] = []
    var movedAll = true
    /// By symbol: the position of its definition in the program, or -1 (built when first
    /// needed after the program changes).
    var programPosition: [Int32] = []
    /// The last few partial refreshes: which definitions read what moved (see `Affected`).
    var affected: [Affected] = []

    /// For the program of `structure`: by program entry, the definitions that read what
    /// `moved` holds (nil: too many, a full pass is cheaper).
    struct Affected {
        static let kept = 4
        let structure: UInt64
        let moved: [Symbol]
        let bits: [UInt64]?
    }
    /// Per-symbol marks for graph walks: a walk takes a fresh mark value, so nothing needs
    /// clearing and no Set is allocated.
    private var marks = OwnedArray<UInt32>()
    private var markCounter: UInt32 = 0

    /// Definitions flattened in evaluation order: entry k sets `targets[k]` from the cells
    /// `starts[k]..<starts[k+1]`, whose restricted symbols are complemented (`~s`, so the
    /// evaluation needs no look-up of kinds). Rebuilt when the structure changes.
    struct Program {
        var structure: UInt64 = 0
        var targets: [Symbol] = []
        var starts: [Int32] = [0]
        var symbols: [Symbol] = []
        var coefficients: [Double] = []
    }

    @inline(__always) func addSymbol() {
        rows.appendSymbol()
        referencedBy.append(IndexList())
        marks.append(0)
        stale.append(false)
        values.append(0)
    }

    /// The per-symbol tables, element by element (`Solver.symbolTables`).
    func describeSymbols() -> String {
        (0..<referencedBy.count).map { s in
            "defined \(rows.isDefined(s)) referenced \(Array(referencedBy[s])) mark \(marks[s]) stale \(stale[s]) value \(values[s])"
        }.joined(separator: "; ")
    }

    func addSymbols(_ count: Int) {
        rows.appendSymbols(count)
        referencedBy.append(IndexList(), times: count)
        marks.append(0, times: count)
        stale.append(false, times: count)
        for _ in 0..<count { values.append(0) }  // an Array: shared with readers of solved values
    }

    func reserveCapacity(symbols: Int) {
        rows.reserveCapacity(symbols: symbols); referencedBy.reserveCapacity(symbols); marks.reserveCapacity(symbols)
        stale.reserveCapacity(symbols); values.reserveCapacity(symbols)
    }

    /// Empty, as new, keeping the arrays' storage (see `Solver.reset`).
    func reset(recyclingInto tableau: Tableau) {
        rows.reset(recyclingInto: tableau)
        listPool.takeBack(from: &referencedBy)
        referencedBy.removeAll(); stale.removeAll()
        structure = 1
        values.emptyKeepingCapacity()
        epoch = 1
        valuesEpoch = 0
        program.structure = 0
        readBefore = false
        program.targets.emptyKeepingCapacity(); program.starts.emptyKeepingCapacity()
        program.starts.append(0)
        program.symbols.emptyKeepingCapacity(); program.coefficients.emptyKeepingCapacity()
        moved.emptyKeepingCapacity()
        movedAll = true
        programPosition.emptyKeepingCapacity()
        affected.emptyKeepingCapacity()
        marks.removeAll()
        markCounter = 0
        movedLimit = 0
    }

    /// Exact-size storage for the per-symbol arrays (see `Solver.compact`).
    func compact() {
        rows.compact(); referencedBy.shrinkToFit(); stale.shrinkToFit(); listPool.drop()
        values = exactCopy(values); marks.shrinkToFit()
        program.symbols = exactCopy(program.symbols); program.coefficients = exactCopy(program.coefficients)
        program.targets = exactCopy(program.targets); program.starts = exactCopy(program.starts)
        programPosition = []; affected = []; moved = exactCopy(moved)  // rebuilt when needed
    }

    @inline(__always) func isDefined(_ x: Symbol) -> Bool { rows.isDefined(Int(x)) }

    /// By symbol, >= 0 for a defined one (see `DefinitionRows.withSlots`).
    @inline(__always) func withDefinitionSlots<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        rows.withSlots(body)
    }

    func newMark() -> UInt32 {
        markCounter &+= 1
        if markCounter == 0 {
            for i in marks.indices { marks[i] = 0 }
            markCounter = 1
        }
        return markCounter
    }

    /// Marks `s`; false if it already had this mark.
    @inline(__always) func mark(_ s: Symbol, _ m: UInt32) -> Bool {
        if marks[Int(s)] == m { return false }
        marks[Int(s)] = m
        return true
    }

    @inline(__always) func isMarked(_ s: Symbol, _ m: UInt32) -> Bool { marks[Int(s)] == m }

    /// Sets the bits (by `position` in the program) of the definitions that read one of
    /// `moved`, directly or through other definitions; false once more than `limit` are
    /// set.
    func markReaders(of moved: [Symbol], position: UnsafeBufferPointer<Int32>, bits: UnsafeMutableBufferPointer<UInt64>,
                     limit: Int, stack: inout [Symbol]) -> Bool {
        let visit = newMark()
        var count = 0
        return self.marks.withUnsafeMutableBufferPointer { marks in
            for s in moved where marks[Int(s)] != visit {
                marks[Int(s)] = visit
                stack.append(s)
            }
            while let s = stack.popLast() {
                let k = Int(position[Int(s)])
                if k >= 0 {
                    bits[k >> 6] |= 1 << UInt64(k & 63)
                    count += 1
                    if count > limit { return false }
                }
                // Through `definitions(mentioning:)`: a stale list would lead everywhere.
                let list = definitions(mentioning: s)
                for i in 0..<list.count {
                    let x = list[i]
                    if marks[Int(x)] != visit {
                        marks[Int(x)] = visit
                        stack.append(x)
                    }
                }
            }
            return true
        }
    }

    /// The `i`th cell's symbol of `x`'s definition, or nil past the end (no copy of the row).
    @inline(__always) func cell(of x: Symbol, at i: Int) -> Symbol? {
        rows.withReader { rows in
            guard let row = rows[Int(x)], i < row.symbols.count else { return nil }
            return row.symbols[i]
        }
    }

    /// Values may have changed, anywhere.
    @inline(__always) func invalidate() {
        epoch &+= 1
        movedAll = true
    }

    /// The value of `symbol` moved (its row's or its definition's constant changed), and
    /// with it only the values of what reads it.
    @inline(__always) func invalidate(moving symbol: Symbol) {
        epoch &+= 1
        guard !movedAll else { return }
        if moved.count < movedLimit { moved.append(symbol) } else { movedAll = true }
    }

    /// How many moved symbols a partial refresh is worth tracking (0: none), for the current
    /// program (stored: `invalidate(moving:)` runs for every row a constant change moves).
    /// A small program is evaluated whole faster than its readers are found; and when many
    /// symbols move (a resize of a large layout moves thousands of rows), they reach most
    /// of it anyway.
    private(set) var movedLimit = 0

    func setProgram(_ p: Program) {
        program = p
        movedLimit = p.targets.count < 64 ? 0 : min(p.targets.count / 16, 64)
        programPosition = []
    }

    /// Moved in, not copied: a copy would retain and release its cells.
    func define(_ x: Symbol, _ row: consuming Row) {
        for i in row.cells.indices {
            let s = row.cells[i].symbol
            if referencedBy[Int(s)].leavesInlineForm(appending: x) { spillReference(s, x) } else {
                referencedBy[Int(s)].append(x)
            }
        }
        rows[Int(x)] = consume row
        structure &+= 1
    }

    /// A reverse-index list leaving its inline form, on kept storage (as `Tableau.spillColumn`).
    @inline(never) private func spillReference(_ s: Symbol, _ x: Symbol) {
        listPool.append(x, to: &referencedBy[Int(s)], number: s)
    }

    func undefine(_ x: Symbol) -> Row? {
        let row = rows[Int(x)]
        rows[Int(x)] = nil
        for cell in row?.cells ?? [] { stale[Int(cell.symbol)] = true }
        structure &+= 1
        return row
    }

    /// The externals whose definitions mention `symbol` now; compacts the list on the way.
    func definitions(mentioning symbol: Symbol) -> IndexList {
        if !stale[Int(symbol)] { return referencedBy[Int(symbol)] }
        stale[Int(symbol)] = false
        var list = referencedBy[Int(symbol)]
        var kept = 0
        for x in list {
            let mentions = rows.withReader { $0[Int(x)]?.index(of: symbol) != nil }
            guard mentions, !list[0..<kept].contains(x) else { continue }
            list[kept] = x
            kept += 1
        }
        list.removeLast(list.count - kept)
        referencedBy[Int(symbol)] = list
        return list
    }

    /// Adds `c·symbol` to the definition of `x`, keeping the reference index current.
    func addCell(_ x: Symbol, _ symbol: Symbol, _ c: Double) {
        guard rows.isDefined(Int(x)) else { return }
        switch rows[Int(x)]?.add(symbol, c) {
        case .created: referencedBy[Int(symbol)].append(x)
        case .removed: stale[Int(symbol)] = true
        default: break
        }
        structure &+= 1
    }

    /// Takes the cell of `symbol` out of the definition of `x`; returns its coefficient.
    func removeCell(_ x: Symbol, _ symbol: Symbol) -> Double {
        guard let c = rows[Int(x)]?.remove(symbol) else { return 0 }
        if c != 0 {
            structure &+= 1
            stale[Int(symbol)] = true
        }
        return c
    }

    func coefficient(_ x: Symbol, _ symbol: Symbol) -> Double { rows.coefficient(Int(x), of: symbol) }

    func addConstant(_ x: Symbol, _ delta: Double) { rows.addConstant(Int(x), delta) }
}
