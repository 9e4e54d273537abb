import CSQLite
import Foundation
import Testing
import TrellisServer

/// Sessions in a state directory survive a restart (docs/durability.md): real servers on
/// loopback, stopped and started again on the same directory. (The crash test, with SIGKILL,
/// is scripts/check-durability.)
@Suite struct DurabilityEndToEndTests {
    static func withStateDir(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "trellis-durable-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    static func server(_ dir: String, _ durability: Durability = .batch, _ edit: (inout ServerConfig) -> Void = { _ in })
        throws -> LiveServer<LayoutEngineService> {
        var config = ServerConfig()
        edit(&config)
        return try LiveServer(LayoutEngineService(config: config), stateDir: dir, durability: durability, edit)
    }

    static let edits = [
        #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.width == 150"]}]}"#,
        #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}]}"#,
        #"{"ops": [{"op": "make", "view": "title", "constraints": ["title.height >= 30", "title.width == 999 @1000"]}]}"#,
        #"{"ops": [{"op": "remove", "ids": ["nosuch"]}]}"#,
    ]

    @Test(arguments: Durability.allCases)
    func everySessionAnswersTheSameBytesAfterARestart(_ durability: Durability) throws {
        try Self.withStateDir { dir in
            var before: [String: [UInt8]] = [:]
            var deleted = ""
            do {
                let live = try Self.server(dir, durability) { $0.hotSessions = 3 }
                defer { live.stop() }
                let c = try live.client()
                for k in 0..<8 {
                    let location = try #require(try c.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
                    for edit in Self.edits.prefix(k % 5) { _ = try c.postJSON(location + "/edits", edit) }
                    before[location] = try c.exchange("GET", location).body
                }
                deleted = try #require(before.keys.sorted().first)
                #expect(try c.exchange("DELETE", deleted).status == 204)
                before[deleted] = nil
            }
            let live = try Self.server(dir, durability)
            defer { live.stop() }
            let c = try live.client()
            #expect(try sample(try c.exchange("GET", "/metrics").text, "trellis_sessions_restored") == 7)
            for (location, bytes) in before {
                let answer = try c.exchange("GET", location)
                #expect(answer.status == 200 && answer.body == bytes, "\(location): \(answer.text)")
            }
            #expect(try c.exchange("GET", deleted).status == 404)
            // Edits go on from the stored revision.
            let (location, bytes) = try #require(before.first)
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            let revision = try #require(stored["revision"] as? Int)
            let next = try EngineEndToEndTests.object(try c.postJSON(location + "/edits", Self.edits[0]))
            #expect(next["revision"] as? Int == revision + 1)
        }
    }

    @Test func aCompactedSessionSurvivesARestart() throws {
        try Self.withStateDir { dir in
            var location = "", bytes: [UInt8] = []
            do {
                let live = try Self.server(dir)
                defer { live.stop() }
                let c = try live.client()
                location = try #require(try c.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
                for k in 0..<400 {
                    let edit = #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": \#(300 + k % 90), "height": 667}}]}"#
                    #expect(try c.postJSON(location + "/edits", edit).status == 200)
                }
                #expect(try sample(try c.exchange("GET", "/metrics").text, "trellis_journal_compactions_total") >= 1)
                bytes = try c.exchange("GET", location).body
            }
            // What the store keeps of 400 edits: a checkpoint and the edits since, under the
            // journal's bound (16 KiB here).
            let kept = try Self.query(dir, "SELECT count(*), sum(length(body)) FROM records")
            #expect(kept[0] < 400 && kept[1] <= 16 * 1024 + 200, "\(kept)")
            let live = try Self.server(dir)
            defer { live.stop() }
            #expect(try live.client().exchange("GET", location).body == bytes)
        }
    }

    @Test func aDamagedSessionIsReportedAndTheOthersLoad() throws {
        try Self.withStateDir { dir in
            var locations: [String] = []
            do {
                let live = try Self.server(dir)
                defer { live.stop() }
                let c = try live.client()
                for _ in 0..<3 {
                    let location = try #require(try c.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
                    _ = try c.postJSON(location + "/edits", Self.edits[0])
                    locations.append(location)
                }
            }
            let victim = try #require(locations[1].split(separator: "/").last)
            _ = try Self.query(dir, "UPDATE records SET body = X'7B7D' WHERE session = '\(victim)' AND seq = 1")
            let live = try Self.server(dir)
            defer { live.stop() }
            let c = try live.client()
            let metrics = try c.exchange("GET", "/metrics").text
            #expect(try sample(metrics, "trellis_sessions_damaged") == 1 && sample(metrics, "trellis_sessions_restored") == 2)
            #expect(try c.exchange("GET", locations[0]).status == 200)
            #expect(try c.exchange("GET", locations[1]).status == 404)
            #expect(try c.exchange("GET", locations[2]).status == 200)
            #expect(try c.exchange("GET", "/readyz").status == 200)
        }
    }

    @Test func anExpiredSessionLeavesTheStore() throws {
        try Self.withStateDir { dir in
            let live = try Self.server(dir) { $0.sessionIdleSeconds = 0.2 }
            defer { live.stop() }
            let c = try live.client()
            let location = try #require(try c.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
            #expect(try Self.query(dir, "SELECT count(*) FROM records")[0] == 1)
            // Polled, not slept on: the sweep runs on requests (not the session's) once a second.
            let deadline = Date().addingTimeInterval(10)
            var gone = false
            while !gone, Date() < deadline {
                _ = try c.exchange("GET", "/healthz")
                gone = try Self.query(dir, "SELECT count(*) FROM records")[0] == 0
            }
            #expect(gone)
            #expect(try c.exchange("GET", location).status == 404)
        }
    }

    /// One row of integers from the store's file, read beside the server.
    static func query(_ dir: String, _ sql: String) throws -> [Int] {
        var db: OpaquePointer?
        guard sqlite3_open(dir + "/sessions.db", &db) == SQLITE_OK else { throw CancellationError() }
        defer { sqlite3_close(db) }
        sqlite3_busy_timeout(db, 5000)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw CancellationError() }
        defer { sqlite3_finalize(statement) }
        var row: [Int] = []
        if sqlite3_step(statement) == SQLITE_ROW {
            for k in 0..<sqlite3_column_count(statement) { row.append(Int(sqlite3_column_int64(statement, k))) }
        }
        return row
    }
}
