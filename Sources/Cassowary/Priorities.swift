// Changing an optional constraint's priority in place: `setPriority`.

extension Solver {
    /// Gives an installed optional constraint another optional priority without taking it
    /// out: its error symbols' costs move from the old objective level to the new one, then
    /// the primal simplex re-optimises (the tableau stays feasible: no row changes). Throws
    /// `.unknownConstraint` when it is not installed here and `.invalidPriority` unless both
    /// priorities are optional (a required constraint has no error symbols to move: take it
    /// out and add it again) and it has one priority (not `init(_:equalAbove:below:)`).
    public func setPriority(_ constraint: Constraint, to priority: Double) throws(SolverError) {
        settle()
        guard let tag = tags[constraint] else { throw .unknownConstraint }
        guard priority.isFinite, priority > 0, priority < Priority.required, !constraint.isRequired,
              constraint.priorityBelow == constraint.priority else { throw .invalidPriority(priority) }
        if priority == constraint.priority { return }
        let level = Int32(goal.level(for: priority))
        // An inequality costs through its error symbol (`other`); a soft equality through both
        // of its error symbols (`marker` and `other`).
        if constraint.relation == .equal { moveCost(of: tag.marker, from: Int(tag.level), to: Int(level)) }
        moveCost(of: tag.other, from: Int(tag.otherLevel), to: Int(level))
        tags.setLevels(constraint, level, level)
        constraint.priority = priority
        constraint.priorityBelow = priority
        definitions.invalidate()
        faceVersion &+= 1
        _ = optimize()
    }

    /// Moves error symbol `s`'s unit cost from level `a` to level `b`: on `s` itself when it is
    /// nonbasic, else on the symbols of its row, which stands for it in the objective.
    private func moveCost(of s: Symbol, from a: Int, to b: Int) {
        guard s >= 0 else { return }
        if let row = tableau.row(of: s) {
            for cell in row.cells {
                goal.add(level: a, cell.symbol, -cell.coefficient)
                goal.add(level: b, cell.symbol, cell.coefficient)
            }
        } else {
            goal.add(level: a, s, -1)
            goal.add(level: b, s, 1)
        }
    }
}
