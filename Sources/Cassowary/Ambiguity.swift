// Which variables are not pinned down by the optimum.
//
// At an optimum every nonbasic column's reduced-cost vector is zero or lexicographically
// positive, and every optimal solution keeps the positive ones at zero. So the optimal
// face is spanned by the zero-cost columns: a variable is ambiguous when a move along one
// of them changes it while staying feasible. Moves are tried one column at a time; a
// variable freed only by a combination of degenerate moves is not reported.

extension Solver {
    /// Which of `variables` are not uniquely determined among the optimal solutions.
    public func ambiguous(_ variables: [Variable]) -> Set<Variable> {
        var free: [Symbol: Bool] = [:]   // column -> can move (cached)
        var result = Set<Variable>()
        for v in variables where isKnown(v) {
            let s = Symbol(v.id)
            if let row = tableau.row(of: s) {
                for i in row.symbols.indices {
                    let column = row.symbols[i]
                    let movable: Bool
                    if let known = free[column] { movable = known } else {
                        movable = canMove(column)
                        free[column] = movable
                    }
                    if movable { result.insert(v); break }
                }
            } else {
                let movable = free[s] ?? canMove(s)
                free[s] = movable
                if movable { result.insert(v) }
            }
        }
        return result
    }

    /// Whether nonbasic `column` can move off zero without leaving the optimal face.
    func canMove(_ column: Symbol) -> Bool {
        let kind = tableau.kinds[Int(column)]
        if kind == .dummy { return false }
        if goal.sign(column) != 0 { return false }
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
        return kind == .external && !blocked(direction: -1)
    }
}
