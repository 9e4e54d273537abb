#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Storage
import Platform

/// What an answer promises about its session's history reaching the disk (`--durability`,
/// docs/durability.md).
public enum Durability: String, CaseIterable, Sendable {
    /// Each request's records are their own transaction, synced before its answer.
    case fsync
    /// Group commit: the records that arrive while one transaction is synced go together in
    /// the next, synced before any of their answers. Loses nothing answered, like fsync.
    case batch
    /// Answers do not wait; records are written (not synced) soon after. A crash may lose
    /// the last moments of edits, answered or not.
    case none
}

/// What became of a request's records.
public enum CommitOutcome: Sendable, Equatable {
    case committed
    /// There was nothing to write; what was handed over before is committed.
    case waited
    /// A shared store refused them: another instance owns the session now (docs/fleet.md).
    case fenced
    /// The store failed (the error is logged).
    case failed
}

/// The one thread that writes sessions' records to the store, in the order requests hand
/// them over (a session's own records are handed over under its lock, so in its order).
/// A request's answer is released (`then`) once its records are committed as its
/// durability asks; the event loop that took the request goes on meanwhile.
public final class JournalWriter: @unchecked Sendable {
    public let store: JournalStore
    public let durability: Durability
    private let metrics: JournalMetrics
    private let logger: Logger
    private let lock = Lock()
    private let wake = Condition()
    private var queue: [Item] = []
    /// A transaction is being written (its items are out of `queue`).
    private var busy = false
    private var stopping = false
    private var thread = pthread_t()
    private var started = false
    /// The thread has drained the queue after `shutdown` and ended: from then on a caller
    /// writes its own records (nobody else writes any more).
    private var exited = false
    /// Event-loop threads (they report the end of each loop iteration, `loopTickEnded`):
    /// what they hand over is committed when their iteration ends, together, rather than
    /// as each request hands it over.
    private var loopThreads: [pthread_t] = []

    struct Item {
        var ops: [StoreOp]
        var then: (@Sendable (CommitOutcome) -> Void)?
        var since: UInt64
    }

    /// How long each transaction took in the store (a fleet's `trellis_store_seconds`).
    private let fleetMetrics: FleetMetrics?

    public init(store: JournalStore, durability: Durability, metrics: JournalMetrics, logger: Logger,
                fleetMetrics: FleetMetrics? = nil) {
        self.store = store
        self.fleetMetrics = fleetMetrics
        self.durability = durability
        self.metrics = metrics
        self.logger = logger
        if case .success(let thread) = startThread({ self.run() }) {
            self.thread = thread
            started = true
        }
        if !started {
            logger.error("journal", metadata: ["error": "cannot start the journal thread; records are written by the requests themselves"])
        }
    }

    /// Writes `ops` and then calls `then` (from the writer's thread, or at once when there is
    /// nothing to wait for). With no ops, `then` waits for the records handed over before
    /// (a read must not show what a crash could still take back).
    public func submit(_ ops: [StoreOp], then: (@Sendable (CommitOutcome) -> Void)? = nil) {
        let now = MonotonicClock.now()
        lock.lock()
        if ops.isEmpty && (durability == .none || (queue.isEmpty && !busy)) {
            lock.unlock()
            then?(ops.isEmpty ? .waited : .committed)
            return
        }
        if !started || exited {
            // No thread (or it has ended): write here, in the caller's turn, one caller at a
            // time (the lock keeps the store's single writer single).
            let outcome = write([Item(ops: ops, then: nil, since: now)])[0]
            lock.unlock()
            then?(outcome)
            lock.lock()
            store.tidy()
            lock.unlock()
            return
        }
        let waits = durability != .none
        queue.append(Item(ops: ops, then: waits ? then : nil, since: now))
        // A loop's requests wait for the end of its iteration (group commit); fsync commits
        // each request on its own, and other threads (the solver pool) have no iteration.
        let wakeNow = durability == .fsync || !isLoopThreadLocked()
        lock.unlock()
        if wakeNow { wake.signal() }
        if !waits { then?(ops.isEmpty ? .waited : .committed) }
    }

    /// An event loop finished an iteration: what its requests handed over is committed now.
    public func loopTickEnded() {
        lock.lock()
        if !isLoopThreadLocked() { loopThreads.append(pthread_self()) }
        let pending = !queue.isEmpty
        lock.unlock()
        if pending { wake.signal() }
    }

    private func isLoopThreadLocked() -> Bool {
        let me = pthread_self()
        return loopThreads.contains { pthread_equal($0, me) != 0 }
    }

    /// Writes what is queued, then stops the thread.
    public func shutdown() {
        lock.lock()
        stopping = true
        let join = started && !exited
        lock.unlock()
        wake.broadcast()
        if join { pthread_join(thread, nil) }
        store.release()
    }

    private func run() {
        while true {
            lock.lock()
            while queue.isEmpty && !stopping { wake.wait(lock) }
            if queue.isEmpty {
                exited = true  // under the lock: a later submit sees it and writes itself
                lock.unlock()
                return
            }
            // fsync: one request's records per transaction; otherwise all that waited.
            let take = durability == .fsync ? 1 : queue.count
            let items = Array(queue.prefix(take))
            queue.removeFirst(take)
            busy = true
            lock.unlock()
            let outcomes = write(items)
            lock.lock()
            busy = false
            lock.unlock()
            for (item, outcome) in zip(items, outcomes) { item.then?(outcome) }
            store.tidy()
        }
    }

    /// Whether the store refused the writes `op` stands for: its fence's session and epoch,
    /// or a new session's first record (epoch 1).
    private static func isRefused(_ op: StoreOp, _ fenced: Set<Fenced>) -> Bool {
        switch op {
        case .fence(let session, let epoch): return fenced.contains(Fenced(session: session, epoch: epoch))
        case .create(let session, _): return fenced.contains(Fenced(session: session, epoch: 1))
        case .append, .replace, .delete: return false
        }
    }

    /// Each item's outcome, in order.
    private func write(_ items: [Item]) -> [CommitOutcome] {
        let ops = items.flatMap(\.ops)
        guard !ops.isEmpty else { return items.map { _ in .waited } }
        let start = MonotonicClock.now()
        do {
            let fenced = try store.apply(ops)
            let end = MonotonicClock.now()
            metrics.recordCommit(ops: ops, synced: durability != .none,
                                 waits: items.map { end >= $0.since ? end - $0.since : 0 })
            fleetMetrics?.recordStore(.commit, nanos: end &- start)
            fleetMetrics?.recordFenced(fenced.count)
            return items.map { item in
                item.ops.isEmpty ? .waited : item.ops.contains { Self.isRefused($0, fenced) } ? .fenced : .committed
            }
        } catch {
            // Without a fleet the sessions stay as answered in memory and the store misses
            // these records; in a fleet the answers are refused (TrellisApp+Fleet.swift).
            metrics.recordFailure()
            logger.error("journal", metadata: ["error": .string("cannot write \(ops.count) records: \(error.message)")])
            return items.map { $0.ops.isEmpty ? .waited : .failed }
        }
    }
}
