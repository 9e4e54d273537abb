import Foundation
import Testing
@testable import Storage

/// What every `JournalStore` promises, run against each store: SQLite always, PostgreSQL
/// when `TRELLIS_TEST_POSTGRES` names a database (scripts/test starts one). Writes carry
/// their owner's epoch (`fence`) as the server sends them; SQLite has nobody to fence off.
@Suite struct JournalStoreContractTests {
    static let postgresURL = ProcessInfo.processInfo.environment["TRELLIS_TEST_POSTGRES"]

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgresql
        var testDescription: String { rawValue }
    }

    /// A fresh store of `kind` and a cleanup; nil when PostgreSQL is not available.
    static func open(_ kind: Kind) throws -> (JournalStore, () -> Void)? {
        switch kind {
        case .sqlite:
            let dir = NSTemporaryDirectory() + "trellis-contract-\(UUID().uuidString)"
            let (store, _) = try SQLiteJournalStore.open(directory: dir, sync: .off)
            return (store, { store.release(); try? FileManager.default.removeItem(atPath: dir) })
        case .postgresql:
            guard let url = postgresURL else { return nil }
            let store = try PostgresJournalStore.open(url: url, instance: "test-\(UUID().uuidString)", leaseSeconds: 60)
            return (store, { store.release() })
        }
    }

    static func record(_ kind: UInt8, _ text: String, views: Int = 3) -> StoredRecord {
        StoredRecord(kind: kind, body: Array(text.utf8), views: views, constraints: 2 * views, solveMicros: 17)
    }

    static func texts(_ records: [StoredRecord]) -> [String] { records.map { String(decoding: $0.body, as: UTF8.self) } }

    @Test(arguments: Kind.allCases)
    func historiesComeBackInOrderThroughAppendsCheckpointsAndDeletes(_ kind: Kind) throws {
        guard let (store, close) = try Self.open(kind) else { return }
        defer { close() }
        let a = "a-" + UUID().uuidString, b = "b-" + UUID().uuidString
        #expect(try store.apply([.create(session: a, Self.record(0, "doc-a")), .create(session: b, Self.record(0, "doc-b"))]).isEmpty)
        // Two requests of one group commit: each hands over its fence and its record.
        #expect(try store.apply([.fence(session: a, epoch: 1), .append(session: a, Self.record(1, "edit-1", views: 4)),
                                 .fence(session: a, epoch: 1), .append(session: a, Self.record(2, "edit-2", views: 5))]).isEmpty)
        #expect(try Self.texts(store.history(of: a)) == ["doc-a", "edit-1", "edit-2"])
        #expect(try store.history(of: a).map(\.kind) == [0, 1, 2])
        let listed = try #require(try store.list().sessions.first { $0.id == a })
        #expect(listed.views == 5 && listed.constraints == 10 && listed.solveMicros == 17 && listed.records == 2)
        // A checkpoint replaces the history; later appends follow it.
        try store.apply([.fence(session: a, epoch: 1), .replace(session: a, Self.record(3, "checkpoint"))])
        try store.apply([.fence(session: a, epoch: 1), .append(session: a, Self.record(1, "edit-3"))])
        #expect(try Self.texts(store.history(of: a)) == ["checkpoint", "edit-3"])
        // A delete leaves nothing, and appends after it stay out.
        try store.apply([.fence(session: b, epoch: 1), .delete(session: b)])
        try store.apply([.fence(session: b, epoch: 1), .append(session: b, Self.record(1, "late"))])
        #expect(try store.history(of: b).isEmpty)
        #expect(try store.list().sessions.contains { $0.id == b } == false)
        #expect(try store.history(of: "never-" + UUID().uuidString).isEmpty)
    }

    // MARK: - Ownership (the shared store)

    static func shared(lease: Double = 60) throws -> (PostgresJournalStore, PostgresJournalStore)? {
        guard let url = postgresURL else { return nil }
        return (try PostgresJournalStore.open(url: url, instance: "A-\(UUID().uuidString)", leaseSeconds: lease),
                try PostgresJournalStore.open(url: url, instance: "B-\(UUID().uuidString)", leaseSeconds: 60))
    }

    @Test func aLiveLeaseKeepsOthersOutAndItsOwnerRenewsIt() throws {
        guard let (a, b) = try Self.shared() else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc"))])
        // Created, it is nobody's yet: A's claim of its epoch makes it A's, without a read.
        #expect(try a.claim(s, epoch: 1) == .renewed(epoch: 1))
        #expect(try b.claim(s, epoch: nil).heldFor > 50)
        #expect(try a.claim(s, epoch: 1) == .renewed(epoch: 1))
        #expect(try b.claim("missing-" + UUID().uuidString, epoch: nil) == .missing)
    }

    @Test func aNewSessionIsNobodysUntilItsFirstClaim() throws {
        guard let (a, b) = try Self.shared() else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc"))])
        #expect(try b.claim(s, epoch: nil) == .taken(epoch: 2, records: [Self.record(0, "doc")]))
        #expect(try a.claim(s, epoch: 1).heldFor > 50)
    }

    @Test func aTakeOverFencesTheFormerOwnerOff() throws {
        // A's lease ends as it is written (0 s): B may take the session at once.
        guard let (a, b) = try Self.shared(lease: 0) else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc")), .fence(session: s, epoch: 1),
                     .append(session: s, Self.record(1, "edit-1"))])
        guard case .taken(let epoch, let records) = try b.claim(s, epoch: nil) else {
            Issue.record("B did not take the session over")
            return
        }
        #expect(epoch == 2 && Self.texts(records) == ["doc", "edit-1"])
        // A still thinks it owns epoch 1: its writes, checkpoints and deletes land nowhere.
        #expect(try a.apply([.fence(session: s, epoch: 1), .append(session: s, Self.record(1, "stale"))]) == [Fenced(session: s, epoch: 1)])
        #expect(try a.apply([.fence(session: s, epoch: 1), .replace(session: s, Self.record(3, "stale"))]) == [Fenced(session: s, epoch: 1)])
        #expect(try a.apply([.fence(session: s, epoch: 1), .delete(session: s)]) == [Fenced(session: s, epoch: 1)])
        #expect(try a.apply([.fence(session: s, epoch: 1)]) == [Fenced(session: s, epoch: 1)])
        // Another session's writes in the same transaction are not held back by it.
        let other = "o-" + UUID().uuidString
        #expect(try a.apply([.create(session: other, Self.record(0, "doc")),
                             .fence(session: s, epoch: 1), .append(session: s, Self.record(1, "stale"))]) == [Fenced(session: s, epoch: 1)])
        #expect(try Self.texts(a.history(of: other)) == ["doc"])
        // One batch with an old copy's write and the current copy's: only the old one is refused.
        #expect(try b.apply([.fence(session: s, epoch: 1), .append(session: s, Self.record(1, "stale")),
                             .fence(session: s, epoch: 2), .append(session: s, Self.record(1, "edit-1b"))]) == [Fenced(session: s, epoch: 1)])
        #expect(try Self.texts(b.history(of: s)) == ["doc", "edit-1", "edit-1b"])
        // B writes at its epoch; A's renewal of its old epoch takes the session over again.
        #expect(try b.apply([.fence(session: s, epoch: 2), .append(session: s, Self.record(1, "edit-2"))]).isEmpty)
        #expect(try Self.texts(b.history(of: s)) == ["doc", "edit-1", "edit-1b", "edit-2"])
        #expect(try a.claim(s, epoch: 1).heldFor > 50)
    }

    @Test func aReleasedLeaseMovesAtOnceAndComesBackWithoutAReadWhileTheEpochStands() throws {
        guard let (a, b) = try Self.shared() else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString, t = "t-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc")), .create(session: t, Self.record(0, "doc"))])
        #expect(try a.claim(s, epoch: 1) == .renewed(epoch: 1) && a.claim(t, epoch: 1) == .renewed(epoch: 1))
        // Released on sleep: A's own copy is still current, so its claim renews.
        try a.releaseLease(s, epoch: 1)
        #expect(try a.claim(s, epoch: 1) == .renewed(epoch: 1))
        try a.releaseLease(s, epoch: 1)
        #expect(try b.claim(s, epoch: nil) == .taken(epoch: 2, records: [Self.record(0, "doc")]))
        // A graceful stop lets every lease go.
        a.release()
        guard case .taken(epoch: 2, _) = try b.claim(t, epoch: nil) else {
            Issue.record("B did not take over a session released at A's stop")
            return
        }
    }

    /// check-fleet once stalled so: an owner stopped (SIGSTOP) between two round trips of one
    /// transaction kept its session's owner row locked, and every other instance's claim of
    /// that session, and all claims after it there, waited for as long as the owner slept.
    @Test func anOwnerStoppedInsideATransactionHoldsItsSessionsForALeaseAtMost() throws {
        guard let (a, b) = try Self.shared(lease: 1), let url = Self.postgresURL else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc"))])
        #expect(try a.claim(s, epoch: 1) == .renewed(epoch: 1))
        // A's connection (set up as the store sets up its own) stops inside a transaction
        // that locked the owner row.
        let stalled = try PGConnection(url: url, settings: PostgresJournalStore.connectionSettings(leaseSeconds: 1))
        _ = try stalled.pipeline([("BEGIN", []), ("SELECT epoch FROM trellis_owners WHERE session = $1 FOR UPDATE", [.text(s)])])
        // B neither waits for it nor fails: it is told to come back, until PostgreSQL has
        // ended that transaction (a lease after it went idle) and A's lease has run out.
        var claims: [Claim] = []
        while claims.count < 10, claims.last.map({ if case .taken = $0 { false } else { true } }) ?? true {
            claims.append(try b.claim(s, epoch: nil))
        }
        #expect(claims.dropLast().allSatisfy { $0.heldFor > 0 }, "\(claims)")
        #expect(claims.last == .taken(epoch: 2, records: [Self.record(0, "doc")]), "\(claims)")
        // The stalled transaction was rolled back: its connection was ended under it.
        #expect(throws: StoreError.self) { try stalled.run("COMMIT") }
        // A's writes at its old epoch land nowhere.
        #expect(try a.apply([.fence(session: s, epoch: 1), .append(session: s, Self.record(1, "stale"))]) == [Fenced(session: s, epoch: 1)])
    }

    @Test func sessionsNobodyTouchedForTheIdleTimeLeaveTheStore() throws {
        guard let (a, b) = try Self.shared() else { return }
        defer { a.release(); b.release() }
        let s = "s-" + UUID().uuidString
        try a.apply([.create(session: s, Self.record(0, "doc"))])
        // Untouched for two hours (other tests' sessions, in the same database, are younger).
        let db = try PGConnection(url: try #require(Self.postgresURL))
        try db.run("UPDATE trellis_owners SET lease_until = now() - interval '2 hours' WHERE session = $1", [.text(s)])
        #expect(try a.history(of: s).count == 1)
        #expect(try b.expireIdle(olderThan: 3600) >= 1)
        #expect(try a.history(of: s).isEmpty && a.claim(s, epoch: 1) == .missing)
    }

    /// A network that drops packets sends no reset: a statement waits for an answer at most
    /// `silenceSeconds` from the last byte, fails (the request gets 503, nothing applied),
    /// and the next statement goes through a new connection once the network is back.
    @Test func aCutNetworkGivesAStatementUpAndTheNextOneReconnects() throws {
        guard let url = Self.postgresURL,
              let match = url.firstMatch(of: /@([0-9.]+):([0-9]+)\//), let port = Int(match.2) else { return }
        let relay = try CuttableRelay(to: String(match.1), port: port)
        defer { relay.close() }
        let relayed = url.replacingOccurrences(of: "@\(match.1):\(match.2)/", with: "@127.0.0.1:\(relay.port)/")
        let store = try PostgresJournalStore.open(url: relayed, instance: "cut-\(UUID().uuidString)", leaseSeconds: 60,
                                                  silenceSeconds: 2)
        let s = "s-" + UUID().uuidString
        try store.apply([.create(session: s, Self.record(0, "doc"))])

        relay.cut()
        let start = ContinuousClock.now
        #expect(throws: StoreError.self) {
            try store.apply([.fence(session: s, epoch: 1), .append(session: s, Self.record(1, "never sent on"))])
        }
        let waited = ContinuousClock.now - start
        // It waited for the silence, and not again for a connection through the cut network
        // (no ROLLBACK tried on a new one: 5 s more).
        #expect(waited >= .seconds(1.5) && waited < .seconds(4.5), "\(waited)")

        relay.heal()
        try store.apply([.fence(session: s, epoch: 1), .append(session: s, Self.record(1, "edit"))])
        let direct = try PostgresJournalStore.open(url: url, instance: "direct-\(UUID().uuidString)", leaseSeconds: 60)
        defer { direct.release() }
        #expect(try Self.texts(direct.history(of: s)) == ["doc", "edit"])
        relay.close()  // the store's reader is still on a cut connection: ended, not waited for
        store.release()
    }

    @Test func anUnreachableDatabaseIsAClearError() {
        #expect(throws: StoreError.self) {
            _ = try PostgresJournalStore.open(url: "postgresql://nobody:secret@127.0.0.1:1/none?connect_timeout=2",
                                              instance: "x", leaseSeconds: 1)
        }
        do {
            _ = try PostgresJournalStore.open(url: "postgresql://nobody:secret@127.0.0.1:1/none?connect_timeout=2", instance: "x", leaseSeconds: 1)
        } catch {
            #expect(error.message.contains("cannot connect") && !error.message.contains("secret"))
        }
    }
}

extension Claim {
    /// Seconds another server's lease has yet, 0 for any other claim.
    var heldFor: Double {
        if case .held(let seconds) = self { return seconds }
        return 0
    }
}
