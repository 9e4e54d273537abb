import CSQLite
import Foundation
import Testing
import Storage

/// The SQLite store on its own: what goes in comes back in order, compaction and deletes,
/// and damage (a record's bytes changed, a garbage file, a log cut short by a crash) is
/// found at open, leaving the intact sessions usable.
@Suite struct SQLiteJournalStoreTests {
    static func freshDirectory() -> String {
        let dir = NSTemporaryDirectory() + "trellis-store-\(UUID().uuidString)"
        return dir
    }

    static func record(_ kind: UInt8, _ text: String, views: Int = 3) -> StoredRecord {
        StoredRecord(kind: kind, body: Array(text.utf8), views: views, constraints: 2 * views, solveMicros: 17)
    }

    @Test func recordsComeBackInOrderAndListingsSayHowBig() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let (store, listing) = try SQLiteJournalStore.open(directory: dir + "/nested/state", sync: .full)
            #expect(listing.sessions.isEmpty && listing.damaged.isEmpty && listing.setAside == nil)
            try store.apply([.create(session: "a", Self.record(0, "doc-a")), .create(session: "b", Self.record(0, "doc-bb"))])
            try store.apply([.append(session: "a", Self.record(1, "edit-1", views: 4)), .append(session: "a", Self.record(2, "edit-2", views: 5))])
            try store.apply([.append(session: "ghost", Self.record(1, "lost"))])  // never created: nothing
            #expect(try store.history(of: "a").map { String(decoding: $0.body, as: UTF8.self) } == ["doc-a", "edit-1", "edit-2"])
            #expect(try store.history(of: "ghost").isEmpty)
        }
        // Reopened (a restart): the same, and the next seq goes on after the last.
        let (store, listing) = try SQLiteJournalStore.open(directory: dir + "/nested/state", sync: .full)
        let a = try #require(listing.sessions.first { $0.id == "a" })
        #expect(listing.sessions.map(\.id) == ["a", "b"])
        // Rows: the document, then the two appends of one transaction as one framed chunk.
        #expect(a.views == 5 && a.constraints == 10 && a.solveMicros == 17 && a.records == 2)
        #expect(a.bytes == "doc-a".utf8.count + 2 * (5 + 6) && a.firstBytes == 5)
        try store.apply([.append(session: "a", Self.record(1, "edit-3"))])
        #expect(try store.history(of: "a").count == 4)
        // Compaction leaves one record; a delete leaves none, and later appends stay out.
        try store.apply([.replace(session: "a", Self.record(3, "checkpoint"))])
        #expect(try store.history(of: "a").map(\.kind) == [3])
        try store.apply([.delete(session: "b"), .append(session: "b", Self.record(1, "late"))])
        #expect(try store.history(of: "b").isEmpty)
        #expect(try store.list().sessions.map(\.id) == ["a"])
    }

    /// A transaction's run of appends to one session is one row (a chunk); reading gives the
    /// records back one by one, in order, with the sizes of the last.
    @Test func appendsOfOneTransactionShareARow() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (store, _) = try SQLiteJournalStore.open(directory: dir, sync: .full)
        try store.apply([.create(session: "a", Self.record(0, "doc-a")), .create(session: "b", Self.record(0, "doc-b"))])
        try store.apply([.append(session: "a", Self.record(1, "a1")), .append(session: "a", Self.record(2, "a2", views: 7)),
                         .append(session: "b", Self.record(1, "b1")), .append(session: "a", Self.record(1, "a3", views: 9)),
                         .append(session: "a", Self.record(1, String(repeating: "x", count: 70_000), views: 4))])
        let a = try store.history(of: "a")
        #expect(a.map(\.kind) == [0, 1, 2, 1, 1])
        #expect(a.map { String(decoding: $0.body.prefix(3), as: UTF8.self) } == ["doc", "a1", "a2", "a3", "xxx"])
        #expect(a.last?.body.count == 70_000)
        #expect(try store.history(of: "b").count == 2)
        let listed = try #require(try store.list().sessions.first { $0.id == "a" })
        #expect(listed.records == 3 && listed.views == 4)
    }

    @Test func aRecordWhoseBytesChangedIsFoundAtOpenAndTheOthersLoad() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let (store, _) = try SQLiteJournalStore.open(directory: dir, sync: .full)
            for id in ["a", "b", "c"] {
                try store.apply([.create(session: id, Self.record(0, "doc-\(id)")), .append(session: id, Self.record(1, "edit-\(id)"))])
            }
        }
        try Self.sql(dir + "/sessions.db", "UPDATE records SET body = X'00FF' WHERE session = 'b' AND seq = 1")
        let (store, listing) = try SQLiteJournalStore.open(directory: dir, sync: .full)
        #expect(listing.sessions.map(\.id) == ["a", "c"])
        #expect(listing.damaged.map(\.id) == ["b"])
        #expect(listing.damaged.first?.reason.contains("record 1") == true)
        #expect(throws: StoreError.self) { try store.history(of: "b") }
        #expect(try store.history(of: "c").count == 2)
    }

    /// Two servers on one state directory would interleave their writes: the second is
    /// refused while the first holds the store, and opens once it is gone.
    @Test func aSecondOpenOfTheSameDirectoryIsRefused() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let (first, _) = try SQLiteJournalStore.open(directory: dir, sync: .full)
            #expect(throws: StoreError.self) { _ = try SQLiteJournalStore.open(directory: dir, sync: .full) }
            do {
                _ = try SQLiteJournalStore.open(directory: dir, sync: .full)
            } catch {
                #expect(error.message.contains("locked") && !error.damaged)
            }
            withExtendedLifetime(first) {}
        }
        let (again, listing) = try SQLiteJournalStore.open(directory: dir, sync: .full)
        #expect(listing.setAside == nil)
        withExtendedLifetime(again) {}
    }

    @Test func aGarbageFileIsSetAsideAndAFreshStoreStarts() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: dir + "/sessions.db"))
        let (store, listing) = try SQLiteJournalStore.open(directory: dir, sync: .full)
        let aside = try #require(listing.setAside)
        #expect(aside.contains("sessions.db.damaged-"))
        #expect(listing.sessions.isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("sessions.db.damaged-") }
        #expect(moved.count == 1)
        try store.apply([.create(session: "a", Self.record(0, "doc"))])
        #expect(try store.history(of: "a").count == 1)
    }

    /// A crash in the middle of a commit leaves the log cut anywhere: opening it keeps every
    /// transaction that is whole and drops the torn one (SQLite's log checksums), so each
    /// session comes back as it was after some commit, never with a damaged record.
    @Test func aLogCutShortByACrashLoadsEveryWholeCommit() throws {
        let dir = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (store, _) = try SQLiteJournalStore.open(directory: dir + "/live", sync: .full)
        try store.apply([.create(session: "a", Self.record(0, String(repeating: "d", count: 3000)))])
        for k in 0..<40 {
            try store.apply([.append(session: "a", Self.record(1, "edit-\(k)-" + String(repeating: "e", count: 500)))])
        }
        // What a crash would leave on disk: the files as they are, the log cut at a point.
        let wal = try Data(contentsOf: URL(fileURLWithPath: dir + "/live/sessions.db-wal"))
        #expect(wal.count > 20_000)
        var lengths: Set<Int> = []
        for cut in stride(from: wal.count / 7, to: wal.count, by: wal.count / 5) {
            let copy = dir + "/cut-\(cut)"
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: dir + "/live/sessions.db", toPath: copy + "/sessions.db")
            try wal.prefix(cut).write(to: URL(fileURLWithPath: copy + "/sessions.db-wal"))
            let (reopened, listing) = try SQLiteJournalStore.open(directory: copy, sync: .full)
            #expect(listing.damaged.isEmpty && listing.setAside == nil)
            let history = try reopened.history(of: "a")
            // A prefix of what was written, the document first.
            for (k, r) in history.dropFirst().enumerated() {
                #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("edit-\(k)-"))
            }
            lengths.insert(history.count)
        }
        #expect(lengths.count > 1, "the cuts fall at different commits: \(lengths)")
    }

    static func sql(_ path: String, _ statement: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw StoreError("open") }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, statement, nil, nil, nil) == SQLITE_OK else { throw StoreError(String(cString: sqlite3_errmsg(db))) }
    }
}
