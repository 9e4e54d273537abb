import Foundation
import Storage
import Testing
import TrellisServer

/// Two instances of a fleet on one PostgreSQL (docs/fleet.md), as real servers on loopback
/// speaking HTTP: a session is answered by one owner at a time, moves when its owner lets
/// it go, answers the same bytes after the move, and an instance that lost a session
/// neither writes it nor answers it from its old copy. Needs `TRELLIS_TEST_POSTGRES`
/// (scripts/test starts a database); the kill -9 and SIGSTOP tests are scripts/check-fleet.
@Suite struct FleetEndToEndTests {
    static let url = ProcessInfo.processInfo.environment["TRELLIS_TEST_POSTGRES"]

    static func instance(_ name: String, _ edit: @escaping (inout ServerConfig) -> Void = { _ in })
        throws -> LiveServer<LayoutEngineService>? {
        guard let url else { return nil }
        var config = ServerConfig()
        edit(&config)
        let store = try PostgresJournalStore.open(url: url, instance: "\(name)-\(UUID().uuidString)", leaseSeconds: 60)
        return try LiveServer(LayoutEngineService(config: config), sharedStore: store, edit)
    }

    static let resize = #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}]}"#
    static let widen = #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.width == 150"]}]}"#

    static func revision(_ body: [UInt8]) -> Int? {
        (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["revision"] as? Int
    }

    @Test func aSessionIsServedByItsOwnerAndMovesWithItsLeaseAtAGracefulStop() throws {
        guard let a = try Self.instance("A"), let b = try Self.instance("B") else { return }
        defer { b.stop() }
        let ca = try a.client(), cb = try b.client()
        let location = try #require(try ca.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
        // A new session is nobody's until its first request: A's edit makes A its owner.
        #expect(try ca.postJSON(location + "/edits", Self.resize).status == 200)
        let before = try ca.exchange("GET", location)
        // A holds the lease: B refuses and says when to come back, changing nothing.
        let refused = try cb.postJSON(location + "/edits", Self.widen)
        #expect(refused.status == 503 && refused.text.contains("session-owned-elsewhere"), "\(refused.text)")
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        // A stops gracefully and lets its leases go: B takes the session over at once and
        // answers exactly what A answered, then goes on from that revision.
        a.stop()
        let moved = try cb.exchange("GET", location)
        #expect(moved.status == 200 && moved.body == before.body, "\(moved.text)")
        let edited = try cb.postJSON(location + "/edits", Self.widen)
        #expect(edited.status == 200 && Self.revision(edited.body) == Self.revision(before.body).map { $0 + 1 })
        let metrics = try cb.exchange("GET", "/metrics").text
        #expect(try sample(metrics, "trellis_fleet_takeovers_total") == 1)
        #expect(try sample(metrics, "trellis_fleet_refused_total") == 1)
        // Deleted by its owner: gone for the whole fleet.
        #expect(try cb.exchange("DELETE", location).status == 204)
        #expect(try cb.exchange("GET", location).status == 404)
    }

    @Test func anInstanceThatLostASessionNeitherWritesItNorAnswersItsOldCopy() throws {
        // One hot session on A: the second one sends the first to sleep, which lets its
        // lease go, so B may take it while A still holds its old copy.
        guard let a = try Self.instance("A", { $0.hotSessions = 1 }), let b = try Self.instance("B") else { return }
        defer { a.stop(); b.stop() }
        let ca = try a.client(), cb = try b.client()
        let first = try #require(try ca.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
        let old = try ca.exchange("GET", first)
        let second = try #require(try ca.postJSON("/v1/sessions", EngineEndToEndTests.card).header("Location"))
        _ = try ca.exchange("GET", second)
        // The release reaches the store from A's pool: wait until A counts it.
        var released = 0.0
        for _ in 0..<500 where released < 1 {
            released = try sample(try ca.exchange("GET", "/metrics").text, "trellis_fleet_lease_releases_total")
        }
        #expect(released >= 1)
        // B takes the first over and edits it.
        let edited = try cb.postJSON(first + "/edits", Self.resize)
        #expect(edited.status == 200 && Self.revision(edited.body) == Self.revision(old.body).map { $0 + 1 }, "\(edited.text)")
        // A, asked directly, refuses both: nothing stale, nothing written.
        let read = try ca.exchange("GET", first)
        #expect(read.status == 503 && read.body != old.body, "\(read.text)")
        #expect(try ca.postJSON(first + "/edits", Self.widen).status == 503)
        #expect(Self.revision(try cb.exchange("GET", first).body) == Self.revision(edited.body))
        // B lets go at its stop: A takes the session again and answers B's state.
        b.stop()
        let back = try ca.exchange("GET", first)
        #expect(back.status == 200 && Self.revision(back.body) == Self.revision(edited.body), "\(back.text)")
    }
}
