#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibUV
import Synchronization
import CLLHTTP

/// One accepted TCP connection: its socket, its parser, the answers it still
/// owes, and its timer.
///
/// Thread confinement: every mutable property is read and written only on
/// the thread of `loop` (which is also why their dynamic exclusivity checks,
/// a measurable cost per request, are switched off: no access overlaps). Other threads reach a connection only through
/// `HTTPResponder`, which posts to the loop's inbox; that is why this class
/// can be marked @unchecked Sendable.
final class Connection: @unchecked Sendable {
    /// Set once the client has closed its side (or the connection is closed), readable from
    /// any thread: work for its requests still running elsewhere is no longer wanted
    /// (`HTTPResponder.isAbandoned`). A client that only half-closes and still waits for an
    /// answer looks the same from here; like most servers we take the end of input to mean
    /// the client has gone (its pending answers are still written if they come).
    let clientGone = Atomic<Bool>(false)

    enum State {
        /// Reading requests and writing answers.
        case open
        /// Last answer queued, write side shut down; reading and discarding
        /// until the client closes or the linger time runs out.
        case lingering
        /// uv_close called; waiting for the handles' close callbacks.
        case closed
    }

    let loop: EventLoop
    let context: ServerContext
    let tcp: UnsafeMutablePointer<uv_tcp_t> = allocateZeroed(uv_tcp_t.self)
    let timer: UnsafeMutablePointer<uv_timer_t> = allocateZeroed(uv_timer_t.self)
    let parser: UnsafeMutablePointer<llhttp_t> = allocateZeroed(llhttp_t.self)

    @exclusivity(unchecked) var state = State.open
    /// What is true of the connection besides its state (`ConnectionFlags`, as libuv's
    /// handles keep theirs).
    @exclusivity(unchecked) var flags: ConnectionFlags = []
    /// Handles initialised and not yet reported closed by libuv.
    @exclusivity(unchecked) var openHandles = 0
    /// Read once, when the first request needs it.
    @exclusivity(unchecked) var remoteAddress: String?

    // Reading
    @exclusivity(unchecked) var builder = RequestBuilder()
    /// Slot of the request being read whose headers are complete.
    @exclusivity(unchecked) var currentSequence: Int?
    /// Loop time of that request's first byte (the read deadline counts from it).
    @exclusivity(unchecked) var messageStart: UInt64 = 0
    /// Bytes already read but not parsed: parsing paused inside a read because answers
    /// piled up (`answersPileUp`), to go on when the client has taken some.
    @exclusivity(unchecked) var heldInput: [UInt8] = []

    // Answering
    @exclusivity(unchecked) var slots = ResponseSlots()
    @exclusivity(unchecked) var out = OutputBuffer()
    @exclusivity(unchecked) var writesInFlight = 0

    // Timing (libuv loop milliseconds)
    @exclusivity(unchecked) var idleSince: UInt64 = 0
    @exclusivity(unchecked) var lastWriteProgress: UInt64 = 0
    @exclusivity(unchecked) var lingerUntil: UInt64 = 0
    /// When the current state times out (.max = never).
    @exclusivity(unchecked) var deadline: UInt64 = .max
    /// When the timer is armed to fire, if it is.
    @exclusivity(unchecked) var timerDue: UInt64?

    /// Sets up the handles; nil if libuv refuses (the connection is dropped).
    init?(loop: EventLoop) {
        self.loop = loop
        self.context = loop.context
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard uv_tcp_init(loop.uvLoop, tcp) == 0 else { return nil }
        openHandles = 1
        tcp.pointee.data = me
        if uv_timer_init(loop.uvLoop, timer) == 0 {
            openHandles += 1
            timer.pointee.data = me
        }
        llhttp_init(parser, HTTP_REQUEST, parserSettings)
        parser.pointee.data = me
        idleSince = uv_now(loop.uvLoop)
        if openHandles < 2 {
            // Only the TCP handle exists: close it; the loop forgets us
            // through the close callback like any other connection.
            state = .closed
            uv_close(tcp.asHandle, connectionHandleClosed)
        }
    }

    deinit {
        out.free()
        tcp.deallocate()
        timer.deallocate()
        parser.deallocate()
    }

    var now: UInt64 { uv_now(loop.uvLoop) }

    // MARK: Reading on and off

    /// Reads when there is room for more requests: not closing, not too many
    /// answers owed, not too many bytes waiting to be written (a client that
    /// pipelines without reading answers must not grow our memory).
    /// Whether answers not yet taken by the client are over the bounds (requests waiting
    /// for their answer; bytes of answers held or queued for the socket): then no more
    /// requests are read, not even those already in a read buffer. Resuming waits until they
    /// are half that.
    func answersPileUp(resuming: Bool) -> Bool {
        let share = resuming ? 2 : 1
        return slots.pendingCount >= context.config.maxPipelinedRequests / share
            || slots.answeredBytes + uv_stream_get_write_queue_size(tcp.asStream) + out.count >= (1 << 20) / share
    }

    /// Goes on parsing the bytes held back, once the client took enough answers (a loop,
    /// not a recursion: answers written at once can drain the pile as fast as it grows).
    func resumeHeldInput() {
        guard !flags.contains(.resuming) else { return }
        flags.insert(.resuming)
        defer { flags.remove(.resuming) }
        while flags.contains(.parsingHeld), !flags.contains(.inParse), state == .open, !flags.contains(.stopParsing), !answersPileUp(resuming: true) {
            flags.remove(.parsingHeld)
            llhttp_resume(parser)
            var bytes = heldInput
            heldInput = []
            bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { parse($0, count: buffer.count) }
            }
        }
        updateReading()
    }

    func updateReading() {
        let want: Bool
        switch state {
        case .closed: return
        case .lingering: want = !flags.contains(.peerClosed)
        case .open:
            want = !flags.contains(.stopParsing) && !flags.contains(.parsingHeld) && !answersPileUp(resuming: false)
        }
        if want && !flags.contains(.reading) {
            if uv_read_start(tcp.asStream, connectionAlloc, connectionRead) == 0 {
                flags.insert(.reading)
            } else {
                close()
            }
        } else if !want && flags.contains(.reading) {
            uv_read_stop(tcp.asStream)
            flags.remove(.reading)
        }
    }

    // MARK: Closing

    /// Answers are done: shut down our side after the queued writes, then
    /// close, or (when `lingerNeeded`) keep reading and discarding until the
    /// client closes or the linger time is over.
    func beginLingeringClose() {
        guard state == .open else { return }
        state = .lingering
        flags.insert(.stopParsing)
        slots.removeAll()
        let request = allocateZeroed(uv_shutdown_t.self)
        guard uv_shutdown(request, tcp.asStream, connectionShutdownDone) == 0 else {
            request.deallocate()
            close()
            return
        }
        // The write-stall clock of the lingering state starts now.
        lastWriteProgress = now
        updateReading()
        updateDeadline()
    }

    /// Every queued write went out and our FIN is sent. Close now unless
    /// the client may still be sending (an error cut its request short, or
    /// bytes we will not read are waiting): then linger.
    func shutdownCompleted(status: Int32) {
        flags.insert(.shutdownDone)
        guard state == .lingering else { return }
        if status < 0 || flags.contains(.peerClosed) || !(flags.contains(.lingerNeeded) || hasUnreadInput()) {
            close()
            return
        }
        lingerUntil = now + context.lingerMs
        updateDeadline()
    }

    /// Bytes from the client are waiting in the socket (a peek, not a read).
    private func hasUnreadInput() -> Bool {
        var descriptor = uv_os_fd_t()
        guard uv_fileno(tcp.asHandle, &descriptor) == 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Closes at once. Pending writes are cancelled by libuv (their callbacks
    /// free their buffers) before the close callbacks run.
    func close() {
        guard state != .closed else { return }
        state = .closed
        clientGone.store(true, ordering: .relaxed)
        if flags.contains(.admitted) {
            flags.remove(.admitted)
            context.limiter.release()
        }
        slots.removeAll()
        out.free()
        flags.remove(.reading)
        uv_close(tcp.asHandle, connectionHandleClosed)
        uv_close(timer.asHandle, connectionHandleClosed)
    }

    /// A handle's close callback ran; once both did, libuv holds no pointer
    /// to this connection and the loop may drop it.
    func handleClosed() {
        openHandles -= 1
        if openHandles == 0 { loop.forget(self) }
    }

    // MARK: Graceful shutdown

    /// The server is stopping: finish what was asked, accept nothing new.
    func beginDrain() {
        guard state == .open else { return }
        if slots.isEmpty && !flags.contains(.inMessage) && writesInFlight == 0 {
            close()
        } else if flags.contains(.inMessage) {
            // Let the request being read finish; messageComplete sees the
            // loop draining and marks it as the last one.
        } else if let last = slots.backSequence {
            slots[last].keepAlive = false
            flags.insert(.stopParsing)
            updateReading()
        } else {
            // Only writes in flight: close after them.
            beginLingeringClose()
        }
    }
}

// MARK: libuv callbacks (C function pointers: no captures, state via `data`)

@inline(__always)
func connection(of handle: UnsafeMutablePointer<uv_handle_t>?) -> Connection? {
    guard let data = handle?.pointee.data else { return nil }
    return Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
}

@inline(__always)
func connection(of stream: UnsafeMutablePointer<uv_stream_t>?) -> Connection? {
    guard let data = stream?.pointee.data else { return nil }
    return Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
}

let connectionHandleClosed: uv_close_cb = { handle in
    connection(of: handle)?.handleClosed()
}

/// Every connection of a loop reads into the loop's one buffer: the parser
/// consumes it synchronously, so it is free again when the callback returns.
let connectionAlloc: uv_alloc_cb = { handle, _, buffer in
    guard let buffer else { return }
    guard let conn = connection(of: handle) else {
        buffer.pointee = uv_buf_init(nil, 0)
        return
    }
    buffer.pointee = uv_buf_init(conn.loop.readBuffer, UInt32(EventLoop.readBufferSize))
}

let connectionRead: uv_read_cb = { stream, count, buffer in
    guard let data = stream?.pointee.data else { return }
    // Guaranteed reference: the loop's dictionary keeps the connection alive.
    Unmanaged<Connection>.fromOpaque(data)._withUnsafeGuaranteedRef {
        $0.onRead(count: count, bytes: buffer?.pointee.base)
    }
}

/// Runs once every queued write has been flushed and our FIN is sent.
let connectionShutdownDone: uv_shutdown_cb = { request, status in
    let conn = connection(of: request?.pointee.handle)
    request?.deallocate()
    conn?.shutdownCompleted(status: status)
}
