import Layout

/// The calls a session's layout goes through, in one place: the service makes them for
/// requests, and a sleeping session's replay (`SessionJournal`) makes the very same ones, so
/// that the replay rebuilds the layout exactly, caches included (the answers' ambiguity
/// result is computed when an answer is taken and reused by later constant edits).
enum SessionSteps {
    /// A new session: builds the layout, takes the first answer's snapshot, and gives back
    /// the spare capacity building left (the session keeps the layout).
    static func create(_ document: LayoutDocument, seconds: Double = SolveBudget.seconds,
                       stop: (@Sendable () -> Bool)? = nil) -> Result<(LiveLayout, AnswerSnapshot), LayoutProblem> {
        LiveLayout.make(document: document, seconds: seconds, stop: stop).map { layout in
            let snapshot = layout.snapshot()
            layout.compactStorage()
            return (layout, snapshot)
        }
    }

    /// A layout from a checkpoint: a fresh build of its document, which then takes on the
    /// checkpoint's revision, id state and solve time. A compacted session and its replay
    /// both come from here, so they are the same layout. (No answer is taken, unlike
    /// `create`: nobody asked for one, and the next answer computes what it needs.)
    static func restore(_ checkpoint: LayoutCheckpoint) -> Result<LiveLayout, LayoutProblem> {
        decodeLayoutDocument(checkpoint.document).flatMap { LiveLayout.make(document: $0) }.map { layout in
            layout.compactStorage()
            layout.adopt(checkpoint)
            return layout
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
    static func edit(_ layout: LiveLayout, _ batch: EditBatch, seconds: Double = SolveBudget.seconds,
                     stop: (@Sendable () -> Bool)? = nil) -> EditOutcome {
        let version = layout.constraintSetVersion
        switch layout.applySnapshot(batch, seconds: seconds, stop: stop) {
        case .success(let snapshot):
            let structural = layout.constraintSetVersion != version
            if structural { layout.compactStorage() }
            return .applied(snapshot, structural: structural)
        case .failure(let problem):
            return .refused(problem, leftTrace: layout.lastRefusalLeftTrace)
        }
    }

    /// At most how much a batch adds, for the limits: views by `addViews`, constraints by
    /// `make` and `remake`, less what the same batch takes away again of what it added
    /// (`removeViews` of a view it added, `remove` of a constraint it added by id). What it
    /// takes away of what the session had is not subtracted: that would need the layout.
    static func footprint(_ batch: EditBatch) -> (views: Int, constraints: Int) {
        var addedViews: [String: Int] = [:], addedIDs: [String: Int] = [:]
        var views = 0, constraints = 0
        for op in batch.ops {
            switch op.kind {
            case .addViews(let list):
                views += list.count
                for v in list { addedViews[v.id, default: 0] += 1 }
            case .make(_, let list), .remake(_, let list):
                constraints += list.count
                for c in list { if let id = c.id { addedIDs[id, default: 0] += 1 } }
            case .removeViews(let ids):
                for id in ids where (addedViews[id] ?? 0) > 0 { addedViews[id, default: 0] -= 1; views -= 1 }
            case .removeConstraints(let ids):
                for id in ids where (addedIDs[id] ?? 0) > 0 { addedIDs[id, default: 0] -= 1; constraints -= 1 }
            case .removeConstraintsOf, .update, .setFrame: break
            }
        }
        return (max(0, views), max(0, constraints))
    }
}
