import Dispatch
import Synchronization
import Testing
@testable import TrellisServer
import Platform

@inline(never) func blackHole(_ x: Int) { if x == .min { print(x) } }

@Suite struct SessionStoreTests {
    @Test func idsAre32HexDigitsAndDistinct() {
        let store = SessionStore<Int>(maxSessions: 10, idleSeconds: 60)
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = store.makeID()
            #expect(id.count == 32)
            #expect(SessionID.isWellFormed(id))
            #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
        #expect(!SessionID.isWellFormed("ABCDEF0123456789abcdef0123456789"))
        #expect(!SessionID.isWellFormed("abc"))
    }

    @Test func insertFindRemove() {
        let store = SessionStore<Int>(maxSessions: 10, idleSeconds: 60)
        let id = store.makeID()
        #expect(store.insert(7, id: id))
        #expect(!store.insert(8, id: id), "an id is never taken twice")
        #expect(store.withSession(id) { $0 } == 7)
        #expect(store.withSession(id) { v -> Int in v += 1; return v } == 8)
        #expect(store.remove(id))
        #expect(store.withSession(id) { $0 } == nil)
        #expect(!store.remove(id))
        #expect(store.stats.created == 1 && store.stats.deleted == 1 && store.stats.live == 0)
    }

    /// A request finds its session once and then works on it through the handle: finding
    /// counts as a use, the handle carries the weight, and a session gone in between
    /// (deleted, evicted) is gone for the handle too.
    @Test func handlesFindOnce() throws {
        let store = SessionStore<Int>(maxSessions: 2, idleSeconds: 60, weigh: { $0 })
        store.insert(5, id: "a")
        store.insert(6, id: "b")
        let a = try #require(store.find("a"))
        #expect(a.weight == 5)
        #expect(store.idsByRecency() == ["a", "b"], "finding is a use")
        #expect(store.withSession(a) { v -> Int in v += 2; return v } == 7)
        #expect(a.weight == 7, "the weight is recorded after the work")
        #expect(store.find("c") == nil)
        let b = try #require(store.find("b"))
        #expect(store.remove("b"))
        #expect(store.withSession(b) { $0 } == nil)
        store.insert(8, id: "c")
        store.insert(9, id: "d")  // evicts a
        #expect(store.withSession(a) { $0 } == nil)
    }

    @Test func leastRecentlyUsedIsEvictedFirst() {
        let store = SessionStore<String>(maxSessions: 3, idleSeconds: 60)
        for name in ["a", "b", "c"] { store.insert(name, id: name) }
        #expect(store.idsByRecency() == ["c", "b", "a"])
        _ = store.withSession("a") { _ in }  // a is now the most recent
        #expect(store.idsByRecency() == ["a", "c", "b"])
        store.insert("d", id: "d")
        #expect(store.idsByRecency() == ["d", "a", "c"])
        #expect(store.withSession("b") { $0 } == nil)
        _ = store.weight(of: "c")  // reading the weight is not a use
        store.insert("e", id: "e")
        #expect(store.idsByRecency() == ["e", "d", "a"])
        let stats = store.stats
        #expect(stats.evictedLRU == 2 && stats.live == 3 && stats.created == 5)
    }

    @Test func idleSessionsExpireWithoutSleeping() {
        let clock = TestClock()
        let store = SessionStore<Int>(maxSessions: 100, idleSeconds: 10, clock: clock.now)
        store.insert(1, id: "a")
        clock.advance(seconds: 5)
        store.insert(2, id: "b")
        clock.advance(seconds: 5)
        #expect(store.withSession("a") { $0 } == 1, "exactly the idle time is not yet expired")
        clock.advance(seconds: 6)  // a used 6 s ago, b 11 s ago
        #expect(store.withSession("b") { $0 } == nil)
        #expect(store.withSession("a") { $0 } == 1)
        #expect(store.stats.expiredIdle == 1)
        clock.advance(seconds: 10.5)
        #expect(store.sweep() == 1)
        #expect(store.count == 0)
        #expect(store.stats.expiredIdle == 2)
        #expect(!store.remove("a"))
    }

    @Test func insertExpiresIdleSessionsBeforeEvicting() {
        let clock = TestClock()
        let store = SessionStore<Int>(maxSessions: 2, idleSeconds: 10, clock: clock.now)
        store.insert(1, id: "a")
        store.insert(2, id: "b")
        clock.advance(seconds: 11)
        store.insert(3, id: "c")
        #expect(store.idsByRecency() == ["c"])
        #expect(store.stats.expiredIdle == 2 && store.stats.evictedLRU == 0)
    }

    @Test func weightIsRecordedAfterEveryUse() {
        let store = SessionStore<[Int]>(maxSessions: 4, idleSeconds: 60, weigh: { $0.count })
        store.insert([1, 2], id: "a")
        #expect(store.weight(of: "a") == 2)
        _ = store.withSession("a") { $0.append(3) }
        #expect(store.weight(of: "a") == 3)
        #expect(store.weight(of: "zz") == nil)
    }

    @Test func aSessionRemovedWhileInUseFinishesThatRequestOnly() {
        let store = SessionStore<Int>(maxSessions: 4, idleSeconds: 60)
        store.insert(0, id: "a")
        let result = store.withSession("a") { value -> Int in
            #expect(store.remove("a"))  // another request deletes it meanwhile
            value += 1
            return value
        }
        #expect(result == 1)
        #expect(store.withSession("a") { $0 } == nil)
    }

    /// Many threads edit many sessions at once; every session must end exactly as a
    /// serial run leaves it (no lost updates, per-thread order kept).
    @Test func concurrentEditsEqualSerialEdits() {
        let sessions = 4, threads = 8, editsPerThread = 3_000
        struct Log { var counter = 0; var lastSeq: [Int] = Array(repeating: -1, count: 8); var ordered = true }

        @Sendable func plan(_ thread: Int) -> [Int] {
            var x = UInt64(thread + 1) &* 0x9e3779b97f4a7c15
            return (0..<editsPerThread).map { _ in
                x ^= x << 13; x ^= x >> 7; x ^= x << 17
                return Int(x % UInt64(sessions))
            }
        }

        var expected = Array(repeating: 0, count: sessions)
        for t in 0..<threads { for s in plan(t) { expected[s] += 1 } }

        let store = SessionStore<Log>(maxSessions: sessions, idleSeconds: 3600)
        for s in 0..<sessions { store.insert(Log(), id: "s\(s)") }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for (seq, s) in plan(t).enumerated() {
                _ = store.withSession("s\(s)") { log in
                    let read = log.counter  // a read-modify-write that races without the lock
                    for k in 0..<20 { blackHole(read &+ k) }
                    log.counter = read + 1
                    if log.lastSeq[t] >= seq { log.ordered = false }
                    log.lastSeq[t] = seq
                }
            }
        }
        for s in 0..<sessions {
            let log = store.withSession("s\(s)") { $0 }!
            #expect(log.counter == expected[s], "session \(s)")
            #expect(log.ordered)
        }
    }

    @Test func concurrentInsertsRespectTheCap() {
        let store = SessionStore<Int>(maxSessions: 50, idleSeconds: 3600)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in 0..<500 {
                let id = store.makeID()
                store.insert(t * 1000 + i, id: id)
                _ = store.withSession(id) { $0 += 1 }
            }
        }
        let stats = store.stats
        #expect(stats.live == 50)
        #expect(stats.created == 4_000)
        #expect(stats.evictedLRU == 3_950)
        #expect(store.idsByRecency().count == 50)
    }

    /// A session of the hibernation tests: whether it is built, and whether it may sleep.
    struct Sleeper { var built = true; var canSleep = true }

    static func sleepingStore(hot: Int, max: Int = 10) -> SessionStore<Sleeper> {
        SessionStore<Sleeper>(maxSessions: max, idleSeconds: 60, hibernation: Hibernation(
            hotLimit: hot,
            sleep: { s in
                guard s.canSleep, s.built else { return false }
                s.built = false
                return true
            },
            isAsleep: { !$0.built }))
    }

    /// Only the `hotLimit` most recently used sessions stay as they are; a use wakes a
    /// sleeping one and puts the least recently used hot one to sleep in its place.
    @Test func sessionsPastTheHotOnesSleepLeastRecentlyUsedFirst() throws {
        let store = Self.sleepingStore(hot: 2)
        for id in ["a", "b", "c"] { store.insert(Sleeper(), id: id) }
        func built() -> [String: Bool] {
            var out: [String: Bool] = [:]
            for (id, s) in store.snapshotForTests() { out[id] = s.built }
            return out
        }
        #expect(built() == ["a": false, "b": true, "c": true])
        #expect(store.stats.asleep == 1 && store.stats.slept == 1 && store.stats.woken == 0)

        // A request wakes "a" (the service rebuilds it in the body): "b" is now the coldest.
        #expect(store.withSession("a") { s -> Bool in let was = s.built; s.built = true; return was } == false)
        #expect(built() == ["a": true, "b": false, "c": true])
        #expect(store.stats.asleep == 1 && store.stats.slept == 2 && store.stats.woken == 1)

        // Using a hot session again puts nobody to sleep.
        _ = store.withSession("c") { _ in }
        _ = store.withSession("a") { _ in }
        #expect(store.stats.slept == 2)

        // Removing a hot session frees its place: the next insert sleeps nobody.
        #expect(store.remove("c"))
        store.insert(Sleeper(), id: "d")
        #expect(built() == ["a": true, "b": false, "d": true])
        #expect(store.stats.slept == 2 && store.stats.asleep == 1)

        // A session that cannot sleep stays built, out of the count: the next coldest goes.
        _ = store.withSession("a") { $0.canSleep = false }
        _ = store.withSession("d") { _ in }
        store.insert(Sleeper(), id: "e")  // hot: e, d, a -> a leaves and stays built
        #expect(built() == ["a": true, "b": false, "d": true, "e": true])
        store.insert(Sleeper(), id: "f")  // hot: f, e, d -> d sleeps
        #expect(built() == ["a": true, "b": false, "d": false, "e": true, "f": true])
        #expect(store.stats.asleep == 2 && store.stats.slept == 3)

        // A sleeping session that is removed leaves the gauge.
        #expect(store.remove("b"))
        #expect(store.stats.asleep == 1)
    }

    /// Many threads use many sessions of a store that keeps few hot: every use finds its
    /// session whole (the body wakes it), and the counters add up.
    @Test func concurrentUseOfSleepingSessions() {
        let store = Self.sleepingStore(hot: 3, max: 64)
        for s in 0..<12 { store.insert(Sleeper(), id: "s\(s)") }
        let wakes = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { t in
            for k in 0..<400 {
                _ = store.withSession("s\((t * 7 + k * 5) % 12)") { s in
                    if !s.built { s.built = true; wakes.withLock { $0 += 1 } }
                }
            }
        }
        let stats = store.stats
        #expect(stats.woken == wakes.withLock { $0 })
        #expect(stats.slept == stats.woken + stats.asleep)
        // Once every request has ended, exactly the hot ones are built.
        #expect(stats.asleep == 12 - 3)
        #expect(store.snapshotForTests().filter { $0.1.built }.count == 3)
    }
}
