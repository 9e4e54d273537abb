import Layout

/// The calls a session's layout goes through, in one place: the service makes them for
/// requests, and a sleeping session's replay (`SessionJournal`) makes the very same ones, so
/// that the replay rebuilds the layout exactly, caches included (the answers' ambiguity
/// result is computed when an answer is taken and reused by later constant edits).
enum SessionSteps {
    /// A new session: builds the layout, takes the first answer's snapshot, and gives back
    /// the spare capacity building left (the session keeps the layout).
    static func create(_ document: LayoutDocument) -> Result<(LiveLayout, AnswerSnapshot), LayoutProblem> {
        LiveLayout.make(document: document).map { layout in
            let snapshot = layout.snapshot()
            layout.compactStorage()
            return (layout, snapshot)
        }
    }

    /// An edits batch with ops: applied atomically; after one that changed the structure,
    /// spare capacity is given back.
    static func edit(_ layout: LiveLayout, _ batch: EditBatch) -> Result<AnswerSnapshot, LayoutProblem> {
        let result = layout.applySnapshot(batch)
        if case .success = result, footprint(batch).structural { layout.compactStorage() }
        return result
    }

    /// Whether a failed `edit` may have changed the solver on its way (ops ran and were
    /// rolled back, which leaves the same constraints but not always the same basis): every
    /// failure but a revision mismatch, which is refused before any op runs.
    static func touchedSolver(_ problem: LayoutProblem) -> Bool { problem.status != 409 }

    /// What a batch could add (views by `addViews`; constraints by `make` and `remake`,
    /// counted in full), and whether it changes the set of constraints (`update` and
    /// `setFrame` only move constants).
    static func footprint(_ batch: EditBatch) -> (views: Int, constraints: Int, structural: Bool) {
        var views = 0, constraints = 0, structural = false
        for op in batch.ops {
            switch op.kind {
            case .addViews(let list): views += list.count
            case .make(_, let list), .remake(_, let list): constraints += list.count; structural = true
            case .removeConstraintsOf, .removeConstraints, .removeViews: structural = true
            case .update, .setFrame: break
            }
        }
        return (views, constraints, structural)
    }
}
