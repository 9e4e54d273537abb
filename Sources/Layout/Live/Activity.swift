/// What a live layout is in the middle of: the one place that says which bookkeeping is on.
enum Activity {
    /// Between requests, or building a document in full (a failed document is thrown away
    /// whole, so it needs no undo).
    case idle
    /// Building a one-shot document without a session's bookkeeping (`LeanBuild`): such a
    /// layout answers once and is thrown away.
    case lean(LeanBuild)
    /// Running a session batch: every change records its inverse (`UndoLog`).
    case batch(UndoLog)

    var isBatch: Bool { if case .batch = self { return true } else { return false } }
    var isLean: Bool { if case .lean = self { return true } else { return false } }
    var undoLog: UndoLog? { if case .batch(let log) = self { return log } else { return nil } }
    var leanBuild: LeanBuild? { if case .lean(let build) = self { return build } else { return nil } }
}

/// The add-order index kept while constraints are added in add order (a build, a
/// re-evaluation, a rebuild): the required constraints enforced so far, and, outside a
/// document build, the views' places in document order.
struct AddOrderIndex {
    let required: EnforcedRequired
    let viewRanks: [String: Int]?
}

extension LiveLayout {
    /// Records how to put back a change, while a batch runs (nothing otherwise).
    /// `solver`: the step puts the solver back (a rollback that rebuilds skips it).
    @inline(__always)
    func recordUndo(solver: Bool = false, _ step: @escaping (LiveLayout) -> Void) {
        guard recordsUndo else { return }
        changeUndoLog { solver ? $0.recordSolver(step) : $0.record(step) }
    }

    /// Changes the running batch's undo log in place (taken out of `activity` first, so it
    /// is not copied).
    func changeUndoLog(_ change: (inout UndoLog) -> Void) {
        guard case .batch(var log) = activity else { return }
        activity = .idle
        change(&log)
        activity = .batch(log)
    }

    /// Changes the lean build's counters in place, the same way.
    func changeLeanBuild(_ change: (inout LeanBuild) -> Void) {
        guard case .lean(var build) = activity else { return }
        activity = .idle
        change(&build)
        activity = .lean(build)
    }
}
