#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Platform

/// A fixed set of threads running jobs in arrival order: big solves go here so that an
/// event loop never stalls on them.
public final class WorkerPool: @unchecked Sendable {
    public typealias Job = @Sendable () -> Void

    private let lock = Lock()
    private let available = Condition()
    /// Jobs in arrival order; a taken job's slot is emptied at once, so that what a finished
    /// job captured (a request, a session) is not kept alive until the queue is trimmed.
    private var queue: [Job?] = []
    private var head = 0
    private var stopping = false
    private var threads: [pthread_t] = []

    public let threadCount: Int

    public init(threads: Int) {
        threadCount = max(1, threads)
        for _ in 0..<threadCount {
            let started = startThread { self.run() }
            guard case .success(let thread) = started else { preconditionFailure("cannot start a worker thread") }
            self.threads.append(thread)
        }
    }

    /// Queues a job; false (and the job is dropped) after `shutdown()`.
    @discardableResult
    public func submit(_ job: @escaping Job) -> Bool {
        lock.lock()
        guard !stopping else { lock.unlock(); return false }
        queue.append(job)
        lock.unlock()
        available.signal()
        return true
    }

    /// Jobs waiting (not yet running).
    public var pending: Int { lock.withLock { queue.count - head } }

    /// Runs the jobs already queued, then stops the threads and waits for them.
    public func shutdown() {
        let toJoin: [pthread_t] = lock.withLock {
            stopping = true
            let t = threads
            threads = []
            return t
        }
        available.broadcast()
        for thread in toJoin { pthread_join(thread, nil) }
    }

    private func run() {
        while true {
            lock.lock()
            while head == queue.count && !stopping { available.wait(lock) }
            if head == queue.count {  // stopping and drained
                lock.unlock()
                return
            }
            let job = queue[head]
            queue[head] = nil
            head += 1
            if head > 1024 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            lock.unlock()
            job?()
        }
    }
}
