#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex guarding a value. Used only off the hot path (cross-thread
/// hand-offs, accept-time counting, lifecycle), never on the synchronous
/// request path of a loop.
final class Locked<Value>: @unchecked Sendable {
    // The mutex lives in its own allocation so its address never moves
    // (pthread objects must not be copied).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A value with a condition variable, so threads can sleep until it changes
/// (start-up barrier, `HTTPServer.wait()`).
final class Guarded<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        cond = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    /// Changes the value and wakes every waiter.
    func update<R>(_ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(cond)
            pthread_mutex_unlock(mutex)
        }
        return body(&value)
    }

    /// Sleeps until `done(value)` holds, then returns `result(value)`.
    func wait<R>(until done: (Value) -> Bool, then result: (Value) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !done(value) { pthread_cond_wait(cond, mutex) }
        return result(value)
    }
}
