extension Solver {
    /// Gives back the spare capacity that building left in rows, definitions and index
    /// lists (arrays grow by doubling), and in every array indexed by symbol. For a solver
    /// that is kept alive, such as a session's. Solutions and answers are unchanged.
    public func compact() {
        settle()
        tableau.compact()
        definitions.compact()
        goal.compact()
        tags.compact()
        owner.shrinkToFit()
        ownedAnonymously.shrinkToFit()
        accumulator.compact(symbols: tableau.kinds.count)
        variableNames = exactCopy(variableNames)
        edits.compact()
        // Scratch, grown again when needed (the kept storage of another solver may be large).
        scratchOrder = []; scratchStack = []; scratchSymbols = []; infeasible = []; held = []
        heldMarks.shrinkToFit()
        for slot in tableau.rows.indices { tableau.rows[slot].trim() }
        for s in tableau.columns.indices {
            _ = tableau.slots(containing: Symbol(s))  // drops stale entries first
            tableau.columns[s].trim()
        }
        for s in definitions.referencedBy.indices {
            _ = definitions.definitions(mentioning: Symbol(s))
            definitions.referencedBy[s].trim()
        }
    }
}
