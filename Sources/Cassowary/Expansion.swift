// Expanding expressions over definitions into the restricted tableau's terms.

extension Solver {
    /// `row` with every defined variable replaced by its definition (transitively) and every
    /// basic restricted symbol by its row: what is left are free variables and nonbasic
    /// restricted symbols. Shared sub-definitions are expanded once (topological order),
    /// so the cost is linear in what is reachable, never exponential.
    func expand(_ row: Row) -> Row {
        let acc = accumulator
        acc.constant = row.constant
        var anyDefined = false
        for i in row.cells.indices {
            acc.add(row.cells[i].symbol, row.cells[i].coefficient)
            if definitions.isDefined(row.cells[i].symbol) { anyDefined = true }
        }
        if anyDefined {
            collectDefinitions(fromCellsOf: row)
            // Postorder reversed: every definition before the ones it refers to.
            definitions.rows.withReader { defs in
                for x in scratchOrder.reversed() {
                    let c = acc.take(x)
                    guard c != 0, defs.isDefined(Int(x)) else { continue }
                    acc.constant += c * defs.constant(Int(x))
                    defs.forEachCell(Int(x)) { cell in acc.add(cell.symbol, c * cell.coefficient) }
                }
            }
        }
        // Basic restricted symbols last: their rows hold only nonbasic restricted symbols.
        tableau.rows.withUnsafeBufferPointer { rows in
            var i = 0
            while i < acc.touched.count {
                let s = acc.touched[i]
                i += 1
                let slot = Int(tableau.slotOf[Int(s)])
                guard slot >= 0, tableau.kinds[Int(s)] != .external else { continue }
                let c = acc.take(s)
                guard c != 0 else { continue }
                acc.constant += c * rows[slot].constant
                // By index where they lie (a buffer over them retained the row's storage).
                for k in 0..<rows[slot].cells.count {
                    let cell = rows[slot].cells[k]
                    acc.add(cell.symbol, c * cell.coefficient)
                }
            }
        }
        return acc.finish(into: tableau.freshRow(constant: 0, capacity: acc.touched.count))
    }

    /// Fills `scratchOrder` with the defined variables reachable from `symbols` in
    /// postorder (each after everything it refers to), reusing the solver's buffers.
    func collectDefinitions<Symbols: Collection<Symbol>>(from symbols: Symbols) {
        collectingDefinitions { visit in for root in symbols { visit(root) } }
    }

    /// `collectDefinitions` from every defined variable, in symbol order.
    func collectDefinitionsOfAll() {
        collectingDefinitions { visit in definitions.rows.forEachDefinedSymbol(visit) }
    }

    /// `collectDefinitions` from the symbols of `row`'s cells, read by index (a walk over
    /// `row.symbols` copied the cells' array: an atomic retain and release).
    func collectDefinitions(fromCellsOf row: Row) {
        collectingDefinitions { visit in for i in row.cells.indices { visit(row.cells[i].symbol) } }
    }

    /// The walk of `collectDefinitions`, from the roots `roots` hands to its argument. The
    /// solver's buffers are swapped out and back, not copied, so no reference is counted.
    @inline(__always) private func collectingDefinitions(_ roots: ((Symbol) -> Void) -> Void) {
        var order: [Symbol] = [], stack: [(Symbol, Int)] = []
        swap(&order, &scratchOrder)
        swap(&stack, &scratchStack)
        order.emptyKeepingCapacity()
        stack.emptyKeepingCapacity()
        let visit = definitions.newMark()
        definitions.rows.withReader { defs in
            roots { root in
                guard defs.slots[Int(root)] >= 0 && definitions.mark(root, visit) else { return }
                stack.append((root, 0))
                while let (x, next) = stack.last {
                    if next < defs.cellCount(Int(x)) {
                        stack[stack.count - 1].1 = next + 1
                        let s = defs.symbol(Int(x), at: next)
                        if defs.slots[Int(s)] >= 0 && definitions.mark(s, visit) { stack.append((s, 0)) }
                    } else {
                        order.append(x)
                        stack.removeLast()
                    }
                }
            }
        }
        swap(&order, &scratchOrder)
        swap(&stack, &scratchStack)
    }

    /// The defined variables reachable from `symbols`, each before everything it refers to.
    func definitionOrder(from symbols: [Symbol]) -> [Symbol] {
        collectDefinitions(from: symbols)
        return scratchOrder.reversed()
    }

    /// The value of a variable: its definition evaluated, free variables at 0, restricted
    /// symbols at their basic values. Values are refreshed together (see `refreshValues`).
    func evaluate(_ x: Symbol) -> Double {
        if definitions.valuesEpoch != definitions.epoch { refreshValues() }
        return definitions.values[Int(x)]
    }

    /// Whether defining free variable `x` from a row that mentions `defined` variables would
    /// close a cycle: some definition reachable from them refers to x. Walks the reverse
    /// references from x; gives up (answers true) past `limit` steps.
    func wouldCycle(defining x: Symbol, from row: Row, limit: Int = 256) -> Bool {
        let target = definitions.newMark()
        var any = false
        for i in row.cells.indices where definitions.isDefined(row.cells[i].symbol) {
            _ = definitions.mark(row.cells[i].symbol, target)
            any = true
        }
        if !any { return false }
        let visited = definitions.newMark()
        _ = definitions.mark(x, visited)
        // The solver's scratch stack, swapped out and back: an array of its own would be an
        // allocation for most constraints added.
        var stack: [Symbol] = []
        swap(&stack, &scratchSymbols)
        defer { stack.emptyKeepingCapacity(); swap(&stack, &scratchSymbols) }
        stack.append(x)
        var steps = 0
        while let s = stack.popLast() {
            for y in definitions.definitions(mentioning: s) {
                if definitions.isMarked(y, target) { return true }
                guard definitions.mark(y, visited) else { continue }
                steps += 1
                if steps > limit { return true }
                stack.append(y)
            }
        }
        return false
    }
}

/// A dense scratch accumulator for sparse sums, indexed by symbol and reset after each use.
/// A class, so that the solver's one instance is reused without copy-on-write copies.
final class Accumulator {
    var values = OwnedArray<Double>()
    var marked = OwnedArray<Bool>()
    var touched: [Symbol] = []
    var constant = 0.0

    /// Clear of whatever an interrupted sum left (see `Solver.reset`).
    func reset() {
        for s in touched {
            values[Int(s)] = 0
            marked[Int(s)] = false
        }
        touched.emptyKeepingCapacity()
        constant = 0
    }

    /// Room for `symbols` symbols, no more: parts taken from a larger solver
    /// (`SolverShelf`) came with a larger accumulator (see `Solver.compact`).
    func compact(symbols: Int) {
        values.removeSuffix(from: symbols); marked.removeSuffix(from: symbols)
        values.shrinkToFit(); marked.shrinkToFit()
        touched = []
    }

    @inline(__always) func add(_ s: Symbol, _ c: Double) {
        let i = Int(s)
        if i >= values.count {
            let n = max(i + 1, values.count + values.count / 4 + 64)
            values.append(0, times: n - values.count)
            marked.append(false, times: n - marked.count)
        }
        if !marked[i] { marked[i] = true; touched.append(s) }
        values[i] += c
    }

    @inline(__always) func take(_ s: Symbol) -> Double {
        let i = Int(s)
        guard i < values.count else { return 0 }
        let c = values[i]
        values[i] = 0
        return c
    }

    /// The accumulated row; leaves the accumulator empty.
    func finish(into empty: consuming Row) -> Row {
        var row = empty
        row.constant = constant
        for i in touched.indices {
            let s = touched[i]
            let c = values[Int(s)]
            values[Int(s)] = 0
            marked[Int(s)] = false
            if !nearZero(c) { row.append(s, c) }
        }
        touched.emptyKeepingCapacity()
        constant = 0
        return row
    }
}
