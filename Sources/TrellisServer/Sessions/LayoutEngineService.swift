import Layout
import Storage
import Platform

/// The `LayoutService` on the Layout module: the wire reader (`decodeLayoutDocument`,
/// `decodeEditBatch`), the live engine (`LiveLayout`) and the answer writer. Enforces
/// the operator's limits on views and constraints (413 `too-large`) and reports the time
/// each request spent compiling and solving (`solveNanos`, the metrics' solve histogram).
public struct LayoutEngineService: LayoutService {
    /// An edit batch as decoded before the session's lock, with the bytes it came from
    /// (which the session's journal keeps).
    public struct Edits: Sendable {
        let batch: EditBatch
        let body: [UInt8]
    }

    /// The operator's limits, carried here so that two servers in one process (tests) keep their own.
    public let limits: LayoutLimits
    var maxViews: Int { limits.maxViews }
    var maxConstraints: Int { limits.maxConstraints }
    var maxSolveSeconds: Double { limits.solveSeconds }

    /// One-shot layouts kept warm (docs/api.md "Warm one-shots"); nil when off.
    let warm: WarmLayouts?

    public init(limits: LayoutLimits = .standard, warmLayoutsBytes: Int = 0) {
        self.limits = limits
        warm = warmLayoutsBytes > 0 ? WarmLayouts(capacityBytes: warmLayoutsBytes) : nil
    }

    public init(config: ServerConfig) {
        self.init(limits: config.layoutLimits, warmLayoutsBytes: config.warmLayoutsMB << 20)
    }

    public func renderMetrics(_ out: inout String) { warm?.render(&out) }

    // MARK: - LayoutService

    public func solve(document: [UInt8], space: FrameSpace) -> ServiceReply {
        solve(document: document, space: space, seconds: limits.solveSeconds, stop: { false })
    }

    public func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        solve(document: document, space: space, seconds: seconds, stop: stop, after: .notTried)
    }

    public func solveByNumbers(document: [UInt8], space: FrameSpace, maxViews: Int, seconds: Double,
                               stop: @escaping @Sendable () -> Bool) -> ByNumbers {
        guard let warm else { return .notTried }
        return solveWarm(body: document, warm, space: space, maxViews: maxViews, seconds: seconds, stop: stop)
    }

    public func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool,
                      after byNumbers: ByNumbers) -> ServiceReply {
        var tryWarm = warm != nil
        var outcome = byNumbers
        if case .notTried = outcome, let warm {
            outcome = solveWarm(body: document, warm, space: space, maxViews: .max, seconds: seconds, stop: stop)
        }
        switch outcome {
        case .answered(let reply): return reply
        case .declined: tryWarm = false  // the kept layout holds this document already
        case .notByNumbers, .notTried: break
        }
        let parsed: LayoutDocument
        switch document.withUnsafeBytes({ decodeLayoutDocument($0, limits: limits) }) {
        case .failure(let problem): return .problem(Self.problem(problem))
        case .success(let d): parsed = d
        }
        if let refused = limits(views: parsed.views.count, constraints: parsed.constraints.count) { return .problem(refused) }
        let start = MonotonicClock.now()
        if tryWarm, let warm, let answer = solveWarm(parsed, body: document, warm, space: space, seconds: seconds, stop: stop) {
            return .json(200, answer, solveNanos: MonotonicClock.now() &- start)
        }
        switch LiveLayout.solve(document: parsed, space: space, seconds: seconds, stop: stop) {
        case .failure(let problem):
            return Self.refusal(problem)
        case .success(let answer):
            let nanos = MonotonicClock.now() &- start
            return .json(200, encodeLayoutAnswer(answer, includeRevision: false), solveNanos: nanos)
        }
    }

    public func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Session?) {
        createSession(id: id, document: document, space: space, seconds: limits.solveSeconds, stop: { false })
    }

    public func createSession(id: String, document: [UInt8], space: FrameSpace, seconds: Double,
                              stop: @escaping @Sendable () -> Bool) -> (reply: ServiceReply, session: Session?) {
        let parsed: LayoutDocument
        switch document.withUnsafeBytes({ decodeLayoutDocument($0, limits: limits) }) {
        case .failure(let problem): return (.problem(Self.problem(problem)), nil)
        case .success(let d): parsed = d
        }
        if let refused = limits(views: parsed.views.count, constraints: parsed.constraints.count) { return (.problem(refused), nil) }
        let start = MonotonicClock.now()
        switch SessionSteps.create(parsed, seconds: seconds, stop: stop) {
        case .failure(let problem):
            return (Self.refusal(problem), nil)
        case .success(let (layout, snapshot)):
            let answer = snapshot.answer(space: space)
            let nanos = MonotonicClock.now() &- start
            var session = Session(form: .awake(layout, SessionJournal(document: document)),
                                  views: answer.stats.views, constraints: parsed.constraints.count)
            session.writes = [.create(StoredRecord(kind: SessionJournal.Kind.document.rawValue, body: document,
                                                   views: session.views, constraints: session.constraints,
                                                   solveMicros: layout.lastSolveMicros))]
            // No frame-text memo yet: a session that is never edited does not pay for one.
            return (.json(201, encodeSessionAnswer(answer, id: id), solveNanos: nanos), session)
        }
    }

    public func read(session: inout Session, id: String, space: FrameSpace) -> ServiceReply {
        let layout: LiveLayout
        switch session.wake(limits: limits) {
        case .failure(let problem): return .problem(problem)
        case .success(let built): layout = built
        }
        let answer = layout.answer(space: space)
        let document = layout.document()
        let memo = layout.frameText
        return .json(200) { encodeSessionAnswer(answer, id: id, document: document, memo: memo) }
    }

    public func prepareEdits(_ body: [UInt8]) -> Result<Edits, ProblemReply> {
        decodeEditBatch(body, limits: limits).map { Edits(batch: $0, body: body) }.mapError { ProblemReply(.problem(Self.problem($0))) }
    }

    public func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace) -> ServiceReply {
        edit(session: &session, id: id, edits: edits, space: space, stop: { false })
    }

    public func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace,
                     stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        edit(session: &session, id: id, edits: edits, space: space, changedFramesOnly: false, stop: stop)
    }

    public func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace, changedFramesOnly: Bool,
                     stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        let batch = edits.batch
        let layout: LiveLayout
        switch session.wake(limits: limits) {
        case .failure(let problem): return .problem(problem)
        case .success(let built): layout = built
        }
        // An empty batch changes nothing, so it keeps the revision (openapi.yaml).
        if batch.ops.isEmpty {
            if let expected = batch.ifRevision, expected != layout.revision {
                return .problem(Problem(status: 409, code: .revisionMismatch,
                                        message: "the session is at revision \(layout.revision), not \(expected)"))
            }
            let snapshot = layout.snapshot(), memo = layout.frameText, space = space
            if changedFramesOnly {
                let revision = layout.revision
                return .json(200) { encodeChangedFramesAnswer(snapshot, id: id, space: space, since: revision, before: nil) }
            }
            return .json(200) { encodeSessionAnswer(snapshot, id: id, space: space, memo: memo) }
        }
        // `?frames=changed`: the frames as they stood, to answer only those that move.
        let before = changedFramesOnly ? layout.framesNow(space: space) : nil
        let revisionBefore = layout.revision
        // Limits: what the batch could add on top of what the session has. `update` is
        // counted as changing constants only (its hot use); `make`/`remake` count in full.
        let footprint = SessionSteps.footprint(batch)
        if let refused = limits(views: session.views + footprint.views, constraints: session.constraints + footprint.constraints) {
            return .problem(refused)
        }
        let start = MonotonicClock.now()
        switch SessionSteps.edit(layout, batch, seconds: maxSolveSeconds, stop: stop) {
        case .refused(let problem, let leftTrace):
            // A batch refused for time (or stopped for a client that left) might not be refused
            // on replay: the history starts over from a checkpoint instead, so that what the
            // session answers never depends on how fast a replay runs.
            if layout.ranOutOfTime { session.compact(layout, limits: limits) } else if leftTrace { session.record(edit: edits.body, succeeded: false, limits: limits) }
            return Self.refusal(problem)
        case .applied(let snapshot, let structural):
            let nanos = MonotonicClock.now() &- start
            session.views = snapshot.stats.views
            if structural { session.constraints = layout.documentConstraintCount }
            session.record(edit: edits.body, succeeded: true, limits: limits)
            // Frames are read and written when the reply is, after the session's lock.
            let memo = layout.frameText, space = space
            if let before {
                return .json(200, solveNanos: nanos) {
                    encodeChangedFramesAnswer(snapshot, id: id, space: space, since: revisionBefore, before: before)
                }
            }
            return .json(200, solveNanos: nanos) { encodeSessionAnswer(snapshot, id: id, space: space, memo: memo) }
        }
    }

    public func weight(of session: Session) -> Int { session.weight }

    public func sleep(_ session: inout Session) -> Released? { session.sleep().map(Released.init) }

    public func isAsleep(_ session: Session) -> Bool { session.isAsleep }

    public func takeWrites(_ session: inout Session) -> [JournalWrite] { session.takeWrites() }

    public func storedSession(_ stored: StoredSession, store: JournalStore) -> Session? {
        Session(form: .stored(.init(store: store, id: stored.id, bytes: stored.bytes, firstBytes: stored.firstBytes,
                                    solveMicros: stored.solveMicros)),
                views: stored.views, constraints: stored.constraints)
    }

    public func takenOverSession(records: [StoredRecord]) -> Session? {
        guard let last = records.last, var journal = SessionJournal(records: records.map { ($0.kind, $0.body) }) else { return nil }
        journal.lastSolveMicros = last.solveMicros
        return Session(form: .asleep(journal), views: last.views, constraints: last.constraints)
    }

    // MARK: - Problems

    /// A refused layout's reply, saying whether it ran out of time (the server may try
    /// again with more of it, off the event loop).
    static func refusal(_ problem: LayoutProblem) -> ServiceReply {
        var reply = ServiceReply.problem(Self.problem(problem))
        reply.outOfTime = problem.errors.contains { $0.code == .tooComplex }
        return reply
    }

    /// 413 `too-large` when a layout would pass the operator's limits, else nil.
    func limits(views: Int, constraints: Int) -> Problem? {
        var errors: [ProblemError] = []
        if views > maxViews {
            errors.append(ProblemError(code: .tooLarge, message: "the layout would have \(views) views; at most \(maxViews) are accepted",
                                       location: nil))
        }
        if constraints > maxConstraints {
            errors.append(ProblemError(code: .tooLarge,
                                       message: "the layout would have \(constraints) constraints; at most \(maxConstraints) are accepted",
                                       location: nil))
        }
        return errors.isEmpty ? nil : Problem(status: 413, errors: errors)
    }

    /// A Layout problem as problem+json: every error with its code, message and location.
    public static func problem(_ p: LayoutProblem) -> Problem {
        let errors = p.errors.map { e in
            ProblemError(code: e.code, message: e.message, location: e.location, extra: diagnosticMembers(e))
        }
        guard !errors.isEmpty else {
            return Problem(status: p.status, code: p.status >= 500 ? .internalError : .badRequest, message: p.title)
        }
        guard p.errorCount > errors.count else { return Problem(status: p.status, errors: errors) }
        return Problem(status: p.status, errors: errors,
                       detail: "\(p.errorCount) errors in the request; the first \(errors.count) are listed")
    }
}

extension LayoutEngineService {
    /// The caller's `source` of the constraint an error is about, and `constraints` and
    /// `broken` of an unsatisfiable error under `strict`, written as an answer's diagnostic
    /// writes them (docs/api.md §3).
    static func diagnosticMembers(_ e: LayoutError) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let source = e.source {
            var writer = JSONWriter(capacity: 64)
            writer.source(source)
            members.append(("source", .raw(writer.bytes)))
        }
        if !e.constraints.isEmpty {
            var writer = JSONWriter(capacity: 160 * e.constraints.count)
            writer.beginArray()
            for c in e.constraints { writer.constraintReference(c) }
            writer.endArray()
            members.append(("constraints", .raw(writer.bytes)))
        }
        if !e.broken.isEmpty {
            var writer = JSONWriter(capacity: 48 * e.broken.count)
            writer.beginArray()
            for c in e.broken {
                writer.beginObject(); writer.field("id", c.id); writer.field("attribute", c.attribute); writer.endObject()
            }
            writer.endArray()
            members.append(("broken", .raw(writer.bytes)))
        }
        return members
    }
}

