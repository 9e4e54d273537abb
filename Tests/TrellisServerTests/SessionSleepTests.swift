import TestSupport
import Foundation
import Testing
@testable import TrellisServer

/// Sessions past `hotSessions` sleep as their history and are rebuilt by replaying it
/// (README, "Architecture"). Over HTTP, against the real engine: a session that sleeps after
/// every request answers exactly what a session that never sleeps answers.
@Suite struct SessionSleepTests {
    /// Ambiguous on purpose (nothing places `free` horizontally, so the solver picks one of
    /// many equally good frames) and with a conflict (one of the two widths of `free` is
    /// broken): the two things a rebuild from the current document would not promise to
    /// reproduce.
    static let document = #"""
    {"views": [
      {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 300}},
      {"id": "a", "superview": "root", "intrinsicSize": {"width": 50, "height": 20}},
      {"id": "b", "superview": "root", "intrinsicSize": {"width": 70, "height": 20}},
      {"id": "free", "superview": "root"}
    ],
    "constraints": [
      {"view": "a", "attributes": ["top", "leading"], "to": "superview", "offset": 10},
      {"view": "a", "attributes": "width", "to": 100},
      "b.leading == a.trailing + 8",
      "b.top == a.bottom + 4 @750",
      "b.trailing <= superview.trailing - 10",
      "free.width == 30", "free.height == 30", "free.top == root.top",
      {"view": "free", "attributes": "width", "to": 40, "label": "too wide"}
    ]}
    """#

    /// Every kind of op, and refusals in between (which must not enter the history).
    static let batches = [
        #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 120"]}]}"#,
        #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}]}"#,
        #"{"ops": [{"op": "make", "view": "b", "constraints": ["b.height == 2 * a.height"]}]}"#,
        #"{"ops": [{"op": "make", "view": "b", "constraints": ["b.top == ghost.top"]}]}"#,
        #"{"ifRevision": 1, "ops": [{"op": "remove", "view": "b"}]}"#,
        #"{"ops": [{"op": "addViews", "views": [{"id": "c", "superview": "b"}]}, {"op": "make", "view": "c", "constraints": [{"attributes": "edges", "to": "superview", "inset": 2}]}]}"#,
        #"{"ops": [{"op": "remake", "view": "a", "constraints": ["a.width == 90", "a.top == 12", "a.leading == 12", "a.width >= 200 @500"]}]}"#,
        #"{"ops": []}"#,
        #"{"ops": [{"op": "remove", "ids": ["c4"]}]}"#,
        #"{"ops": [{"op": "removeViews", "ids": ["c"]}, {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 500, "height": 500}}]}"#,
        #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 95"]}]}"#,
    ]

    /// An answer as JSON with what may differ between two sessions removed: the id (and a
    /// refusal's `instance`, the session's path), and the time the last solve took.
    static func comparable(_ r: TestHTTPClient.Response) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any], "\(r.text)")
        object["id"] = nil
        object["instance"] = nil
        if var stats = object["stats"] as? [String: Any] { stats["solveMicros"] = nil; object["stats"] = stats }
        return object as NSDictionary
    }

    static func metric(_ c: TestHTTPClient, _ name: String) throws -> Double {
        try sample(try c.exchange("GET", "/metrics").text, name)
    }

    @Test func aSessionThatSleepsAfterEveryRequestAnswersLikeOneThatNeverSleeps() throws {
        // One hot session: touching `decoy` puts `sleeper` to sleep, every time.
        try EngineEndToEndTests.withEngine({ $0.hotSessions = 1 }) { _, c in
            try EngineEndToEndTests.withEngine { _, g in
                let sleeper = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
                let decoy = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
                let awake = try #require(try g.postJSON("/v1/sessions", Self.document).header("Location"))
                #expect(try Self.metric(c, "trellis_sessions_asleep") == 1)

                for (k, batch) in Self.batches.enumerated() {
                    let answer = try c.postJSON(sleeper + "/edits", batch)
                    let expected = try g.postJSON(awake + "/edits", batch)
                    #expect(answer.status == expected.status, "batch \(k): \(answer.text)")
                    #expect(try Self.comparable(answer) == Self.comparable(expected), "batch \(k)")
                    #expect(try c.exchange("GET", decoy).status == 200)  // sleeper sleeps
                    let read = try c.exchange("GET", sleeper)
                    #expect(try Self.comparable(read) == Self.comparable(try g.exchange("GET", awake)), "GET after batch \(k)")
                    #expect(try c.exchange("GET", decoy).status == 200)
                }
                // The layout really is ambiguous and has a broken constraint: what a replay
                // must reproduce and a rebuild from the document need not.
                let final = try Self.comparable(try g.exchange("GET", awake))
                let kinds = (final["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                #expect(kinds.contains("ambiguous") && kinds.contains("unsatisfiable"), "\(kinds)")

                let woken = try Self.metric(c, "trellis_sessions_woken_total")
                #expect(woken >= Double(2 * Self.batches.count))
                #expect(try Self.metric(c, "trellis_sessions_slept_total") == woken + 1)
                #expect(try c.exchange("DELETE", sleeper).status == 204)
                #expect(try Self.metric(c, "trellis_sessions_asleep") == 0)
            }
        }
    }

    /// A session edited past its history's limit (eight times its document, at least 16 KiB)
    /// has its history compacted into a checkpoint and still sleeps; woken, it answers what
    /// it answered awake, and goes on taking edits.
    @Test func aSessionWithALongHistoryIsCompactedAndStillSleeps() throws {
        try EngineEndToEndTests.withEngine({ $0.hotSessions = 1 }) { _, c in
            let busy = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
            let other = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
            let edits = 16 * 1024 / 60 + 1
            var last = NSDictionary()
            for k in 0..<edits {
                let edit = #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == \#(100 + k % 50)"]}]}"#
                let answer = try c.postJSON(busy + "/edits", edit)
                #expect(answer.status == 200)
                last = try Self.comparable(answer)
            }
            #expect(try Self.metric(c, "trellis_journal_compactions_total") >= 1)
            let slept = try Self.metric(c, "trellis_sessions_slept_total")
            #expect(try c.exchange("GET", other).status == 200)  // busy leaves the hot list
            #expect(try Self.metric(c, "trellis_sessions_slept_total") == slept + 1, "busy sleeps")
            let woken = try Self.comparable(try c.exchange("GET", busy)).mutableCopy() as! NSMutableDictionary
            woken["document"] = nil
            #expect(woken.isEqual(to: last as! [AnyHashable: Any]))
            let answer = try EngineEndToEndTests.object(try c.postJSON(busy + "/edits",
                #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 77"]}]}"#))
            #expect(answer["revision"] as? Int == edits + 2)
        }
    }

    /// A sleeping session weighs what waking it costs: its views times its history against
    /// its document, so that a long replay runs on the solver threads, not on a loop. Woken,
    /// it reports the solve time of its last edit, not the replay's.
    @Test func aSleepingSessionWeighsItsReplay() throws {
        try EngineEndToEndTests.withEngine({ $0.hotSessions = 1 }) { live, c in
            let location = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
            let id = String(location.dropFirst("/v1/sessions/".count))
            let edit = #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == 111"]}]}"#
            for _ in 0..<20 { #expect(try c.postJSON(location + "/edits", edit).status == 200) }
            #expect(live.app.store.weight(of: id) == 4, "awake: its views")
            let micros = { (r: TestHTTPClient.Response) throws -> Int? in
                try (EngineEndToEndTests.object(r)["stats"] as? [String: Any])?["solveMicros"] as? Int
            }
            let before = try micros(try c.exchange("GET", location))
            #expect(try c.postJSON("/v1/sessions", Self.document).status == 201)  // it sleeps
            let document = Self.document.utf8.count
            let history = document + SessionJournal.headerBytes + 20 * (edit.utf8.count + SessionJournal.headerBytes)
            #expect(live.app.store.weight(of: id) == 4 * history / document)
            let woken = try c.exchange("GET", location)
            #expect(woken.status == 200)
            #expect(try micros(woken) == before, "the time of the last edit, not of the replay")
            #expect(live.app.store.weight(of: id) == 4)
        }
    }

    /// Many connections edit more sessions than stay hot, so sessions sleep and wake under
    /// the requests of other loops all the time: every edit is applied exactly once, and each
    /// session ends where a new session given its last edit ends.
    @Test func concurrentEditsOfSleepingSessionsMatchSerialEdits() throws {
        let sessions = 6, connections = 4, rounds = 6
        try EngineEndToEndTests.withEngine({ $0.hotSessions = 2 }) { live, c in
            var locations: [String] = []
            for _ in 0..<sessions { locations.append(try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))) }
            let shared = locations
            let failures = postEditsConcurrently(port: live.port, connections: connections, rounds: rounds, perRound: sessions) { t, r, s in
                let width = 60 + 10 * t + r
                return (shared[(s + t) % sessions] + "/edits",
                        #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == \#(width)"]}, {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": \#(300 + width), "height": 300}}]}"#)
            }
            #expect(failures == [])
            #expect(try Self.metric(c, "trellis_sessions_woken_total") > 0)
            for location in shared {
                let answer = try Self.comparable(try c.exchange("GET", location))
                #expect(answer["revision"] as? Int == 1 + connections * rounds)
                // The same layout, solved with the width the last edit set, answers the same frames.
                let width = try #require((answer["frames"] as? [String: [String: Double]])?["a"]?["width"])
                let again = try #require(try c.postJSON("/v1/sessions", Self.document).header("Location"))
                let replay = try Self.comparable(try c.postJSON(again + "/edits",
                    #"{"ops": [{"op": "update", "view": "a", "constraints": ["a.width == \#(Int(width))"]}, {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": \#(300 + Int(width)), "height": 300}}]}"#))
                #expect(replay["frames"] as? NSDictionary == answer["frames"] as? NSDictionary)
            }
        }
    }
}
