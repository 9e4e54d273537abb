import Synchronization

/// How many sessions the store holds and has let go, for /metrics.
public struct SessionCounters: Equatable, Sendable {
    public var live = 0
    public var created = 0
    public var evictedLRU = 0
    public var expiredIdle = 0
    public var deleted = 0
    /// Sessions put to sleep (see `Hibernation`) and woken again, since the start.
    public var slept = 0
    public var woken = 0
    /// Sessions asleep now.
    public var asleep = 0
    public init() {}
}

/// How a store keeps memory down when it holds many sessions: only the `hotLimit` most
/// recently used sessions stay as they are; past that, the least recently used hot one is
/// handed to `sleep`, which may put it into a compact form (true) or leave it as it is
/// (false: it then stays out of the count until it is used again). Whoever works on a
/// session wakes it as needed; `isAsleep` tells the store that it did (for the counters).
public struct Hibernation<Session>: Sendable {
    public let hotLimit: Int
    public let sleep: @Sendable (inout Session) -> Bool
    public let isAsleep: @Sendable (Session) -> Bool
    /// Told the id of each session that went to sleep, under its lock (a fleet lets its
    /// lease go: docs/fleet.md).
    public let onSleep: (@Sendable (String) -> Void)?

    public init(hotLimit: Int, sleep: @escaping @Sendable (inout Session) -> Bool,
                isAsleep: @escaping @Sendable (Session) -> Bool, onSleep: (@Sendable (String) -> Void)? = nil) {
        self.hotLimit = hotLimit; self.sleep = sleep; self.isAsleep = isAsleep; self.onSleep = onSleep
    }
}

/// The hibernation counters, shared by a store and its entries.
final class SleepCounters: Sendable {
    let slept = Atomic<Int>(0)
    let woken = Atomic<Int>(0)
    let asleep = Atomic<Int>(0)
}
