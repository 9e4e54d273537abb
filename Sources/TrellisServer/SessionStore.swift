import Synchronization

/// How many sessions the store holds and has let go, for /metrics.
public struct SessionCounters: Equatable, Sendable {
    public var live = 0
    public var created = 0
    public var evictedLRU = 0
    public var expiredIdle = 0
    public var deleted = 0
    public init() {}
}

/// The live sessions, shared by every event loop and worker.
///
/// - ids are 128 random bits (`SessionID`);
/// - past `maxSessions`, inserting evicts the least recently used session;
/// - a session unused for `idleSeconds` expires (checked lazily on every access and
///   insert, and by `sweep()`, which a timer may call);
/// - one session's work never interleaves: `withSession` runs its body under that
///   session's own lock, so two requests for one session arriving on two loops run one
///   after the other, while requests for different sessions run in parallel.
///
/// A session that is evicted, expired or deleted while a request is working on it
/// finishes that request; every later request sees it gone.
public final class SessionStore<Session>: @unchecked Sendable {
    public let maxSessions: Int
    public let idleNanos: UInt64
    private let clock: NanoClock
    private let weigh: @Sendable (Session) -> Int

    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    /// Most recently used first.
    private var head: Entry?
    private var tail: Entry?
    private var counters = SessionCounters()

    /// - Parameters:
    ///   - weigh: a size measure of a session (its views), recorded after every access;
    ///     `weight(of:)` reads it without waiting for the session's lock.
    public init(maxSessions: Int, idleSeconds: Double, clock: @escaping NanoClock = MonotonicClock.now,
                weigh: @escaping @Sendable (Session) -> Int = { _ in 0 }) {
        precondition(maxSessions > 0, "maxSessions must be positive")
        self.maxSessions = maxSessions
        self.idleNanos = idleSeconds >= Double(UInt64.max / 2) / 1e9 ? UInt64.max / 2 : UInt64(max(0, idleSeconds) * 1e9)
        self.clock = clock
        self.weigh = weigh
    }

    /// A fresh id (not yet in the store).
    public func makeID() -> String {
        while true {
            let id = SessionID.make()
            if lock.withLock({ entries[id] == nil }) { return id }
        }
    }

    /// Adds a session under `id` (from `makeID()`), evicting the least recently used
    /// sessions past the cap. False (and nothing changes) if `id` is taken.
    @discardableResult
    public func insert(_ session: Session, id: String) -> Bool {
        let entry = Entry(id: id, session: session, now: clock())
        entry.weight.store(weigh(entry.session), ordering: .relaxed)
        return lock.withLock {
            guard entries[id] == nil else { return false }
            expireIdleLocked(now: entry.lastUsed.load(ordering: .relaxed))
            while entries.count >= maxSessions, let victim = tail {
                unlinkLocked(victim)
                counters.evictedLRU += 1
            }
            entries[id] = entry
            pushFrontLocked(entry)
            counters.created += 1
            return true
        }
    }

    /// A session found by `find`, for `withSession(_:_:)`: a request looks its session up
    /// once (one hash of the id, one turn of the store's lock, which every loop shares).
    public struct Handle: @unchecked Sendable {
        fileprivate let entry: Entry
        /// The session's last recorded weight.
        public var weight: Int { entry.weight.load(ordering: .relaxed) }
    }

    /// The session, or nil if there is none. Counts as a use (LRU, idle time).
    public func find(_ id: String) -> Handle? { lookup(id).map(Handle.init) }

    /// Runs `body` on the session, alone (no other request for this session runs at the
    /// same time). Nil if there is no such session. Counts as a use (LRU, idle time).
    public func withSession<R>(_ id: String, _ body: (inout Session) throws -> R) rethrows -> R? {
        guard let entry = lookup(id) else { return nil }
        return try run(entry, body)
    }

    /// `withSession` on a session found before; nil if it has gone since (deleted,
    /// evicted, expired).
    public func withSession<R>(_ handle: Handle, _ body: (inout Session) throws -> R) rethrows -> R? {
        try run(handle.entry, body)
    }

    private func run<R>(_ entry: Entry, _ body: (inout Session) throws -> R) rethrows -> R? {
        entry.lock.lock()
        defer { entry.lock.unlock() }
        guard entry.alive.load(ordering: .acquiring) else { return nil }
        let result = try body(&entry.session)
        entry.weight.store(weigh(entry.session), ordering: .relaxed)
        entry.lastUsed.store(clock(), ordering: .relaxed)
        return result
    }

    /// The session's last recorded weight, without waiting for its lock; nil if unknown.
    /// Does not count as a use.
    public func weight(of id: String) -> Int? {
        lock.withLock { entries[id] }?.weight.load(ordering: .relaxed)
    }

    /// Deletes the session; false if there was none.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        lock.withLock {
            guard let entry = entries[id] else { return false }
            if isExpired(entry, now: clock()) {
                unlinkLocked(entry)
                counters.expiredIdle += 1
                return false
            }
            unlinkLocked(entry)
            counters.deleted += 1
            return true
        }
    }

    /// Expires every idle session now; answers how many went.
    @discardableResult
    public func sweep() -> Int {
        lock.withLock {
            let before = counters.expiredIdle
            expireIdleLocked(now: clock())
            return counters.expiredIdle - before
        }
    }

    public var count: Int { lock.withLock { entries.count } }

    public var stats: SessionCounters {
        lock.withLock {
            var c = counters
            c.live = entries.count
            return c
        }
    }

    /// Ids, most recently used first (for tests and debugging).
    public func idsByRecency() -> [String] {
        lock.withLock {
            var out: [String] = []
            out.reserveCapacity(entries.count)
            var e = head
            while let current = e { out.append(current.id); e = current.next }
            return out
        }
    }

    // MARK: - Internals (all *Locked functions run under `lock`)

    private func lookup(_ id: String) -> Entry? {
        let now = clock()
        return lock.withLock {
            guard let entry = entries[id] else { return nil }
            if isExpired(entry, now: now) {
                unlinkLocked(entry)
                counters.expiredIdle += 1
                return nil
            }
            entry.lastUsed.store(now, ordering: .relaxed)
            if head !== entry {
                detachLocked(entry)
                pushFrontLocked(entry)
            }
            return entry
        }
    }

    private func isExpired(_ entry: Entry, now: UInt64) -> Bool {
        let last = entry.lastUsed.load(ordering: .relaxed)
        return now > last && now - last > idleNanos
    }

    /// The least recently used sessions sit at the tail: pop while they are idle.
    private func expireIdleLocked(now: UInt64) {
        while let last = tail, isExpired(last, now: now) {
            unlinkLocked(last)
            counters.expiredIdle += 1
        }
    }

    /// Removes from map and list and marks the entry dead.
    private func unlinkLocked(_ entry: Entry) {
        entries[entry.id] = nil
        detachLocked(entry)
        entry.alive.store(false, ordering: .releasing)
    }

    private func detachLocked(_ entry: Entry) {
        if let p = entry.prev { p.next = entry.next } else if head === entry { head = entry.next }
        if let n = entry.next { n.prev = entry.prev } else if tail === entry { tail = entry.prev }
        entry.prev = nil
        entry.next = nil
    }

    private func pushFrontLocked(_ entry: Entry) {
        entry.next = head
        entry.prev = nil
        head?.prev = entry
        head = entry
        if tail == nil { tail = entry }
    }

    fileprivate final class Entry: @unchecked Sendable {
        let id: String
        /// Guarded by `lock`.
        var session: Session
        /// Spins before it sleeps: an edit holds it for microseconds (see `Lock`).
        let lock = Lock(spins: 100_000)
        let alive = Atomic<Bool>(true)
        let lastUsed: Atomic<UInt64>
        let weight = Atomic<Int>(0)
        /// Guarded by the store's lock.
        weak var prev: Entry?
        var next: Entry?

        init(id: String, session: Session, now: UInt64) {
            self.id = id
            self.session = session
            self.lastUsed = Atomic(now)
        }
    }
}
