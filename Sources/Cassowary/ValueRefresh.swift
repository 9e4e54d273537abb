// Reading the values of the user's variables: the definitions evaluated in one flat pass,
// or, after a constant changed in place, only the definitions that depend on what moved.

extension Solver {
    /// Brings every value up to date: evaluates the definitions in topological order
    /// (recompiling the order first if the definitions changed shape). A flat loop over flat
    /// arrays: reading all variables after a change costs one multiply-add per definition
    /// cell. When the only changes since the last refresh were constants moved in place
    /// (`Definitions.moved`), only the definitions reachable from what moved are evaluated,
    /// each exactly as the full pass would (same inputs, same order), so the values are the
    /// same to the bit.
    func refreshValues() {
        if definitions.program.structure != definitions.structure {
            compileProgram()
            definitions.movedAll = true
        }
        var only: [UInt64]?
        if !definitions.movedAll, definitions.values.count == tableau.kinds.count {
            let moved = definitions.moved
            // The same edits again (a slider, a window being resized: often two edits taking
            // turns) move the same symbols: what depends on them is known already while the
            // program's shape holds.
            let structure = definitions.program.structure
            if let known = definitions.affected.first(where: { $0.structure == structure && $0.moved == moved }) {
                only = known.bits
            } else {
                var bits: [UInt64] = []
                let partial = markAffected(moved, into: &bits)
                if definitions.affected.count == Definitions.Affected.kept { definitions.affected.removeFirst() }
                definitions.affected.append(Definitions.Affected(structure: structure, moved: moved, bits: partial ? bits : nil))
                only = partial ? bits : nil
            }
        }
        runProgram(only: only)
        definitions.moved.emptyKeepingCapacity()
        definitions.movedAll = false
        definitions.valuesEpoch = definitions.epoch
    }

    /// Sets the bits (by program entry) of the definitions that read, directly or through
    /// other definitions, a symbol in `moved`. False when they are most of the program (a
    /// full pass is then cheaper).
    private func markAffected(_ moved: [Symbol], into bits: inout [UInt64]) -> Bool {
        let symbols = tableau.kinds.count
        let targets = definitions.program.targets
        if definitions.programPosition.count != symbols {
            var position = [Int32](repeating: -1, count: symbols)
            for (k, x) in targets.enumerated() { position[Int(x)] = Int32(k) }
            definitions.programPosition = position
        }
        bits = [UInt64](repeating: 0, count: (targets.count + 63) / 64)
        var stack: [Symbol] = []
        swap(&stack, &scratchOrder)  // its buffer (swapped out, not copied), not what the last walk left in it
        stack.emptyKeepingCapacity()
        defer { swap(&stack, &scratchOrder) }
        return bits.withUnsafeMutableBufferPointer { bits in
            definitions.programPosition.withUnsafeBufferPointer { position in
                definitions.markReaders(of: moved, position: position, bits: bits, limit: targets.count / 2, stack: &stack)
            }
        }
    }

    /// Evaluates the program's entries (those whose bits are set in `only`, or all), in order.
    private func runProgram(only: [UInt64]?) {
        var values: [Double] = []
        swap(&values, &definitions.values)
        defer { swap(&values, &definitions.values) }
        let p = definitions.program
        // Flat reads through buffer pointers: no reference counting or bounds checks inside
        // the loop. Restricted symbols read as their basic values (0 when nonbasic);
        // externals as computed so far (a free one is 0, and every defined one precedes its
        // readers). The program marks restricted symbols by complementing them.
        tableau.slotOf.withUnsafeBufferPointer { slotOf in
        tableau.rows.withUnsafeBufferPointer { rows in
        definitions.rows.withReader { defs in
        p.targets.withUnsafeBufferPointer { targets in
        p.starts.withUnsafeBufferPointer { starts in
        p.symbols.withUnsafeBufferPointer { symbols in
        p.coefficients.withUnsafeBufferPointer { coefficients in
        values.withUnsafeMutableBufferPointer { values in
            @inline(__always) func evaluate(_ k: Int) {
                let x = Int(targets[k])
                var v = defs.constant(x)
                for j in Int(starts[k])..<Int(starts[k + 1]) {
                    let s = Int(symbols[j])
                    if s >= 0 {
                        v += coefficients[j] * values[s]
                    } else {
                        let slot = Int(slotOf[~s])
                        if slot >= 0 { v += coefficients[j] * rows[slot].constant }
                    }
                }
                values[x] = v
            }
            if let only {
                for (w, word) in only.enumerated() {
                    var bits = word
                    while bits != 0 {
                        evaluate(w << 6 | bits.trailingZeroBitCount)
                        bits &= bits - 1
                    }
                }
            } else {
                for k in 0..<targets.count { evaluate(k) }
            }
        }}}}}}}}
    }

    /// Every value evaluated once, straight from the definitions in the program's order and
    /// with its arithmetic (the same values to the bit), without building the program: a
    /// solver read once does not pay for it. The next refresh compiles it (its structure
    /// stays unknown), and evaluates every definition as after any change of shape.
    func evaluateOnce() {
        collectEvaluationOrder()
        var order: [Symbol] = []
        swap(&order, &scratchOrder)  // walked in place, not copied (nor reversed twice)
        defer { swap(&order, &scratchOrder) }
        var values: [Double] = []
        swap(&values, &definitions.values)
        defer { swap(&values, &definitions.values) }
        tableau.slotOf.withUnsafeBufferPointer { slotOf in
        tableau.rows.withUnsafeBufferPointer { rows in
        tableau.kinds.withUnsafeBufferPointer { kinds in
        definitions.rows.withReader { defs in
        values.withUnsafeMutableBufferPointer { values in
            for x in order {
                guard defs.isDefined(Int(x)) else { continue }
                var v = defs.constant(Int(x))
                defs.forEachCell(Int(x)) { cell in
                    let s = Int(cell.symbol)
                    if kinds[s] == .external {
                        v += cell.coefficient * values[s]
                    } else {
                        let slot = Int(slotOf[s])
                        if slot >= 0 { v += cell.coefficient * rows[slot].constant }
                    }
                }
                values[Int(x)] = v
            }
        }}}}}
        definitions.moved.emptyKeepingCapacity()
        definitions.movedAll = true
        definitions.valuesEpoch = definitions.epoch
        definitions.readBefore = true
    }

    /// Flattens the definitions in topological order; free variables get the value 0.
    func compileProgram() {
        collectEvaluationOrder()
        var order: [Symbol] = []
        swap(&order, &scratchOrder)
        defer { swap(&order, &scratchOrder) }
        var p = Definitions.Program()
        p.structure = definitions.structure
        p.targets.reserveCapacity(order.count)
        for x in order {
            guard let def = definitions.rows[Int(x)] else { continue }
            p.targets.append(x)
            for cell in def.cells {
                p.symbols.append(tableau.kinds[Int(cell.symbol)] == .external ? cell.symbol : ~cell.symbol)
                p.coefficients.append(cell.coefficient)
            }
            p.starts.append(Int32(p.symbols.count))
        }
        definitions.setProgram(p)
    }

    /// Puts in `scratchOrder` the defined variables, each after everything its definition
    /// reads (the walk's postorder, from every defined variable in symbol order); the free
    /// variables' values set to 0 on the way. What both the program and an in-place
    /// evaluation follow.
    private func collectEvaluationOrder() {
        for x in definitions.values.indices where !definitions.rows.isDefined(x) { definitions.values[x] = 0 }
        collectDefinitionsOfAll()
    }
}
