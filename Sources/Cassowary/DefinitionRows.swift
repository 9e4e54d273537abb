/// The definitions' rows by symbol, held densely. Only external variables are ever
/// defined, a fraction of all symbols (every constraint adds slacks, errors or markers),
/// so an optional row per symbol spent most of its bytes on nothing: here a symbol costs
/// a slot number, and only defined symbols have a row.
struct DefinitionRows: ~Copyable {
    /// By symbol: where its row is in `storage`, or -1.
    private var slotOf = OwnedArray<Int32>()
    private var storage: [Row] = []
    /// Places in `storage` freed by undefined symbols, reused first.
    private var free: [Int32] = []

    /// How many symbols the table has room for.
    var symbolCount: Int { slotOf.count }

    mutating func appendSymbol() { slotOf.append(-1) }
    mutating func appendSymbols(_ count: Int) { slotOf.append(-1, times: count) }

    mutating func reserveCapacity(symbols: Int) { slotOf.reserveCapacity(symbols) }

    @inline(__always) func isDefined(_ x: Int) -> Bool { slotOf[x] >= 0 }

    /// The slots by symbol (>= 0: defined), for a pass over every symbol.
    @inline(__always) func withSlots<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        slotOf.withUnsafeBufferPointer(body)
    }

    /// Adds `delta` to the constant of `x`'s row where it stands (nothing when `x` has none):
    /// a constant change moves several definitions' constants, and the subscript's move out
    /// and back cost a retain, a release and two uniqueness checks each.
    @inline(__always) mutating func addConstant(_ x: Int, _ delta: Double) {
        let s = Int(slotOf[x])
        if s >= 0 { storage[s].constant += delta }
    }

    /// `x`'s coefficient of `symbol`, read in place (0 when `x` has no row).
    @inline(__always) func coefficient(_ x: Int, of symbol: Symbol) -> Double {
        let s = Int(slotOf[x])
        return s >= 0 ? storage[s].coefficient(of: symbol) : 0
    }

    /// The row of symbol `x`. Setting nil undefines it; changing a row through the
    /// subscript (`rows[x]?.add(…)`) edits it where it is: it is moved out and back, so
    /// its arrays are never copied.
    subscript(x: Int) -> Row? {
        get {
            let s = Int(slotOf[x])
            return s >= 0 ? storage[s] : nil
        }
        set {
            var value = newValue
            put(&value, symbol: x)
        }
        _modify {
            var value: Row?
            let s = Int(slotOf[x])
            if s >= 0 {
                var taken = Row(constant: 0)
                swap(&taken, &storage[s])
                value = consume taken
            }
            defer { put(&value, symbol: x) }
            yield &value
        }
    }

    /// Stores `value` (moved, not copied) as the row of `x`.
    private mutating func put(_ value: inout Row?, symbol x: Int) {
        let s = Int(slotOf[x])
        if var row = value.take() {
            if s >= 0 {
                swap(&storage[s], &row)
            } else if let reused = free.popLast() {
                swap(&storage[Int(reused)], &row)
                slotOf[x] = reused
            } else {
                slotOf[x] = Int32(truncatingIfNeeded: storage.count)
                storage.append(consume row)
            }
        } else if s >= 0 {
            storage[s] = Row(constant: 0)
            free.append(Int32(truncatingIfNeeded: s))
            slotOf[x] = -1
        }
    }

    /// Runs `body` with plain reads of the rows (no reference counting of the table).
    @inline(__always) func withReader<R>(_ body: (Reader) -> R) -> R {
        slotOf.withUnsafeBufferPointer { slots in
            storage.withUnsafeBufferPointer { rows in body(Reader(slots: slots, rows: rows)) }
        }
    }

    struct Reader {
        let slots: UnsafeBufferPointer<Int32>
        let rows: UnsafeBufferPointer<Row>

        @inline(__always) subscript(x: Int) -> Row? {
            let s = Int(slots[x])
            return s >= 0 ? rows[s] : nil
        }

        /// How many cells `x`'s definition has (0 when it has none), and its `i`th symbol:
        /// walks over the definitions read them in place instead of copying (and
        /// reference counting) each row.
        @inline(__always) func cellCount(_ x: Int) -> Int {
            let s = Int(slots[x])
            return s >= 0 ? rows[s].cells.count : 0
        }
        @inline(__always) func symbol(_ x: Int, at i: Int) -> Symbol { rows[Int(slots[x])].cells[i].symbol }

        @inline(__always) func isDefined(_ x: Int) -> Bool { slots[x] >= 0 }

        /// Runs `body` on each cell of `x`'s definition (none when it has none), in order.
        /// The cells are read by index where they lie: a buffer over them
        /// (`withUnsafeBufferPointer` on the row's array) retained and released its storage
        /// for every definition read.
        @inline(__always) func forEachCell(_ x: Int, _ body: (Cell) -> Void) {
            let s = Int(slots[x])
            guard s >= 0 else { return }
            let n = rows[s].cells.count
            var i = 0
            while i < n {
                body(rows[s].cells[i])
                i += 1
            }
        }

        /// The constant of `x`'s definition (0 when it has none), without copying the row.
        @inline(__always) func constant(_ x: Int) -> Double {
            let s = Int(slots[x])
            return s >= 0 ? rows[s].constant : 0
        }
    }

    /// Every defined symbol, in symbol order.
    func forEachDefinedSymbol(_ body: (Symbol) -> Void) {
        for x in slotOf.indices where slotOf[x] >= 0 { body(Symbol(x)) }
    }

    /// Empty, as new, keeping the arrays' storage (see `Solver.reset`); each row's storage
    /// goes to `tableau`'s pool.
    mutating func reset(recyclingInto tableau: Tableau) {
        slotOf.removeAll()
        tableau.recycle(rowsOf: &storage)
        free.emptyKeepingCapacity()
    }

    /// Exact-size storage, holes dropped, each row trimmed (see `Solver.compact`).
    mutating func compact() {
        var dense: [Row] = []
        dense.reserveCapacity(storage.count - free.count)
        for x in slotOf.indices where slotOf[x] >= 0 {
            var row = storage[Int(slotOf[x])]
            row.trim()
            slotOf[x] = Int32(truncatingIfNeeded: dense.count)
            dense.append(row)
        }
        storage = dense
        free = []
        slotOf.shrinkToFit()
    }
}
