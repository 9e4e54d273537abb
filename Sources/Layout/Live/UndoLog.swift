/// Makes a batch atomic (docs/api.md §4: all ops or none). Every change to the solver
/// and to constraint entries records its inverse here as it happens; a structural op
/// first records a copy of tree and registry. Rolling back runs the inverses newest first,
/// which returns solver and state to where the batch found them: the same constraints,
/// constants, frames, broken constraints and revision. (The solver gets there by other
/// pivots, and a constraint taken out and put back gets new symbols, so its basis may
/// differ: a session's journal records such batches too; see SessionJournal.)
struct UndoLog {
    private(set) var steps: [(LiveLayout) -> Void] = []
    /// Tree and registry were saved in this batch already: a second copy adds nothing.
    var structureSaved = false

    mutating func record(_ step: @escaping (LiveLayout) -> Void) { steps.append(step) }

    var isEmpty: Bool { steps.isEmpty }

    func rollback(_ layout: LiveLayout) {
        for step in steps.reversed() { step(layout) }
    }
}
