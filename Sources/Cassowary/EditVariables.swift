// Edit variables (kiwi's API): a variable held at a suggested value by an optional
// equality, whose suggestions are constant changes in place (`setConstant`).

extension Solver {
    /// Makes `variable` editable at `priority`. Throws `.unknownVariable` for a variable this
    /// solver did not make, `.duplicateEditVariable` when it is editable already, and
    /// `.invalidPriority` unless the priority is optional (in (0, 1000)).
    public func addEditVariable(_ variable: Variable, priority: Double) throws(SolverError) {
        guard isKnown(variable) else { throw .unknownVariable(variable) }
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard priority.isFinite, priority > 0, priority < Priority.required else { throw .invalidPriority(priority) }
        settle()
        let c = Constraint(Expression([(variable, 1)]), .equal, priority: priority, name: "edit \(name(of: variable))")
        try add(c)
        edits[variable] = c
    }

    /// Throws `.unknownEditVariable` when `variable` is not editable.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let c = edits.remove(variable) else { throw .unknownEditVariable(variable) }
        try remove(c)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Suggests a value for an edit variable: a constant change of its edit constraint.
    /// Throws `.nonFiniteNumber` for a value that is not finite, `.unknownEditVariable` when
    /// `variable` is not editable.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteNumber }
        guard let c = edits[variable] else { throw .unknownEditVariable(variable) }
        try setConstant(c, to: -value)
    }
}
