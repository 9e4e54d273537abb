#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Platform
import Synchronization

/// Where log lines go: a buffer in front of a file descriptor, so that the access log (a line
/// per request at the default level) costs a copy under a lock, not a `write` per request.
/// Lines keep the order they were logged in and are never split. The buffer is written out
/// when it passes `flushBytes`, on a timer (`flushSeconds`), at once for a line at `warning`
/// or above, and when the process stops (`flush()` from the server's shutdown, and `atexit`).
/// A process killed outright loses at most the last `flushSeconds` of lines.
public final class LogSink: Sendable {
    public static let standardError = LogSink(fileDescriptor: 2)
    static let flushBytes = 32 * 1024
    static let flushSeconds = 0.1

    private let fd: Int32
    private let buffer = Locked<[UInt8]>([])
    /// Read on every line: an atomic, not a second lock per line.
    private let timerStarted = Atomic<Bool>(false)

    init(fileDescriptor: Int32) { fd = fileDescriptor }

    /// Adds one whole line; `urgent` writes it (and everything before it) out now.
    func append(_ line: [UInt8], urgent: Bool) {
        line.withUnsafeBufferPointer { append($0, urgent: urgent) }
    }

    /// `append` of bytes the caller holds (a line built on the stack).
    func append(_ line: UnsafeBufferPointer<UInt8>, urgent: Bool) {
        startTimerOnce()
        buffer.withLock { pending in
            if pending.capacity == 0 { pending.reserveCapacity(2 * Self.flushBytes) }
            pending.append(contentsOf: line)
            // Written under the lock: lines go out in the order they came in.
            if urgent || pending.count >= Self.flushBytes { writeOut(&pending) }
        }
    }

    /// Writes out everything buffered.
    public func flush() {
        buffer.withLock { writeOut(&$0) }
    }

    private func writeOut(_ pending: inout [UInt8]) {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = write(fd, base + offset, bytes.count - offset)
                if n > 0 { offset += n; continue }
                guard n < 0 else { break }
                if errno == EINTR { continue }
                // A descriptor left non-blocking by whoever started us: wait until it takes
                // more, a while at most, rather than drop half a line.
                guard errno == EAGAIN || errno == EWOULDBLOCK else { break }
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&ready, 1, 1000) > 0 else { break }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The timer's thread, started by the first line: flushes every `flushSeconds`.
    private func startTimerOnce() {
        guard !timerStarted.load(ordering: .relaxed),
              timerStarted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        if self === LogSink.standardError { atexit { LogSink.standardError.flush() } }
        let sink = self
        _ = startThread(detached: true) {
            while true {
                var delay = timespec(tv_sec: 0, tv_nsec: Int(Self.flushSeconds * 1e9))
                nanosleep(&delay, nil)
                sink.flush()
            }
        }
    }
}
