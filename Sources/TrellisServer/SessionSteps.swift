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

    enum EditOutcome {
        /// `structural`: the set of constraints may have changed (not only constants).
        case applied(AnswerSnapshot, structural: Bool)
        /// `leftTrace`: ops ran before the refusal and were undone, so the session's history
        /// must keep the batch (see `LiveLayout.lastRefusalLeftTrace`).
        case refused(LayoutProblem, leftTrace: Bool)
    }

    /// An edits batch with ops: applied atomically; after one that changed the set of
    /// constraints, spare capacity is given back.
    static func edit(_ layout: LiveLayout, _ batch: EditBatch) -> EditOutcome {
        let version = layout.constraintSetVersion
        switch layout.applySnapshot(batch) {
        case .success(let snapshot):
            let structural = layout.constraintSetVersion != version
            if structural { layout.compactStorage() }
            return .applied(snapshot, structural: structural)
        case .failure(let problem):
            return .refused(problem, leftTrace: layout.lastRefusalLeftTrace)
        }
    }

    /// What a batch could add, for the limits: views by `addViews`, constraints by `make`
    /// and `remake` (counted in full, before what `remake` and `remove` take away).
    static func footprint(_ batch: EditBatch) -> (views: Int, constraints: Int) {
        var views = 0, constraints = 0
        for op in batch.ops {
            switch op.kind {
            case .addViews(let list): views += list.count
            case .make(_, let list), .remake(_, let list): constraints += list.count
            case .removeConstraintsOf, .removeConstraints, .removeViews, .update, .setFrame: break
            }
        }
        return (views, constraints)
    }
}
