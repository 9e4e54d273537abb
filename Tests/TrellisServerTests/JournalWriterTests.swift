import Foundation
import Logging
import Storage
import Testing
@testable import TrellisServer

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
            writer.submit([.create(session: "s\(t)", Self.record(0))]) { released.withLock { $0 += 1 } }
            for k in 1..<records {
                writer.submit([.append(session: "s\(t)", Self.record(k))]) { released.withLock { $0 += 1 } }
            }
            writer.submit([]) { released.withLock { $0 += 1 } }  // a read's barrier
        }
        writer.shutdown()
        #expect(released.withLock { $0 } == sessions * (records + 1))
        for t in 0..<sessions {
            #expect(try store.history(of: "s\(t)").map { String(decoding: $0.body, as: UTF8.self) } == (0..<records).map { "r\($0)" })
        }
        // After the thread ended, a record is written by its caller, and its answer released.
        let late = Locked(false)
        writer.submit([.append(session: "s0", Self.record(records))]) { late.withLock { $0 = true } }
        #expect(late.withLock { $0 })
        #expect(try store.history(of: "s0").count == records + 1)
    }

    /// A store that records each transaction's ops and tells the test when one arrives.
    final class CountingStore: JournalStore, @unchecked Sendable {
        let transactions = Locked<[[StoreOp]]>([])
        let committed = DispatchSemaphore(value: 0)
        func apply(_ ops: [StoreOp]) throws(StoreError) {
            transactions.withLock { $0.append(ops) }
            committed.signal()
        }
        func history(of session: String) throws(StoreError) -> [StoredRecord] { [] }
        func list() throws(StoreError) -> StoreListing { throw StoreError("not listed in this test") }
        func release() {}
    }

    /// Group commit across loops: a loop that ends its iteration does not start a commit
    /// without the records another loop handed over in the iteration it is still in; they
    /// go in one transaction once that loop ends it too.
    @Test func aCommitWaitsForLoopsInTheMiddleOfAnIteration() {
        let store = CountingStore()
        let writer = JournalWriter(store: store, durability: .batch, metrics: JournalMetrics(), logger: Logger(label: "test"),
                                   gatherNanoseconds: 60_000_000_000)
        let (aStep, bStep) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let (aDone, bDone) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let released = Locked(0)
        // Two threads of their own, left running (`onThreads` would wait for them here).
        for t in 0..<2 {
            Thread.detachNewThread {
                let (step, done) = t == 0 ? (aStep, aDone) : (bStep, bDone)
                writer.loopTickEnded()  // a loop thread from now on
                done.signal()
                step.wait()
                writer.submit([.append(session: "s\(t)", Self.record(t + 1))]) { released.withLock { $0 += 1 } }
                done.signal()
                step.wait()
                writer.loopTickEnded()
                done.signal()
            }
        }
        // Both are loops; B hands its record over, then A hands its own over and ends its
        // iteration while B is still in its own.
        aDone.wait(); bDone.wait()
        bStep.signal(); bDone.wait()
        aStep.signal(); aDone.wait()
        aStep.signal(); aDone.wait()
        // Nothing is committed while B is in its iteration (a commit of A's record alone
        // arrives at once without the wait).
        #expect(store.committed.wait(timeout: .now() + .milliseconds(300)) == .timedOut)
        bStep.signal(); bDone.wait()
        #expect(store.committed.wait(timeout: .now() + .seconds(30)) == .success)
        writer.shutdown()
        #expect(store.transactions.withLock { $0.count } == 1)
        #expect(store.transactions.withLock { $0.first?.count } == 2)
        #expect(released.withLock { $0 } == 2)
    }
}
