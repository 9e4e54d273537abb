// Which variables are not pinned down by the optimum.
//
// At an optimum every nonbasic column's reduced-cost vector is zero or lexicographically
// positive, and every optimal solution keeps the positive ones at zero. So the optimal
// face is spanned by the zero-cost ("free") columns: a variable is ambiguous when some
// feasible move along them changes it. A move along one column is checked directly; when
// degenerate rows block every single-column move, a small LP over the free columns decides
// exactly (see OptimalFace).

extension Solver {
    /// Which of `variables` are not uniquely determined among the optimal solutions.
    public func ambiguous(_ variables: [Variable]) -> Set<Variable> {
        settle()
        let face = OptimalFace(solver: self)
        let reach = symbolsReachingFreeColumns(face)
        guard !reach.isEmpty else { return [] }
        var result = Set<Variable>()
        for v in variables where isKnown(v) && v.id < reach.count && reach[v.id] {
            let target = expand(Row(constant: 0, symbol: Symbol(v.id)))
            // A free variable left in the expansion is bound by nothing: it can move.
            if target.symbols.contains(where: { tableau.kinds[Int($0)] == .external }) {
                result.insert(v)
                continue
            }
            if face.canChange(target) { result.insert(v) }
        }
        return result
    }

    /// Every variable whose value could depend on a free variable or on a free column of a
    /// component that is not rigid: those themselves, the basic rows that mention them, and the definitions that mention
    /// any of those, transitively. Variables outside it are determined without expanding.
    /// By symbol (a flag each: a set hashed every symbol it met, a fifth of a 100-view
    /// session's `update` when its basis had changed); empty when none does (then nothing is
    /// allocated: most screens).
    func symbolsReachingFreeColumns(_ face: OptimalFace) -> [Bool] {
        var reach: [Bool] = []
        var stack: [Symbol] = []
        func visit(_ s: Symbol) {
            if reach.isEmpty { reach = [Bool](repeating: false, count: tableau.kinds.count) }
            guard !reach[Int(s)] else { return }
            reach[Int(s)] = true
            stack.append(s)
        }
        // The candidates in one tight pass over the per-symbol tables (a call and three
        // table look-ups per symbol were most of an ambiguous 100-view update's check):
        // undefined externals, and free columns, which are then asked the dearer questions.
        var candidates: [Symbol] = []
        tableau.kinds.withUnsafeBufferPointer { kinds in
            tableau.slotOf.withUnsafeBufferPointer { slotOf in
                goal.withLeads { lead in
                    definitions.withDefinitionSlots { defined in
                        // Every table has a place per symbol; should one fall short, the rest
                        // are asked one by one (bounds-checked) below.
                        let n = min(kinds.count, slotOf.count, lead.count, defined.count)
                        for i in 0..<n {
                            switch kinds[i] {
                            case .external: if defined[i] < 0 { candidates.append(Symbol(i)) }
                            case .dummy: continue
                            case .slack, .error: if slotOf[i] < 0 && lead[i] < 0 { candidates.append(Symbol(i)) }
                            }
                        }
                        for i in n..<kinds.count {
                            let s = Symbol(i)
                            if kinds[i] == .external ? !definitions.isDefined(s) : isFreeColumn(s) { candidates.append(s) }
                        }
                    }
                }
            }
        }
        for s in candidates where tableau.kinds[Int(s)] == .external || (isOwned(s) && face.isLoose(s)) { visit(s) }
        while let s = stack.popLast() {
            if tableau.kinds[Int(s)] != .external {
                for slot in tableau.slots(containing: s) { visit(tableau.basicOf[Int(slot)]) }
            }
            for x in definitions.definitions(mentioning: s) { visit(x) }
        }
        return reach
    }

    /// A nonbasic column with zero reduced cost at every level that is allowed to move.
    func isFreeColumn(_ s: Symbol) -> Bool {
        tableau.kinds[Int(s)] != .dummy && !tableau.isBasic(s) && goal.sign(s) == 0
    }

    /// Whether nonbasic `column` alone can move off zero while staying feasible.
    func canMove(_ column: Symbol) -> Bool {
        let slots = tableau.slots(containing: column)
        func blocked(direction: Double) -> Bool {
            for slot in slots {
                let basic = tableau.basicOf[Int(slot)]
                let row = tableau.rows[Int(slot)]
                let c = row.coefficient(of: column) * direction
                switch tableau.kinds[Int(basic)] {
                case .external: continue
                case .dummy: if !nearZero(c) { return true }
                case .slack, .error: if c < 0 && row.constant <= epsilon { return true }
                }
            }
            return false
        }
        if !blocked(direction: 1) { return true }
        return tableau.kinds[Int(column)] == .external && !blocked(direction: -1)
    }

}

extension Row {
    /// The row `1·symbol`: a nonbasic variable seen as its own expression.
    init(constant: Double, symbol: Symbol) {
        self.init(constant: constant)
        cells = [Cell(symbol: symbol, coefficient: 1)]
    }
}
