import Foundation
import Logging
import Storage
import Testing
import TrellisServer
import Platform

/// The journal's writer thread: records from many threads reach the store in each session's
/// order, every answer waiting on them is released once, and after `shutdown` a late record
/// is still written (by its caller).
@Suite struct JournalWriterTests {
    static func record(_ k: Int) -> StoredRecord {
        StoredRecord(kind: k == 0 ? 0 : 1, body: Array("r\(k)".utf8), views: 1, constraints: k, solveMicros: 0)
    }

    @Test(arguments: Durability.allCases)
    func recordsKeepTheirOrderAndEveryAnswerIsReleased(_ durability: Durability) throws {
        let dir = NSTemporaryDirectory() + "trellis-writer-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (store, _) = try SQLiteJournalStore.open(directory: dir, sync: .off)
        let writer = JournalWriter(store: store, durability: durability, metrics: JournalMetrics(), logger: Logger(label: "test"))
        let released = Locked(0)
        let sessions = 4, records = 50
        onThreads(sessions) { t in
            writer.submit([.create(session: "s\(t)", Self.record(0))]) { if $0 == .committed { released.withLock { $0 += 1 } } }
            for k in 1..<records {
                writer.submit([.append(session: "s\(t)", Self.record(k))]) { if $0 == .committed { released.withLock { $0 += 1 } } }
            }
            writer.submit([]) { if $0 == .waited { released.withLock { $0 += 1 } } }  // a read's barrier
        }
        writer.shutdown()
        #expect(released.withLock { $0 } == sessions * (records + 1))
        for t in 0..<sessions {
            #expect(try store.history(of: "s\(t)").map { String(decoding: $0.body, as: UTF8.self) } == (0..<records).map { "r\($0)" })
        }
        // After the thread ended, a record is written by its caller, and its answer released.
        let late = Locked(false)
        writer.submit([.append(session: "s0", Self.record(records))]) { outcome in late.withLock { $0 = outcome == .committed } }
        #expect(late.withLock { $0 })
        #expect(try store.history(of: "s0").count == records + 1)
    }
}
