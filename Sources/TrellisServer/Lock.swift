#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A plain mutual-exclusion lock (pthread mutex) for state whose type is not `Sendable`
/// (a live session). Shared state elsewhere goes in a `Locked` (a pthread mutex too, so
/// that the ThreadSanitizer run of scripts/sanitize sees every synchronisation; it does not
/// see `Synchronization.Mutex`, a futex of its own).
///
/// On glibc the mutex is adaptive: a thread that finds it held spins a little before it
/// sleeps. Sections under it are a few microseconds (one session edit), shorter than a
/// futex sleep and wake-up, so two loops editing one session no longer take turns
/// through the scheduler.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Reads of the lock's state for `spins` (set while held).
    private let held = Atomic<Bool>(false)
    /// How many times a thread that finds the lock held looks again before it sleeps.
    private let spins: Int

    /// - Parameter spins: for a lock whose sections are longer than glibc's adaptive
    ///   spinning covers (a session edit: several microseconds, still much less than a
    ///   futex sleep and wake-up of two threads), how many times a waiter re-reads the
    ///   lock's state before it sleeps. Each look is a plain load of a cache line the
    ///   holder writes only when it lets go, so spinning does not slow the holder down.
    public init(spins: Int = 0) {
        self.spins = spins
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        // Every new session makes a lock, so this must not trap on a request. The zeroed
        // mutex above is already a valid default one (glibc's initializer is all zeros);
        // should the adaptive kind be refused, the lock stays that default.
        if pthread_mutex_init(mutex, &attributes) != 0 { mutex.initialize(to: pthread_mutex_t()) }
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() {
        if spins > 0 {
            var k = 0
            while k < spins {
                if !held.load(ordering: .relaxed), pthread_mutex_trylock(mutex) == 0 {
                    held.store(true, ordering: .relaxed)
                    return
                }
                k += 1
            }
        }
        pthread_mutex_lock(mutex)
        held.store(true, ordering: .relaxed)
    }

    /// Takes the lock if it is free; false (without waiting) if it is held.
    public func tryLock() -> Bool {
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        held.store(true, ordering: .relaxed)
        return true
    }

    public func unlock() {
        held.store(false, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }

    @inline(__always)
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// For `Condition`, which waits on this mutex.
    var pointer: UnsafeMutablePointer<pthread_mutex_t> { mutex }
}

/// A condition variable bound to a `Lock`.
final class Condition: @unchecked Sendable {
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    init() {
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        precondition(pthread_cond_init(cond, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(cond)
        cond.deinitialize(count: 1)
        cond.deallocate()
    }

    /// Waits; the caller holds `lock`.
    func wait(_ lock: Lock) { pthread_cond_wait(cond, lock.pointer) }
    func signal() { pthread_cond_signal(cond) }
    func broadcast() { pthread_cond_broadcast(cond) }
}

/// A value behind a `Lock`, with `Mutex`'s interface.
final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&value) }
    }
}
