import Cassowary

/// One live layout (a session, or a one-shot request): the solver, the view tree, and
/// SnapKit's registry of installed constraints. Edits arrive as batches that are atomic;
/// the hot edits (update, setFrame) change constants in the live solver in place.
///
/// Not thread-safe: the owner serialises access (one lock or actor per session), which
/// is why it may cross isolation domains.
public final class LiveLayout: @unchecked Sendable {
    /// Replaced only by `rebuildSolver`. Conflicts are explained by the layout (see
    /// `conflict(of:)`), so the solver does not explain its own failures.
    var solver: Solver
    var state: LayoutState
    /// What the layout is in the middle of, and so which bookkeeping is on (`Activity`).
    var activity = Activity.idle
    /// The oldest entry (by `seq`) the running batch installed, removed or changed.
    var touchedFrom = Int.max
    /// While constraints are added in add order (a build, a re-evaluation, a rebuild): the
    /// required ones enforced so far; nil otherwise. Orthogonal to `activity` (a batch may
    /// re-evaluate).
    var addOrder: AddOrderIndex?
    /// Whether a batch records how to undo each change (`recordUndo`). Off only for a batch
    /// whose layout is thrown away if it is refused (a warm one-shot's: `WarmLayout`).
    var recordsUndo = true
    /// In-place constant changes since the solver was built (see `needsRebuild`).
    var drift = 0
    /// How long the last build or batch took (answers' `stats.solveMicros`). Settable so
    /// that a layout rebuilt from a session's history reports the time the requests took.
    public var lastSolveMicros = 0
    /// Bumped whenever the set of constraints the solver enforces changes (an add or a
    /// remove, not a constant edit), so answers know when ambiguity must be recomputed.
    var structureVersion = 0
    /// Whether the last batch was refused for running out of time: a replay of it on
    /// another day might not, so a session's history starts over from a checkpoint after one
    /// (see SessionJournal).
    public private(set) var ranOutOfTime = false
    /// Whether the last batch was refused after leaving a trace (an op ran and was undone, or
    /// solver symbols were made): undoing restores the same constraints and frames, but not
    /// always the same solver, so a session's history must keep such a batch (see
    /// SessionJournal). False after a batch that succeeded or ran nothing.
    public private(set) var lastRefusalLeftTrace = false
    /// Changes whenever the set of constraints the solver enforces may have changed.
    public var constraintSetVersion: Int { structureVersion }
    /// The last ambiguity result and the structure it was computed for; see
    /// `ambiguousVariables()`.
    var ambiguityCache: (version: Int, face: Int, variables: Set<Variable>)?
    /// The last `ambiguous` warning, for the structure and variables it was made from.
    var ambiguityWarning: (version: Int, views: [String], variables: Set<Variable>, diagnostic: Diagnostic)?
    /// The text of the frame numbers of the last answer encoded with it (a session's:
    /// edit answers then format only the numbers that moved).
    public let frameText = FrameTextMemo()
    /// `changeIntrinsicSizes`' lists, empty between calls with their room kept (a warm
    /// one-shot's sizes allocated both for every request).
    var sizeMoves: [ConstantChange] = []
    var sizePlaces: [ViewTree.ImplicitPlace] = []

    init(direction: LayoutDirection, solver: Solver = Solver()) {
        state = LayoutState(direction: direction)
        self.solver = solver
        solver.explainsConflicts = false
    }

    /// Builds a layout from a document. Fails with every error found (422), or with
    /// `unsatisfiable` when the document asked for `strict` and some constraint broke.
    /// `seconds`: the time budget (`SolveBudget`).
    /// `unplaced`: ids of views the reader could not read (their errors are reported already).
    public static func make(document: LayoutDocument, seconds: Double = LayoutLimits.standard.solveSeconds,
                            stop: (@Sendable () -> Bool)? = nil, unplaced: [String] = []) -> Result<LiveLayout, LayoutProblem> {
        let layout = LiveLayout(direction: document.direction)
        layout.state.reserveCapacity(views: document.views.count, constraints: document.constraints.count)
        // Four variables a view; implicit constraints (frames, hugging, compression) up to
        // four a view; a description expands to about two constraints.
        layout.solver.reserveCapacity(variables: 4 * document.views.count,
                                      constraints: 4 * document.views.count + 2 * document.constraints.count)
        let clock = ContinuousClock()
        let start = clock.now
        layout.addOrder = AddOrderIndex(required: EnforcedRequired(), viewRanks: nil)
        layout.startBudget(seconds: seconds, stop: stop)
        defer {
            layout.addOrder = nil
            layout.endBudget()
        }
        layout.state.tree.unplaced = Set(unplaced)
        var errors = layout.addViews(document.views)
        if !errors.isEmpty || !unplaced.isEmpty {
            // What could not be placed is not reported again by the constraints naming it.
            layout.state.tree.markUnplaced(document.views)
        }
        defer { layout.state.tree.unplaced = [] }
        let compiler = layout.state.compiler
        layout.state.metrics = document.metrics
        for (k, spec) in document.constraints.enumerated() {
            // Out of time: stop adding (the request is refused below).
            if k & 31 == 31, layout.solver.checkDeadline() { break }
            layout.makeDocumentConstraint(spec, compiler: compiler, errors: &errors)
        }
        // Asked first: it installs the bounds the solver held (Cassowary's HeldBounds.swift).
        if layout.solver.ranOutOfTime { return .failure(.invalid([SolveBudget.error(seconds)])) }
        layout.lastSolveMicros = micros(clock.now - start)
        if errors.isEmpty { errors = layout.overflowErrors() }
        if errors.isEmpty && document.strict { errors = layout.unsatisfiableErrors() }
        guard errors.isEmpty else { return .failure(.invalid(errors)) }
        layout.state.revision = 1
        return .success(layout)
    }

    /// The solver stops at the request's deadline, or earlier once `stop` says the answer
    /// is no longer wanted (checked with the clock), until `endBudget`.
    func startBudget(seconds: Double, stop: (@Sendable () -> Bool)?) {
        solver.setBudget(deadline: SolveBudget.deadline(seconds), stop: stop)
    }

    func endBudget() {
        solver.setBudget(deadline: nil)
    }

    /// Gives back spare capacity left by building, for a layout that is kept (a session).
    public func compactStorage() {
        solver.compact()
        state.compact()
    }

    /// A stateless one-shot (`POST /v1/layouts`): build, answer, forget. Built lean first
    /// (`LeanBuild`); a document with an error or a conflict is built again in full.
    /// `stop`, asked now and then while solving, ends the work early when it says the
    /// answer is no longer wanted (the request is then refused as out of time).
    /// The lean build's solver takes the storage of the last solver that went away on this
    /// thread (`Solver(keptStorage:)`: off only to compare the two in tests), and leaves its
    /// own for the next one when the layout goes, after the answer copied out what it needs.
    public static func solve(document: LayoutDocument, space: FrameSpace = .superview, seconds: Double = LayoutLimits.standard.solveSeconds,
                             stop: (@Sendable () -> Bool)? = nil, keptStorage: Bool = true) -> Result<LayoutAnswer, LayoutProblem> {
        switch makeLean(document: document, seconds: seconds, stop: stop, solver: Solver(keptStorage: keptStorage)) {
        case .built(let layout): return .success(layout.answer(space: space))
        case .refused(let problem): return .failure(problem)
        case .needsFullBuild: return make(document: document, seconds: seconds, stop: stop).map { $0.answer(space: space) }
        }
    }

    /// Applies an edit batch atomically: every op or none. `ifRevision` must match the
    /// current revision (409 otherwise); any error leaves the layout exactly as it was.
    public func apply(_ batch: EditBatch, space: FrameSpace = .superview, seconds: Double = LayoutLimits.standard.solveSeconds)
        -> Result<LayoutAnswer, LayoutProblem> {
        applySnapshot(batch, seconds: seconds).map { $0.answer(space: space) }
    }

    /// `apply`, answering a snapshot whose frames are read later (a session reads them
    /// after letting go of its lock).
    /// `stop`, asked now and then while solving, refuses the batch early (as out of time)
    /// once the answer is no longer wanted.
    public func applySnapshot(_ batch: EditBatch, seconds: Double = LayoutLimits.standard.solveSeconds,
                              stop: (@Sendable () -> Bool)? = nil) -> Result<AnswerSnapshot, LayoutProblem> {
        if let expected = batch.ifRevision, expected != state.revision {
            // What the layout says about a refusal describes this batch, which ran nothing
            // (it once reported the trace of an earlier refusal, and a session kept the 409).
            // `runBatch` says it for every other batch.
            lastRefusalLeftTrace = false
            ranOutOfTime = false
            return .failure(LayoutProblem(status: 409, title: "Revision mismatch", errors: [
                LayoutError(code: .revisionMismatch,
                            message: "the session is at revision \(state.revision), not \(expected)",
                            location: nil),
            ]))
        }
        return runBatch(strict: batch.strict, seconds: seconds, stop: stop) { layout in
            var errors: [LayoutError] = []
            for op in batch.ops { errors += layout.perform(op) }
            return errors
        }
    }

    /// Runs `body` as one atomic batch (every change or none, settled in add order, checked
    /// for overflow and, if `strict`, for broken constraints): the ops of an edit batch, or
    /// a warm one-shot's new constants (`WarmLayout`).
    func runBatch(strict: Bool, seconds: Double, stop: (@Sendable () -> Bool)?,
                  _ body: (LiveLayout) -> [LayoutError]) -> Result<AnswerSnapshot, LayoutProblem> {
        let clock = ContinuousClock()
        let start = clock.now
        activity = .batch(UndoLog())
        state.tree.suggestions.reset()
        ranOutOfTime = false
        startBudget(seconds: seconds, stop: stop)
        defer { endBudget() }
        touchedFrom = .max
        lastRefusalLeftTrace = false
        let newestBrokenBefore = newestBroken
        let cacheBefore = ambiguityCache, current = isAmbiguityCurrent, symbolsBefore = solver.symbolCount
        let entriesBefore = state.entryCount
        var errors = body(self)
        if errors.isEmpty { settle(newestBrokenBefore: newestBrokenBefore) }
        touchedFrom = .max
        ranOutOfTime = solver.ranOutOfTime
        if ranOutOfTime { errors = [SolveBudget.error(seconds)] }
        if errors.isEmpty { errors = overflowErrors() }
        if errors.isEmpty && strict { errors = unsatisfiableErrors() }
        guard errors.isEmpty else {
            let log = activity.undoLog
            activity = .idle
            // Nothing recorded: the caller throws the layout away.
            guard recordsUndo else { return .failure(.invalid(errors)) }
            lastRefusalLeftTrace = !(log?.isEmpty ?? true) || solver.symbolCount != symbolsBefore
            endBudget()  // putting things back is not bounded by the request's time
            // Undoing costs about what doing cost; building the layout as it was costs what it
            // has. A batch stopped for time, or one that did more to the solver than the layout
            // holds, is refused by building (a choice by counts alone: a replay makes it too).
            let rebuild = ranOutOfTime || (log?.solverSteps ?? 0) > max(64, entriesBefore)
            log?.rollback(self, rebuildingSolver: rebuild)
            // The solver went back to the same constraints and constants (by other pivots),
            // so what was known about them still holds: the ambiguity result current before
            // the batch stays current, under a new version (numbers are never reused). An
            // answer read after a refused batch then computes nothing, as one read before it
            // (reads are not in a session's history, so they must change nothing).
            // (A rebuilt solver has new variables: its ambiguity is computed afresh.)
            structureVersion += 1
            if !rebuild, let cache = cacheBefore, current { ambiguityCache = (structureVersion, solver.faceVersion, cache.variables) }
            // The values are brought up to date here too, as after a batch that succeeds:
            // bringing them up to date tidies index lists whose lengths steer later pivots,
            // so it must happen at a point every replay of the session's history reaches,
            // not at whichever read comes first.
            _ = solver.solvedValues()
            return .failure(.invalid(errors))
        }
        activity = .idle
        if needsRebuild { rebuildSolver() }
        state.revision += 1
        lastSolveMicros = Self.micros(clock.now - start)
        return .success(snapshot())
    }

    public var revision: Int { state.revision }
    /// The linear constraints the solver holds, in installation order: what the layout
    /// asks of the solver (for benchmarks, e.g. replaying the same system on kiwi).
    public var solverConstraints: [Constraint] { solver.installedConstraints() }
    public var direction: LayoutDirection { state.direction }

    static func micros(_ d: Duration) -> Int {
        Int(d.components.seconds) * 1_000_000 + Int(d.components.attoseconds / 1_000_000_000_000)
    }
}

extension LayoutProblem {
    static func invalid(_ errors: [LayoutError]) -> LayoutProblem {
        let unsatisfiable = errors.allSatisfy { $0.code == .unsatisfiable }
        return LayoutProblem(status: 422,
                             title: unsatisfiable ? "Unsatisfiable constraints" : "Invalid layout",
                             errors: errors)
    }
}
