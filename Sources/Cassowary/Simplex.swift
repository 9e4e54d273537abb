// Pivoting and the two simplex passes. Entering and leaving choices follow Bland's rule
// (lowest symbol among equals) so that degenerate layouts, which are the common case
// (many constants are 0), cannot cycle.

extension Solver {
    /// Replaces the nonbasic `symbol` by `row` in every row holding it and in the objectives.
    func substitute(_ symbol: Symbol, _ row: Row) {
        for slot in tableau.slots(containing: symbol) {
            guard let constant = tableau.substitute(slot: slot, removing: symbol, row) else { continue }
            statistics.cellsMerged += row.cells.count
            let basic = tableau.basicOf[Int(slot)]
            if constant < 0 && tableau.isRestricted(basic) { infeasible.append(basic) }
        }
        goal.substitute(symbol, row)
    }

    /// Makes `entering` basic in the row of `leaving`.
    func pivot(entering: Symbol, leaving: Symbol) {
        guard var row = tableau.removeRow(basic: leaving) else { return }
        definitions.invalidate()
        faceVersion &+= 1
        statistics.pivots += 1
        row.solve(leaving, for: entering)
        substitute(entering, row)
        tableau.insertRow(consume row, basic: entering)
        pivotLog?.append((entering: entering, leaving: leaving))
    }

    /// Undoes the logged pivots, newest first, restoring the basis they started from.
    func undoPivots(_ log: [(entering: Symbol, leaving: Symbol)]) {
        let saved = pivotLog
        pivotLog = nil
        for step in log.reversed() { pivot(entering: step.leaving, leaving: step.entering) }
        pivotLog = saved
    }

    /// The row (by basic symbol) that limits increasing `entering` first, or nil if none does.
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: Symbol = -1
        var ratio = Double.infinity
        for slot in tableau.slots(containing: entering) {
            let basic = tableau.basicOf[Int(slot)]
            guard tableau.isRestricted(basic) else { continue }
            let c = tableau.coefficient(slot: slot, entering)
            guard c < 0 else { continue }
            let r = -tableau.constant(slot: slot) / c
            if r < ratio - epsilon || (r <= ratio + epsilon && basic < best) {
                ratio = min(r, ratio)
                best = basic
            }
        }
        return best >= 0 ? best : nil
    }

    /// Primal simplex on the leveled goal. The entering column is the steepest (the
    /// lexicographically most negative reduced cost), which needs far fewer pivots than
    /// Bland's rule; after a run of degenerate pivots it falls back to Bland's rule (lowest
    /// symbol), which cannot cycle. Returns false if the objective is unbounded, which L1
    /// violations never are; the caller treats it as an internal failure.
    @discardableResult
    func optimize() -> Bool {
        var degenerate = 0
        while true {
            // Out of time: stop where it stands (feasible, maybe not optimal); the owner,
            // who set the deadline, refuses the whole request.
            if isPastDeadline { return true }
            let bland = degenerate > 50
            var entering: Symbol = -1
            var kept = 0
            for i in goal.dirty.indices {
                let s = goal.dirty[i]
                let kind = tableau.kinds[Int(s)]
                if kind != .dummy && kind != .external && !tableau.isBasic(s) && goal.sign(s) < 0 {
                    goal.dirty[kept] = s
                    kept += 1
                    if entering < 0 || (bland ? s < entering : goal.steeper(s, than: entering)) { entering = s }
                } else {
                    goal.isDirty[Int(s)] = false
                }
            }
            goal.dirty.removeSuffix(from: kept)
            if entering < 0 { return true }
            guard let leaving = leavingRow(for: entering) else { return false }
            if let row = tableau.row(of: leaving), row.constant <= epsilon { degenerate += 1 } else { degenerate = 0 }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    /// Returns the first row found that cannot be made feasible (the required constraints
    /// then conflict), or nil on success.
    func dualOptimize() -> Symbol? {
        var pivots = 0
        while !infeasible.isEmpty {
            // The newest infeasible row first; after a long run of pivots, the lowest symbol:
            // with the ratio test's ties also going to the lowest symbol, that is Bland's
            // rule, under which the dual simplex cannot cycle.
            var k = infeasible.count - 1
            if pivots > 50 {
                for i in infeasible.indices where infeasible[i] < infeasible[k] { k = i }
            }
            infeasible.swapAt(k, infeasible.count - 1)
            let leaving = infeasible.removeLast()
            if isPastDeadline {
                infeasible.removeAll()
                return leaving
            }
            guard let row = tableau.row(of: leaving), row.constant < -epsilon else { continue }
            var entering: Symbol = -1
            var coefficient = 0.0
            for i in row.cells.indices {
                let s = row.cells[i].symbol, c = row.cells[i].coefficient
                guard c > epsilon, tableau.kinds[Int(s)] != .dummy else { continue }
                if entering < 0 || goal.ratioLess(s, c, entering, coefficient) {
                    entering = s
                    coefficient = c
                }
            }
            if entering < 0 {
                infeasible.removeAll()
                return leaving
            }
            pivot(entering: entering, leaving: leaving)
            pivots += 1
        }
        return nil
    }
}
