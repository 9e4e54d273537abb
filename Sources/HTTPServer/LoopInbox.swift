import CLibUV
import Platform

/// Work handed to a loop from other threads.
enum LoopMessage: Sendable {
    /// An answer produced off the loop thread.
    case respond(Connection, Int, HTTPResponse)
    /// Begin a graceful shutdown.
    case shutdown
    /// Install SIGINT/SIGTERM handlers (loop 0 only).
    case installSignals
}

/// A locked queue plus the uv_async_t that wakes the loop. Posting after the
/// loop has closed its async handle is refused (the `open` flag is checked
/// under the same lock the loop takes to close it), so a late answer from a
/// worker thread can never touch freed libuv memory.
final class LoopInbox: @unchecked Sendable {
    private struct State {
        var messages: [LoopMessage] = []
        var open = false
    }

    private let state = Locked(State())
    let async: UnsafeMutablePointer<uv_async_t> = allocateZeroed(uv_async_t.self)

    deinit { async.deallocate() }

    /// Called on the loop thread once uv_async_init succeeded.
    func open() { state.withLock { $0.open = true } }

    /// Queues a message; false when the loop no longer takes any.
    @discardableResult
    func post(_ message: LoopMessage) -> Bool {
        state.withLock { state in
            guard state.open else { return false }
            state.messages.append(message)
            // Inside the lock: close() cannot slip in between the check and
            // the send. uv_async_send coalesces wakeups and is thread-safe.
            uv_async_send(async)
            return true
        }
    }

    /// Moves the queued messages into `batch` (which should be empty; its
    /// storage is swapped in so neither side reallocates in steady state).
    func take(into batch: inout [LoopMessage]) {
        state.withLock { swap(&$0.messages, &batch) }
    }

    /// Refuses further posts and returns whatever was still queued.
    func close() -> [LoopMessage] {
        state.withLock { state in
            state.open = false
            defer { state.messages = [] }
            return state.messages
        }
    }
}
