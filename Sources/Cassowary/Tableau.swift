/// The simplex tableau: rows by slot, which symbol is basic in which slot, and a column
/// index (symbol -> slots whose rows mention it) so that substitution touches only the
/// rows that hold a symbol instead of walking every row (kiwi's main cost).
///
/// Column lists are lazy: a slot is appended when a cell is created and never removed
/// eagerly; readers check the row and compact the list as they go.
final class Tableau {
    var kinds = OwnedArray<SymbolKind>()
    var rows = OwnedArray<Row>()
    var basicOf = OwnedArray<Symbol>()  // by slot; -1 when the slot is free
    var freeSlots: [Int32] = []
    var slotOf = OwnedArray<Int32>()      // by symbol; -1 when nonbasic
    var columns = OwnedArray<IndexList>() // by symbol
    var visitStamp = OwnedArray<UInt32>() // by slot, to de-duplicate column lists
    var stampCounter: UInt32 = 0
    var position = OwnedArray<Int32>()    // by symbol; -1 except while merging long rows
    /// By symbol: whether its column list may hold slots whose rows no longer mention it
    /// (or a slot twice). Set whenever a cell is removed; clean lists are used as they are.
    var stale = OwnedArray<Bool>()
    /// Entries in all column lists, stale ones included, and the count at which they are
    /// next swept (see `sweepColumnsIfDue`).
    var columnEntries = 0
    var sweepThreshold = Tableau.minimumSweep
    static let minimumSweep = 1 << 20
    static let sweptLength = 16

    /// Storage of rows of a reset tableau, for `freshRow`: at most `spareRows` arrays of at
    /// most `spareRowCapacity` cells (16 bytes each), so a kept solver holds at most about
    /// 0.5 MB more.
    private var spareCells: [[Cell]] = []
    static let spareRows = 1024, spareRowCapacity = 32
    /// Storage of column lists of a reset tableau.
    private var listPool = IndexListPool()

    /// An empty row with room for `capacity` cells, on kept storage when there is some.
    func freshRow(constant: Double, capacity: Int) -> Row {
        var row: Row
        if let cells = spareCells.popLast() { row = Row(constant: constant, cells: consume cells) } else { row = Row(constant: constant) }
        row.reserveCapacity(capacity)
        return row
    }

    /// Keeps `row`'s storage for `freshRow` (within the pool's bounds).
    func recycle(_ row: consuming Row) { keepStorage(of: &row.cells) }

    /// `recycle` of every row of `rows` (a reset's definitions), which is left empty with its
    /// capacity: one pass over the buffer, where a closure per row cost twice as much.
    func recycle(rowsOf rows: inout [Row]) {
        rows.withUnsafeMutableBufferPointer { buffer in
            for k in buffer.indices {
                guard spareCells.count < Tableau.spareRows else { break }  // full: the rest go with `rows`
                keepStorage(of: &buffer[k].cells)
            }
        }
        rows.removeAll(keepingCapacity: true)
    }

    @inline(__always) private func keepStorage(of row: inout [Cell]) {
        guard spareCells.count < Tableau.spareRows, row.capacity > 0, row.capacity <= Tableau.spareRowCapacity else { return }
        var cells: [Cell] = []
        swap(&cells, &row)  // moved out, so that emptying it keeps its storage
        cells.emptyKeepingCapacity()
        spareCells.append(consume cells)  // moved: a copy was a retain and a release
    }

    @inline(__always) func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s = Symbol(kinds.count)
        kinds.append(kind)
        slotOf.append(-1)
        columns.append(IndexList())
        position.append(-1)
        stale.append(false)
        return s
    }

    /// `count` new symbols of `kind`, numbered on from the last (room made by the caller).
    func newSymbols(_ kind: SymbolKind, count: Int) -> Symbol {
        let s = Symbol(kinds.count)
        kinds.append(kind, times: count)
        slotOf.append(-1, times: count)
        columns.append(IndexList(), times: count)
        position.append(-1, times: count)
        stale.append(false, times: count)
        return s
    }

    /// The per-symbol tables, element by element (`Solver.symbolTables`).
    func describeSymbols() -> String {
        (0..<kinds.count).map { s in
            "\(kinds[s]) slot \(slotOf[s]) column \(Array(columns[s])) position \(position[s]) stale \(stale[s])"
        }.joined(separator: "; ")
    }

    func reserveCapacity(symbols: Int, rows count: Int) {
        kinds.reserveCapacity(symbols); slotOf.reserveCapacity(symbols); columns.reserveCapacity(symbols)
        position.reserveCapacity(symbols); stale.reserveCapacity(symbols)
        rows.reserveCapacity(count); basicOf.reserveCapacity(count); visitStamp.reserveCapacity(count)
    }

    /// Empty, as new, keeping the arrays' storage (see `Solver.reset`).
    func reset() {
        // The rows' storage is kept for the next rows (`freshRow`): rows are a large share of a
        // small layout's allocations, and one-shots build and free them again and again.
        for slot in rows.indices where spareCells.count < Tableau.spareRows {
            var row = Row(constant: 0)
            swap(&row, &rows[slot])
            recycle(consume row)
        }
        listPool.takeBack(from: &columns)
        kinds.removeAll(); rows.removeAll()
        basicOf.removeAll(); freeSlots.emptyKeepingCapacity()
        slotOf.removeAll(); columns.removeAll()
        visitStamp.removeAll(); position.removeAll()
        stale.removeAll()
        stampCounter = 0
        columnEntries = 0
        sweepThreshold = Tableau.minimumSweep
    }

    /// Exact-size storage for the per-symbol and per-slot arrays (see `Solver.compact`).
    func compact() {
        kinds.shrinkToFit(); slotOf.shrinkToFit(); columns.shrinkToFit()
        position.shrinkToFit(); stale.shrinkToFit()
        rows.shrinkToFit(); basicOf.shrinkToFit(); visitStamp.shrinkToFit()
        freeSlots = exactCopy(freeSlots)
        spareCells = []; listPool.drop()  // kept storage, which a new solver's parts may hold (`SolverShelf`)
    }

    @inline(__always) func isBasic(_ s: Symbol) -> Bool { slotOf[Int(s)] >= 0 }
    @inline(__always) func isRestricted(_ s: Symbol) -> Bool { kinds[Int(s)] != .external }

    /// The row whose basic symbol is `s`, if any.
    @inline(__always) func row(of s: Symbol) -> Row? {
        let slot = slotOf[Int(s)]
        return slot >= 0 ? rows[Int(slot)] : nil
    }

    /// Installs `row` as the row of basic symbol `basic` (moved in, not copied); registers its
    /// cells in the columns.
    @discardableResult
    func insertRow(_ row: consuming Row, basic: Symbol) -> Int32 {
        sweepColumnsIfDue()
        let slot = freeSlots.popLast() ?? Int32(rows.count)
        for i in row.cells.indices { addToColumn(row.cells[i].symbol, slot) }
        if Int(slot) < rows.count {
            rows[Int(slot)] = consume row
            basicOf[Int(slot)] = basic
        } else {
            rows.append(consume row)
            basicOf.append(basic)
            visitStamp.append(0)
        }
        slotOf[Int(basic)] = slot
        return slot
    }

    /// Removes and returns the row of basic symbol `basic`.
    func removeRow(basic: Symbol) -> Row? {
        let slot = slotOf[Int(basic)]
        guard slot >= 0 else { return nil }
        var row = Row(constant: 0)
        swap(&row, &rows[Int(slot)])  // moved out, not copied
        for i in row.cells.indices { stale[Int(row.cells[i].symbol)] = true }
        basicOf[Int(slot)] = -1
        slotOf[Int(basic)] = -1
        freeSlots.append(slot)
        return row
    }

    /// Adds `c·symbol` to the row in `slot`, keeping the column index current.
    @inline(__always) func addCell(slot: Int32, _ symbol: Symbol, _ c: Double) {
        note(rows[Int(slot)].add(symbol, c), symbol, slot)
    }

    @inline(__always) func note(_ change: Row.CellChange, _ symbol: Symbol, _ slot: Int32) {
        switch change {
        case .created: addToColumn(symbol, slot)
        case .removed: stale[Int(symbol)] = true
        case .updated: break
        }
    }

    /// Takes the cell of `symbol` out of the row in `slot`.
    func removeCell(slot: Int32, _ symbol: Symbol) {
        if rows[Int(slot)].remove(symbol) != 0 { stale[Int(symbol)] = true }
    }

    /// Adds `c·row` to the row in `slot`, after taking out its cell of `removing` (the
    /// symbol being substituted). Short rows merge by scanning; long ones through a
    /// symbol -> position map, so that merging stays linear in the lengths. The row is moved
    /// out of the array while it is edited, so that no copy-on-write copy is ever made.
    /// Returns the row's new constant.
    @discardableResult
    func substitute(slot: Int32, removing symbol: Symbol, _ row: Row) -> Double? {
        sweepColumnsIfDue()
        let s = Int(slot)
        var target = Row(constant: 0)
        swap(&target, &rows[s])
        defer { swap(&target, &rows[s]) }
        let c = target.remove(symbol)
        if c == 0 { return nil }
        stale[Int(symbol)] = true
        target.constant += c * row.constant
        if target.cells.count * row.cells.count <= 64 {
            for i in row.cells.indices {
                let cell = row.cells[i]
                note(target.add(cell.symbol, c * cell.coefficient), cell.symbol, slot)
            }
            return target.constant
        }
        for i in target.cells.indices { position[Int(target.cells[i].symbol)] = Int32(i) }
        for i in row.cells.indices {
            let cell = row.cells[i]
            let p = position[Int(cell.symbol)]
            if p >= 0 {
                target.cells[Int(p)].coefficient += c * cell.coefficient
            } else {
                position[Int(cell.symbol)] = Int32(target.cells.count)
                target.append(cell.symbol, c * cell.coefficient)
                addToColumn(cell.symbol, slot)
            }
        }
        // Reset the map and drop cancelled cells in one pass.
        var kept = 0
        let n = target.cells.count
        for i in 0..<n {
            let cell = target.cells[i]
            position[Int(cell.symbol)] = -1
            if nearZero(cell.coefficient) { stale[Int(cell.symbol)] = true; continue }
            target.cells[kept] = cell
            kept += 1
        }
        target.cells.removeLast(n - kept)
        return target.constant
    }

    // Reads of one row's parts through the buffer's addressors: no copy of the row, so no
    // reference counting of its arrays in the hot loops.
    @inline(__always) func coefficient(slot: Int32, _ symbol: Symbol) -> Double {
        rows.withUnsafeBufferPointer { $0[Int(slot)].coefficient(of: symbol) }
    }

    @inline(__always) func constant(slot: Int32) -> Double {
        rows.withUnsafeBufferPointer { $0[Int(slot)].constant }
    }

    /// Adds `coefficient(symbol)·step` to the constant of the row in `slot`; returns it.
    @inline(__always) func shiftConstant(slot: Int32, by symbol: Symbol, _ step: Double) -> Double {
        rows.withUnsafeMutableBufferPointer { rows in
            rows[Int(slot)].constant += rows[Int(slot)].coefficient(of: symbol) * step
            return rows[Int(slot)].constant
        }
    }

    /// `shiftConstant` over many rows in one pass over the buffer; calls `moved` with each
    /// slot whose row turned negative or whose basic symbol is a dummy (the cases a caller
    /// must look at), after every row has moved.
    /// Returns whether a restricted or dummy row's constant was or became near zero (see
    /// `nearTight`).
    @discardableResult
    func shiftConstants(_ slots: IndexList, by symbol: Symbol, _ step: Double, moved: (Int32) -> Void) -> Bool {
        var flagged: [Int32] = []
        var tightnessChanged = false
        rows.withUnsafeMutableBufferPointer { rows in
            kinds.withUnsafeBufferPointer { kinds in
                for slot in slots {
                    let s = Int(slot)
                    let before = rows[s].constant
                    rows[s].constant = before + rows[s].coefficient(of: symbol) * step
                    let kind = kinds[Int(basicOf[s])]
                    if kind != .external && nearTight(before, rows[s].constant) { tightnessChanged = true }
                    if kind == .dummy || (kind != .external && rows[s].constant < 0) { flagged.append(slot) }
                }
            }
        }
        for slot in flagged { moved(slot) }
        return tightnessChanged
    }

    /// Notes that the row in `slot` now holds `symbol`.
    @inline(__always) func addToColumn(_ symbol: Symbol, _ slot: Int32) {
        if columns[Int(symbol)].leavesInlineForm(appending: slot) { spillColumn(symbol, slot) } else {
            columns[Int(symbol)].append(slot)
        }
        columnEntries += 1
    }

    /// `addToColumn` for a list that leaves its inline form, on kept storage. Apart: the pool
    /// is touched only here (passed to every append, it cost the small layouts 1 %).
    @inline(never) private func spillColumn(_ symbol: Symbol, _ slot: Int32) {
        listPool.append(slot, to: &columns[Int(symbol)], number: symbol)
    }

    /// Compacts the column lists when they have grown well past what they held at the
    /// last sweep: entries for cells that were removed again pile up in the lists of
    /// symbols that are seldom substituted (a document of a thousand priorities grew them
    /// to 80 million entries, 320 MB, for 24 thousand live cells). The next threshold is
    /// eight times what a sweep leaves, so sweeping costs amortised constant time per
    /// entry; small systems never reach it. Called where no row is being edited (`substitute` moves the
    /// row it edits out of `rows`, which would hide that row's cells from the sweep).
    @inline(__always) func sweepColumnsIfDue() {
        if columnEntries > sweepThreshold { sweepColumns() }
    }

    private func sweepColumns() {
        // Lists of a few entries are left to be compacted when next read, as cheaply.
        for s in columns.indices where stale[s] && columns[s].count > Tableau.sweptLength {
            _ = slots(containing: Symbol(s))
            if columns[s].capacity > 2 * columns[s].count + 8 { columns[s].trim() }
        }
        sweepThreshold = 8 * columnEntries + 8 * kinds.count + Tableau.minimumSweep
    }

    /// The slots whose rows hold `symbol` now; compacts the column list on the way.
    func slots(containing symbol: Symbol) -> IndexList {
        if !stale[Int(symbol)] { return columns[Int(symbol)] }
        stale[Int(symbol)] = false
        stampCounter &+= 1
        if stampCounter == 0 {
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stampCounter = 1
        }
        let stamp = stampCounter
        var list = columns[Int(symbol)]
        var kept = 0
        for i in list.indices {
            let slot = list[i]
            guard basicOf[Int(slot)] >= 0, visitStamp[Int(slot)] != stamp,
                  coefficient(slot: slot, symbol) != 0 else { continue }
            visitStamp[Int(slot)] = stamp
            list[kept] = slot
            kept += 1
        }
        columnEntries -= list.count - kept
        list.removeLast(list.count - kept)
        columns[Int(symbol)] = list
        return list
    }

    /// Column length, stale entries included: a cheap estimate of substitution cost.
    @inline(__always) func columnLength(_ s: Symbol) -> Int { columns[Int(s)].count }
}
