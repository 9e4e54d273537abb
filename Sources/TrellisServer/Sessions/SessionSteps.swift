import Layout

/// The calls a session's layout goes through, in one place: the service makes them for
/// requests, and a sleeping session's replay (`SessionJournal`) makes the very same ones, so
/// that the replay rebuilds the layout exactly, caches included (the answers' ambiguity
/// result is computed when an answer is taken and reused by later constant edits).
enum SessionSteps {
    /// A new session: builds the layout, takes the first answer's snapshot, and gives back
    /// the spare capacity building left (the session keeps the layout).
    static func create(_ document: LayoutDocument, seconds: Double = LayoutLimits.standard.solveSeconds,
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
    static func restore(_ checkpoint: LayoutCheckpoint, limits: LayoutLimits) -> Result<LiveLayout, LayoutProblem> {
        decodeLayoutDocument(checkpoint.document, limits: limits.uncounted)
            .flatMap { LiveLayout.make(document: $0, seconds: limits.solveSeconds) }.map { layout in
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
    static func edit(_ layout: LiveLayout, _ batch: EditBatch, seconds: Double = LayoutLimits.standard.solveSeconds,
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

    /// At most how much a batch adds, for the limits (`EditBatch.footprint`).
    static func footprint(_ batch: EditBatch) -> (views: Int, constraints: Int) { batch.footprint }
}
