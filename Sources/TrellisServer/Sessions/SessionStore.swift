import Synchronization
import Platform

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
///
/// With a `Hibernation`, the store also keeps a second recency list of the hot sessions.
/// The request that pushes one past the limit puts the least recently used one to sleep,
/// after letting go of the store's lock and under that session's own lock (the store's
/// lock is never held while a session's is taken, so the two cannot deadlock).
public final class SessionStore<Session>: @unchecked Sendable {
    public let maxSessions: Int
    public let idleNanos: UInt64
    private let clock: NanoClock
    private let weigh: @Sendable (Session) -> Int
    private let hibernation: Hibernation<Session>?

    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    /// Most recently used first.
    private var recency = EntryList(.recency)
    private var counters = SessionCounters()
    /// The hot sessions, most recently used first (guarded by `lock`).
    private var hot = EntryList(.hot)
    private var hotCount = 0
    /// Sessions removed under the lock, released after it (see `locked`).
    private var graveyard: [Entry] = []
    private let sleepCounters = SleepCounters()
    /// Told the id of every session that goes (deleted, evicted, expired), under the store's
    /// lock: the durable journal drops its records.
    private let onRemove: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - weigh: a size measure of a session (for the service: the work its next request
    ///     may take, in views), recorded after every access and every sleep; `weight(of:)`
    ///     reads it without waiting for the session's lock.
    ///   - hibernation: whether and how sessions past a number of hot ones sleep.
    public init(maxSessions: Int, idleSeconds: Double, clock: @escaping NanoClock = MonotonicClock.now,
                weigh: @escaping @Sendable (Session) -> Int = { _ in 0 },
                hibernation: Hibernation<Session>? = nil, onRemove: (@Sendable (String) -> Void)? = nil) {
        self.onRemove = onRemove
        precondition(maxSessions > 0, "maxSessions must be positive")
        precondition((hibernation?.hotLimit ?? 1) > 0, "hotLimit must be positive")
        self.hibernation = hibernation
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
        let entry = Entry(id: id, session: session, now: clock(), counters: sleepCounters)
        entry.weight.store(weigh(entry.session), ordering: .relaxed)
        let (inserted, sleeper): (Bool, Entry?) = locked {
            guard entries[id] == nil else { return (false, nil) }
            expireIdleLocked(now: entry.lastUsed.load(ordering: .relaxed))
            while entries.count >= maxSessions, let victim = recency.tail {
                unlinkLocked(victim)
                counters.evictedLRU += 1
            }
            entries[id] = entry
            recency.pushFront(entry)
            counters.created += 1
            return (true, touchHotLocked(entry))
        }
        if let sleeper { putToSleep(sleeper) }
        return inserted
    }

    /// Adds a session restored from the durable store at start: asleep, not hot, least
    /// recently used of all (restored ones after it go in front). False if `id` is taken.
    @discardableResult
    public func insertAsleep(_ session: Session, id: String) -> Bool {
        let entry = Entry(id: id, session: session, now: clock(), counters: sleepCounters)
        entry.weight.store(weigh(entry.session), ordering: .relaxed)
        entry.set(.asleep)
        return locked {
            guard entries[id] == nil else { return false }
            while entries.count >= maxSessions, let victim = recency.tail {
                unlinkLocked(victim)
                counters.evictedLRU += 1
            }
            entries[id] = entry
            recency.pushFront(entry)
            sleepCounters.asleep.add(1, ordering: .relaxed)
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
    /// `body` must not use the store: finding or inserting may put another session to
    /// sleep, under that session's lock, while this one's is held.
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
        defer {
            entry.lock.unlock()
            if hibernation != nil { drainSleep(entry) }
        }
        guard entry.has(.alive) else { return nil }
        defer {
            if let hibernation {
                if entry.has(.asleep), !hibernation.isAsleep(entry.session) {
                    entry.clear(.asleep)
                    sleepCounters.woken.add(1, ordering: .relaxed)
                    sleepCounters.asleep.subtract(1, ordering: .relaxed)
                }
                // Out of the hot list (pushed out after its request found it): it sleeps now,
                // even if `putToSleep` slept it before this body woke it again. A wish to sleep
                // made while this runs is also seen by `drainSleep` after the unlock.
                sleepIfColdLocked(entry, hibernation)
            }
            entry.weight.store(weigh(entry.session), ordering: .relaxed)
            entry.lastUsed.store(clock(), ordering: .relaxed)
        }
        return try body(&entry.session)
    }

    /// The session's last recorded weight, without waiting for its lock; nil if unknown.
    /// Does not count as a use.
    public func weight(of id: String) -> Int? {
        lock.withLock { entries[id] }?.weight.load(ordering: .relaxed)
    }

    /// Deletes the session; false if there was none.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        locked {
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

    /// Drops this server's copy of the session without telling `onRemove` (the durable
    /// store keeps it: in a fleet, another instance owns it now); false if there was none.
    @discardableResult
    public func discard(_ id: String) -> Bool {
        locked {
            guard let entry = entries[id] else { return false }
            unlinkLocked(entry, notify: false)
            return true
        }
    }

    /// `discard` of exactly the copy a request found, if it is still the one under its id
    /// (another may have replaced it since: a fleet's take-over).
    @discardableResult
    public func discard(_ handle: Handle) -> Bool {
        locked {
            guard let entry = entries[handle.entry.id], entry === handle.entry else { return false }
            unlinkLocked(entry, notify: false)
            return true
        }
    }

    /// Expires every idle session now; answers how many went.
    @discardableResult
    public func sweep() -> Int {
        locked {
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
            c.slept = sleepCounters.slept.load(ordering: .relaxed)
            c.woken = sleepCounters.woken.load(ordering: .relaxed)
            c.asleep = sleepCounters.asleep.load(ordering: .relaxed)
            return c
        }
    }

    /// Ids, most recently used first (for tests and debugging).
    public func idsByRecency() -> [String] {
        lock.withLock {
            var out: [String] = []
            out.reserveCapacity(entries.count)
            var e = recency.head
            while let current = e { out.append(current.id); e = current[.recency].next }
            return out
        }
    }

    /// Every session by id, read under its own lock without counting as a use (for tests).
    func snapshotForTests() -> [(String, Session)] {
        let all = lock.withLock { Array(entries.values) }
        return all.map { entry in
            entry.lock.lock()
            defer {
                entry.lock.unlock()
                drainSleep(entry)
            }
            return (entry.id, entry.session)
        }
    }

    // MARK: - Internals (all *Locked functions run under `lock`)

    /// `lock.withLock(body)`, releasing the sessions `body` removed only after the lock:
    /// freeing a big layout takes a while, and no other request should wait for it.
    private func locked<R>(_ body: () -> R) -> R {
        var removed: [Entry] = []
        let result = lock.withLock { () -> R in
            let result = body()
            swap(&removed, &graveyard)
            return result
        }
        removed.removeAll()
        return result
    }

    private func lookup(_ id: String) -> Entry? {
        let now = clock()
        let (found, sleeper): (Entry?, Entry?) = locked {
            guard let entry = entries[id] else { return (nil, nil) }
            if isExpired(entry, now: now) {
                unlinkLocked(entry)
                counters.expiredIdle += 1
                return (nil, nil)
            }
            entry.lastUsed.store(now, ordering: .relaxed)
            if recency.head !== entry {
                recency.detach(entry)
                recency.pushFront(entry)
            }
            return (entry, touchHotLocked(entry))
        }
        if let sleeper { putToSleep(sleeper) }
        return found
    }

    /// Moves `entry` to the front of the hot list (adding it if it was not hot); answers
    /// the least recently used hot session when that pushed the list past its limit.
    private func touchHotLocked(_ entry: Entry) -> Entry? {
        guard let hibernation else { return nil }
        if entry.has(.hot) {
            guard hot.head !== entry else { return nil }
            hot.detach(entry)
        } else {
            entry.set(.hot)
            hotCount += 1
        }
        hot.pushFront(entry)
        guard hotCount > hibernation.hotLimit, let coldest = hot.tail else { return nil }
        leaveHotLocked(coldest)
        return coldest
    }

    private func leaveHotLocked(_ entry: Entry) {
        guard entry.has(.hot) else { return }
        hot.detach(entry)
        entry.clear(.hot)
        hotCount -= 1
    }

    /// Puts a session that left the hot list to sleep, under its own lock, unless it has
    /// been used (or removed) since. A session busy with a request is left to that request,
    /// which puts it to sleep when it ends: waiting here could hold an event loop for as
    /// long as a big solve on the worker pool takes.
    private func putToSleep(_ entry: Entry) {
        entry.set(.sleepWanted)
        drainSleep(entry)
    }

    /// Acts on `sleepWanted` if the session's lock is free. Whoever holds the lock calls
    /// this after letting go, and the flag is set before the lock is tried, so a wish made
    /// while the session was busy is never lost.
    private func drainSleep(_ entry: Entry) {
        guard let hibernation else { return }
        while true {
            // An unlock only releases: the fence keeps the flag's load below from moving
            // before it (else a wish made just then could be missed by both sides).
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            guard entry.has(.sleepWanted), entry.lock.tryLock() else { return }
            if entry.take(.sleepWanted) { sleepIfColdLocked(entry, hibernation) }
            entry.lock.unlock()
        }
    }

    /// Under the entry's lock: sleeps it if it is alive, awake and out of the hot list.
    private func sleepIfColdLocked(_ entry: Entry, _ hibernation: Hibernation<Session>) {
        guard !entry.has(.hot), !entry.has(.asleep), entry.has(.alive) else { return }
        if hibernation.sleep(&entry.session) {
            hibernation.onSleep?(entry.id)
            entry.set(.asleep)
            entry.weight.store(weigh(entry.session), ordering: .relaxed)
            sleepCounters.slept.add(1, ordering: .relaxed)
            sleepCounters.asleep.add(1, ordering: .relaxed)
        }
    }

    private func isExpired(_ entry: Entry, now: UInt64) -> Bool {
        let last = entry.lastUsed.load(ordering: .relaxed)
        return now > last && now - last > idleNanos
    }

    /// The least recently used sessions sit at the tail: pop while they are idle.
    private func expireIdleLocked(now: UInt64) {
        while let last = recency.tail, isExpired(last, now: now) {
            unlinkLocked(last)
            counters.expiredIdle += 1
        }
    }

    /// Removes from map and list and marks the entry dead.
    private func unlinkLocked(_ entry: Entry, notify: Bool = true) {
        if notify { onRemove?(entry.id) }
        graveyard.append(entry)
        entries[entry.id] = nil
        recency.detach(entry)
        leaveHotLocked(entry)
        entry.clear(.alive)
    }
}
