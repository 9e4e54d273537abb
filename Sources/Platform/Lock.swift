#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A mutual-exclusion lock (a pthread mutex), the one lock of the project. pthread rather
/// than `Synchronization.Mutex` so that ThreadSanitizer (scripts/sanitize) sees every
/// synchronisation: it does not see `Mutex`, a futex of its own.
///
/// On glibc the mutex is adaptive: a thread that finds it held spins a little before it
/// sleeps, which suits sections of a few microseconds (one session edit).
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Whether the lock is held, for `spins` (a plain load, not the mutex's cache line).
    private let held = Atomic<Bool>(false)
    /// How many times a thread that finds the lock held looks again before it sleeps.
    private let spins: Int

    /// - Parameter spins: for sections longer than glibc's adaptive spinning covers, how
    ///   many times a waiter re-reads the lock's state before it sleeps.
    package init(spins: Int = 0) {
        self.spins = spins
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        // Sessions make locks per request, so this must not trap: the zeroed mutex above is
        // already a valid default one, kept should the adaptive kind be refused.
        if pthread_mutex_init(mutex, &attributes) != 0 { mutex.initialize(to: pthread_mutex_t()) }
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() {
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
    package func tryLock() -> Bool {
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        held.store(true, ordering: .relaxed)
        return true
    }

    package func unlock() {
        held.store(false, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }

    @inline(__always)
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// For `Condition`, which waits on this mutex.
    var pointer: UnsafeMutablePointer<pthread_mutex_t> { mutex }
}

/// A condition variable bound to a `Lock`.
package final class Condition: @unchecked Sendable {
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        cond.deinitialize(count: 1)
        cond.deallocate()
    }

    /// Waits; the caller holds `lock`.
    package func wait(_ lock: Lock) { pthread_cond_wait(cond, lock.pointer) }
    package func signal() { pthread_cond_signal(cond) }
    package func broadcast() { pthread_cond_broadcast(cond) }
}

/// A value behind a `Lock`, with `Mutex`'s interface.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value
    package init(_ value: Value) { self.value = value }
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&value) }
    }
}

/// A value with a condition variable, so threads can sleep until it changes (start-up
/// barriers, `HTTPServer.wait()`).
package final class Guarded<Value>: @unchecked Sendable {
    private let lock = Lock()
    private let changed = Condition()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Changes the value and wakes every waiter.
    package func update<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer {
            changed.broadcast()
            lock.unlock()
        }
        return body(&value)
    }

    /// Sleeps until `done(value)` holds, then returns `result(value)`.
    package func wait<R>(until done: (Value) -> Bool, then result: (Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        while !done(value) { changed.wait(lock) }
        return result(value)
    }
}
