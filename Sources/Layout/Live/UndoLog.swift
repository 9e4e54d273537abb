/// Makes a batch atomic (docs/api.md §4: all ops or none). Every change to the solver
/// and to constraint entries records its inverse here as it happens; a structural op
/// first records a copy of tree and registry. Rolling back runs the inverses newest first,
/// which returns solver and state to where the batch found them: the same constraints,
/// constants, frames, broken constraints and revision. (The solver gets there by other
/// pivots, and a constraint taken out and put back gets new symbols, so its basis may
/// differ: a session's journal records such batches too; see SessionJournal.)
struct UndoLog {
    /// What a step puts back: the solver's constraints and constants, or the layout's own
    /// state (tree, registry, entries). A rollback may rebuild the solver instead of running
    /// its steps (see `rollback(_:rebuildingSolver:)`).
    enum Target { case solver, state }

    private(set) var steps: [(target: Target, step: (LiveLayout) -> Void)] = []
    /// Tree and registry were saved in this batch already: a second copy adds nothing.
    var structureSaved = false

    /// A step that puts the layout's own state back.
    mutating func record(_ step: @escaping (LiveLayout) -> Void) { steps.append((.state, step)) }

    /// A step that puts the solver back.
    mutating func recordSolver(_ step: @escaping (LiveLayout) -> Void) {
        steps.append((.solver, step))
        solverSteps += 1
    }

    /// How many solver steps a rollback would run.
    private(set) var solverSteps = 0

    var isEmpty: Bool { steps.isEmpty }

    /// Runs the inverses newest first. `rebuildingSolver`: only the state's, then a solver
    /// built afresh from the restored entries, in add order. Undoing a solver's work costs
    /// about what doing it cost, and more to take out thousands of constraints one by one
    /// than to build the few the layout had: a batch stopped for its time or its departed
    /// client must not cost its full price again to refuse.
    func rollback(_ layout: LiveLayout, rebuildingSolver: Bool = false) {
        for (target, step) in steps.reversed() where !rebuildingSolver || target == .state { step(layout) }
        if rebuildingSolver { layout.rebuildSolver() }
    }
}
