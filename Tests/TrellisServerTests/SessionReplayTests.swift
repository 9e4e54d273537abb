import Testing
@testable import Cassowary
@testable import Layout
@testable import TrellisServer

/// A sleeping session's replay rebuilds the solver exactly: the same rows, cells, symbols
/// and objective, bit for bit, as a twin session that never slept, after every kind of
/// batch, refused ones included.
@Suite struct SessionReplayTests {
    /// Everything replay must reproduce: the solver's tableau and objective (with symbol
    /// numbers, so dead symbols count), the layout's counters, what its ambiguity cache holds
    /// (and that it is current; its version number is a private key, which refused batches
    /// that left no trace, and are not kept, advance), and the answer.
    static func fingerprint(_ layout: LiveLayout) -> String {
        let ambiguous = layout.ambiguityCache.map { cache in cache.variables.map(\.id).sorted() }
        let answer = String(decoding: encodeSessionAnswer(layout.answer(), id: "s", document: layout.document()), as: UTF8.self)
            .replacing(/"solveMicros":\d+/, with: "")
        return """
            \(layout.solver.dump())
            symbols \(layout.solver.tableau.kinds.count) installed \(layout.solver.installed)
            seq \(layout.state.nextSeq) revision \(layout.state.revision) cache current \(layout.ambiguityCache?.version == layout.structureVersion)
            broken \(layout.state.broken.map { "\($0)" }.sorted()) ambiguous \(String(describing: ambiguous))
            \(answer)
            """
    }

    /// Batches through the service, as requests make them. Refusals: a later op fails
    /// after a constraint was added (the rollback removes it again, leaving dead symbols),
    /// one after a constant moved, a strict batch that would break a constraint, a stale
    /// revision (refused before anything runs), and one that does not decode (never reaches
    /// the layout).
    static let batches = SessionSleepTests.batches + [
        #"{"ops": [{"op": "make", "view": "b", "constraints": ["b.width == 33"]}, {"op": "make", "view": "b", "constraints": ["b.top == ghost.top"]}]}"#,
        #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 350, "height": 350}}, {"op": "remove", "ids": ["nope"]}]}"#,
        #"{"strict": true, "ops": [{"op": "make", "view": "free", "constraints": ["free.width == 55"]}]}"#,
        #"{"ifRevision": 1, "ops": [{"op": "update", "view": "a", "constraints": ["a.width == 1"]}]}"#,
        #"{"ops": [{"op": "explode"}]}"#,
        #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 97"]}, {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 410, "height": 390}}]}"#,
        #"{"ops": [{"op": "make", "view": "free", "constraints": ["free.leading == root.leading + 3 @300"]}]}"#,
        #"{"ops": [{"op": "addViews", "views": [{"id": "p", "superview": "root"}, {"id": "q", "superview": "p", "intrinsicSize": {"width": 10, "height": 10}}, {"id": "r", "superview": "p", "intrinsicSize": {"width": 12, "height": 12}}, {"id": "s", "superview": "q"}]}, {"op": "make", "view": "p", "constraints": [{"attributes": "edges", "to": "superview", "inset": 5}]}, {"op": "make", "view": "q", "constraints": ["q.top == p.top", "q.leading == p.leading"]}, {"op": "make", "view": "r", "constraints": ["r.leading == q.trailing + 1", "r.top == q.top"]}]}"#,
        #"{"ops": [{"op": "remake", "view": "q", "constraints": ["q.top == p.top + 2", "q.leading == p.leading + 2", "q.width == 20 @600"]}]}"#,
        #"{"ops": [{"op": "removeViews", "ids": ["p"]}]}"#,
        #"{"ops": [{"op": "addViews", "views": [{"id": "t", "superview": "root", "intrinsicSize": {"width": 5, "height": 5}}]}, {"op": "make", "view": "t", "constraints": ["t.top == free.bottom", "t.leading == free.trailing", "t.width == 2 * free.width @400"]}]}"#,
    ]

    @Test func replayRebuildsTheSolverExactly() throws {
        let service = LayoutEngineService()
        let document = Array(SessionSleepTests.document.utf8)
        var sleeper = try #require(service.createSession(id: "s", document: document, space: .superview).session)
        var twin = try #require(service.createSession(id: "t", document: document, space: .superview).session)
        var refusals = 0
        for (k, text) in Self.batches.enumerated() {
            let body = Array(text.utf8)
            if case .success(let edits) = service.prepareEdits(body) {
                let a = service.edit(session: &sleeper, id: "s", edits: edits, space: .superview)
                let b = service.edit(session: &twin, id: "t", edits: edits, space: .superview)
                #expect(a.status == b.status, "batch \(k)")
                if a.status != 200 { refusals += 1 }
            }
            #expect(service.sleep(&sleeper) != nil, "batch \(k): the history is short, so the session can sleep")
            #expect(service.isAsleep(sleeper))
            let woken = try sleeper.wake().get()
            guard case .awake(let never, _) = twin.form else { Issue.record("the twin slept"); return }
            let expected = Self.fingerprint(never), actual = Self.fingerprint(woken)
            #expect(actual == expected, "after batch \(k): \(text)")
            if actual != expected { return }
        }
        #expect(refusals >= 5)
    }

    /// Two sessions given the same requests end in the same state, whatever their place
    /// in memory: nothing the engine does depends on the order of a hash table, whose seed
    /// comes from its storage's address (a remake once took constraints out in the order
    /// of a set, and removeViews took views out so).
    @Test func equalRequestsMakeEqualSessions() throws {
        let service = LayoutEngineService()
        let document = Array(SessionSleepTests.document.utf8)
        var runs: [[String]] = []
        var ballast: [[Int]] = []
        for run in 0..<8 {
            // Moves the next session's tables to other addresses.
            ballast += (0..<(run * 29)).map { Array(repeating: $0, count: $0 % 40 + 1) }
            var session = try #require(service.createSession(id: "s", document: document, space: .superview).session)
            guard case .awake(let layout, _) = session.form else { Issue.record("asleep at birth"); return }
            var states: [String] = []
            for text in Self.batches {
                if case .success(let edits) = service.prepareEdits(Array(text.utf8)) {
                    _ = service.edit(session: &session, id: "s", edits: edits, space: .superview)
                }
                states.append(Self.fingerprint(layout))
            }
            runs.append(states)
        }
        #expect(ballast.count > 0)
        for run in runs.indices.dropFirst() {
            let first = runs[0].indices.first { runs[0][$0] != runs[run][$0] }
            #expect(first == nil, "run \(run) differs from run 0 after batch \(first ?? -1)")
        }
    }
}
