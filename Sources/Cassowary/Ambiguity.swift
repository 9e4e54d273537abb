// Which variables are not pinned down by the optimum.
//
// At an optimum every nonbasic column's reduced-cost vector is zero or lexicographically
// positive, and every optimal solution keeps the positive ones at zero. So the optimal
// face is spanned by the zero-cost ("free") columns: a variable is ambiguous when some
// feasible move along them changes it. A move along one column is checked directly; when
// degenerate rows block every single-column move, a small LP over the free columns (on a
// probe solver) decides exactly.

extension Solver {
    /// Which of `variables` are not uniquely determined among the optimal solutions.
    public func ambiguous(_ variables: [Variable]) -> Set<Variable> {
        let reach = symbolsReachingFreeColumns()
        var movable: [Symbol: Bool] = [:]
        var result = Set<Variable>()
        for v in variables where isKnown(v) && reach.contains(Symbol(v.id)) {
            let target = expand(Row(constant: 0, symbol: Symbol(v.id)))
            // A free variable left in the expansion is bound by nothing: it can move.
            if target.symbols.contains(where: { tableau.kinds[Int($0)] == .external }) {
                result.insert(v)
                continue
            }
            let free = target.symbols.filter { isFreeColumn($0) }
            if free.isEmpty { continue }
            var single = false
            for column in free {
                let m = movable[column] ?? canMove(column)
                movable[column] = m
                if m { single = true; break }
            }
            if single || canMoveJointly(target) { result.insert(v) }
        }
        return result
    }

    /// Every variable whose value could depend on a free column or free variable: the free
    /// ones themselves, the basic rows that mention them, and the definitions that mention
    /// any of those, transitively. Variables outside it are determined without expanding.
    func symbolsReachingFreeColumns() -> Set<Symbol> {
        var reach = Set<Symbol>()
        var stack: [Symbol] = []
        for s in 0..<Symbol(tableau.kinds.count) {
            let kind = tableau.kinds[Int(s)]
            let seed = kind == .external ? !definitions.isDefined(s) : isFreeColumn(s) && owner[Int(s)] != nil
            if seed && reach.insert(s).inserted { stack.append(s) }
        }
        while let s = stack.popLast() {
            if tableau.kinds[Int(s)] != .external {
                for slot in tableau.slots(containing: s) {
                    let b = tableau.basicOf[Int(slot)]
                    if reach.insert(b).inserted { stack.append(b) }
                }
            }
            for x in definitions.definitions(mentioning: s) where reach.insert(x).inserted { stack.append(x) }
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

    /// Exact check: can `target` (a row over nonbasic columns) change value while the free
    /// columns move together and every restricted row stays feasible?
    func canMoveJointly(_ target: Row) -> Bool {
        // The free columns reachable from the target through restricted rows, and those rows.
        var columns: [Symbol: Variable] = [:]
        var pending: [Symbol] = target.symbols.filter { isFreeColumn($0) }
        var rowSlots = Set<Int32>()
        let probe = Solver()
        probe.explainsConflicts = false
        while let column = pending.popLast() {
            guard columns[column] == nil else { continue }
            let v = probe.makeVariable()
            columns[column] = v
            if tableau.isRestricted(column) {
                _ = try? probe.add(Constraint(Expression([(v, 1)]), .greaterOrEqual))
            }
            for slot in tableau.slots(containing: column)
            where tableau.isRestricted(tableau.basicOf[Int(slot)]) && rowSlots.insert(slot).inserted {
                for s in tableau.rows[Int(slot)].symbols where isFreeColumn(s) && columns[s] == nil {
                    pending.append(s)
                }
            }
        }
        func restricted(_ row: Row) -> Expression {
            var terms: [(Variable, Double)] = []
            for i in row.symbols.indices {
                if let v = columns[row.symbols[i]] { terms.append((v, row.coefficients[i])) }
            }
            return Expression(terms, constant: row.constant)
        }
        for slot in rowSlots {
            let relation: Relation = tableau.kinds[Int(tableau.basicOf[Int(slot)])] == .dummy ? .equal : .greaterOrEqual
            var e = restricted(tableau.rows[Int(slot)])
            if relation == .greaterOrEqual && e.constant < 0 { e.constant = 0 }  // numerical dust
            _ = try? probe.add(Constraint(e, relation))
        }
        let moved = restricted(target)
        let movedTerms = moved.terms.map { ($0.variable, $0.coefficient) }
        for direction in [1.0, -1.0] {
            let push = Constraint(Expression(movedTerms.map { ($0.0, $0.1 * direction) }, constant: -1),
                                  .greaterOrEqual, priority: 1)
            guard (try? probe.add(push)) != nil else { continue }
            var change = 0.0
            for (v, c) in movedTerms { change += c * probe.value(v) }
            _ = try? probe.remove(push)
            if abs(change) > 1e-7 { return true }
        }
        return false
    }
}

extension Row {
    /// The row `1·symbol`: a nonbasic variable seen as its own expression.
    init(constant: Double, symbol: Symbol) {
        self.init(constant: constant)
        symbols = [symbol]
        coefficients = [1]
    }
}
