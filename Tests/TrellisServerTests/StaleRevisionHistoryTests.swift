import Testing
@testable import Layout
@testable import TrellisServer

/// A batch refused for its revision ran nothing, so a session's history does not keep it,
/// whatever the batch before it did. (It once did after a refusal that left a trace: the
/// layout reported the earlier refusal's trace for the 409, and the session journaled a
/// record for it. In a fleet that record came from the retry of a batch whose answer was
/// lost, so the fleet's history grew where its twin's did not and compacted one edit
/// earlier, settling an ambiguous width elsewhere: scripts/check-fleet, seed 604.)
@Suite struct StaleRevisionHistoryTests {
    @Test func aStaleRevisionAfterATracedRefusalAddsNothingToTheHistory() throws {
        let service = LayoutEngineService()
        var session = try #require(service.createSession(id: "s", document: Array(SessionSleepTests.document.utf8),
                                                         space: .superview).session)
        _ = service.takeWrites(&session)
        func send(_ text: String) throws -> (status: Int, writes: [JournalWrite]) {
            guard case .success(let edits) = service.prepareEdits(Array(text.utf8)) else {
                Issue.record("does not decode: \(text)")
                return (0, [])
            }
            let reply = service.edit(session: &session, id: "s", edits: edits, space: .superview)
            return (reply.status, service.takeWrites(&session))
        }
        // A constraint goes in, then the batch fails: it is undone, and kept in the history.
        let traced = try send(#"{"ops": [{"op": "make", "view": "b", "constraints": ["b.width == 33"]}, {"op": "make", "view": "b", "constraints": ["b.top == ghost.top"]}]}"#)
        #expect(traced.status == 422)
        #expect(traced.writes.count == 1, "the refused batch that left a trace is kept")
        let applied = try send(#"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 120"]}]}"#)
        #expect(applied.status == 200 && applied.writes.count == 1)
        // The session is at revision 2 now: a batch for revision 1 is refused before it runs.
        let stale = try send(#"{"ifRevision": 1, "ops": [{"op": "update", "view": "a", "constraints": ["a.width == 1"]}]}"#)
        #expect(stale.status == 409)
        #expect(stale.writes.isEmpty, "a batch refused for its revision is not kept: \(stale.writes)")
        // And straight after the traced refusal, with nothing in between.
        _ = try send(#"{"ops": [{"op": "make", "view": "b", "constraints": ["b.width == 34"]}, {"op": "make", "view": "b", "constraints": ["b.top == ghost.top"]}]}"#)
        let staleAgain = try send(#"{"ifRevision": 1, "ops": [{"op": "update", "view": "a", "constraints": ["a.width == 1"]}]}"#)
        #expect(staleAgain.status == 409)
        #expect(staleAgain.writes.isEmpty, "\(staleAgain.writes)")
    }

    /// A history written before the fix, with such a 409 kept as a refused batch, still wakes
    /// into the layout it was (stores on disk hold such histories).
    @Test func aHistoryThatKeptA409StillWakes() throws {
        let document = Array(SessionSleepTests.document.utf8)
        let traced = Array(#"{"ops": [{"op": "make", "view": "b", "constraints": ["b.width == 33"]}, {"op": "make", "view": "b", "constraints": ["b.top == ghost.top"]}]}"#.utf8)
        let applied = Array(#"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 120"]}]}"#.utf8)
        let stale = Array(#"{"ifRevision": 1, "ops": [{"op": "update", "view": "a", "constraints": ["a.width == 1"]}]}"#.utf8)
        typealias Kind = SessionJournal.Kind
        let kept = try #require(SessionJournal(records: [
            (Kind.document.rawValue, document), (Kind.refusedEdit.rawValue, traced), (Kind.edit.rawValue, applied),
            (Kind.refusedEdit.rawValue, stale),
        ]))
        let woken = try kept.replay(limits: .standard).get()
        let clean = try #require(SessionJournal(records: [
            (Kind.document.rawValue, document), (Kind.refusedEdit.rawValue, traced), (Kind.edit.rawValue, applied),
        ]))
        let twin = try clean.replay(limits: .standard).get()
        #expect(SessionReplayTests.fingerprint(woken) == SessionReplayTests.fingerprint(twin))
        #expect(woken.revision == 2)
    }
}
