/// The simplex tableau: rows by slot, which symbol is basic in which slot, and a column
/// index (symbol -> slots whose rows mention it) so that substitution touches only the
/// rows that hold a symbol instead of walking every row (kiwi's main cost).
///
/// Column lists are lazy: a slot is appended when a cell is created and never removed
/// eagerly; readers check the row and compact the list as they go.
struct Tableau {
    var kinds: [SymbolKind] = []
    var rows: [Row] = []
    var basicOf: [Symbol] = []          // by slot; -1 when the slot is free
    var freeSlots: [Int32] = []
    var slotOf: [Int32] = []            // by symbol; -1 when nonbasic
    var columns: [[Int32]] = []         // by symbol
    var visitStamp: [UInt32] = []       // by slot, to de-duplicate column lists
    var stampCounter: UInt32 = 0
    var position: [Int32] = []          // by symbol; -1 except while merging long rows

    mutating func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s = Symbol(kinds.count)
        kinds.append(kind)
        slotOf.append(-1)
        columns.append([])
        position.append(-1)
        return s
    }

    @inline(__always) func isBasic(_ s: Symbol) -> Bool { slotOf[Int(s)] >= 0 }
    @inline(__always) func isRestricted(_ s: Symbol) -> Bool { kinds[Int(s)] != .external }

    /// The row whose basic symbol is `s`, if any.
    @inline(__always) func row(of s: Symbol) -> Row? {
        let slot = slotOf[Int(s)]
        return slot >= 0 ? rows[Int(slot)] : nil
    }

    /// Installs `row` as the row of basic symbol `basic`; registers its cells in the columns.
    @discardableResult
    mutating func insertRow(_ row: Row, basic: Symbol) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            rows[Int(slot)] = row
            basicOf[Int(slot)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basicOf.append(basic)
            visitStamp.append(0)
        }
        slotOf[Int(basic)] = slot
        for s in row.symbols { columns[Int(s)].append(slot) }
        return slot
    }

    /// Removes and returns the row of basic symbol `basic`.
    mutating func removeRow(basic: Symbol) -> Row? {
        let slot = slotOf[Int(basic)]
        guard slot >= 0 else { return nil }
        let row = rows[Int(slot)]
        rows[Int(slot)] = Row(constant: 0)
        basicOf[Int(slot)] = -1
        slotOf[Int(basic)] = -1
        freeSlots.append(slot)
        return row
    }

    /// Adds `c·symbol` to the row in `slot`, keeping the column index current.
    @inline(__always) mutating func addCell(slot: Int32, _ symbol: Symbol, _ c: Double) {
        if rows[Int(slot)].add(symbol, c) { columns[Int(symbol)].append(slot) }
    }

    /// Adds `c·row` to the row in `slot`. Short rows merge by scanning; long ones through a
    /// symbol -> position map, so that merging stays linear in the lengths.
    mutating func addScaled(slot: Int32, _ row: Row, _ c: Double) {
        let s = Int(slot)
        rows[s].constant += c * row.constant
        if rows[s].symbols.count * row.symbols.count <= 64 {
            for i in row.symbols.indices { addCell(slot: slot, row.symbols[i], c * row.coefficients[i]) }
            return
        }
        for (i, sym) in rows[s].symbols.enumerated() { position[Int(sym)] = Int32(i) }
        for i in row.symbols.indices {
            let sym = row.symbols[i]
            let p = position[Int(sym)]
            if p >= 0 {
                rows[s].coefficients[Int(p)] += c * row.coefficients[i]
            } else {
                position[Int(sym)] = Int32(rows[s].symbols.count)
                rows[s].symbols.append(sym)
                rows[s].coefficients.append(c * row.coefficients[i])
                columns[Int(sym)].append(slot)
            }
        }
        // Reset the map and drop cancelled cells in one pass.
        var kept = 0
        let n = rows[s].symbols.count
        for i in 0..<n {
            let sym = rows[s].symbols[i]
            position[Int(sym)] = -1
            let v = rows[s].coefficients[i]
            if nearZero(v) { continue }
            rows[s].symbols[kept] = sym
            rows[s].coefficients[kept] = v
            kept += 1
        }
        rows[s].symbols.removeLast(n - kept)
        rows[s].coefficients.removeLast(n - kept)
    }

    /// The slots whose rows hold `symbol` now; compacts the column list on the way.
    mutating func slots(containing symbol: Symbol) -> [Int32] {
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
                  rows[Int(slot)].index(of: symbol) != nil else { continue }
            visitStamp[Int(slot)] = stamp
            list[kept] = slot
            kept += 1
        }
        list.removeLast(list.count - kept)
        columns[Int(symbol)] = list
        return list
    }

    /// Column length, stale entries included: a cheap estimate of substitution cost.
    @inline(__always) func columnLength(_ s: Symbol) -> Int { columns[Int(s)].count }
}
