#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibUV
import CLLHTTP

/// One libuv loop on its own thread with its own listening socket, and the
/// connections it accepted.
///
/// Thread confinement: mutable state is touched only on the loop's thread,
/// except `inbox` (locked) and `thread` (written before the loop reports
/// ready, read-only afterwards). Hence @unchecked Sendable.
final class EventLoop: @unchecked Sendable {
    static let readBufferSize = 64 * 1024

    let index: Int
    let context: ServerContext
    let uvLoop: UnsafeMutablePointer<uv_loop_t> = allocateZeroed(uv_loop_t.self)
    let inbox = LoopInbox()
    /// Shared by all connections of this loop (parsing is synchronous).
    let readBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: EventLoop.readBufferSize)

    private let listenFD: Int32
    private let listener: UnsafeMutablePointer<uv_tcp_t> = allocateZeroed(uv_tcp_t.self)
    private let dateTimer: UnsafeMutablePointer<uv_timer_t> = allocateZeroed(uv_timer_t.self)
    private let graceTimer: UnsafeMutablePointer<uv_timer_t> = allocateZeroed(uv_timer_t.self)
    /// Runs `onLoopTick` after each iteration's I/O (only when the config has one).
    private let tickCheck: UnsafeMutablePointer<uv_check_t> = allocateZeroed(uv_check_t.self)
    private var signalHandles: [UnsafeMutablePointer<uv_signal_t>] = []
    private var listening = false

    private(set) var thread: pthread_t?
    private(set) var connections: [ObjectIdentifier: Connection] = [:]
    @exclusivity(unchecked) private(set) var draining = false
    private var finished = false
    /// "Date: ...\r\n", refreshed every second.
    @exclusivity(unchecked) private(set) var dateLine: [UInt8] = HTTPDate.headerLine()
    /// Method names by llhttp code, filled on first use (no lock: per loop).
    @exclusivity(unchecked) private var methodNames = [String?](repeating: nil, count: 256)
    /// Reused between inbox drains so steady state does not allocate.
    private var spareBatch: [LoopMessage] = []
    private var toFlush: [Connection] = []

    init(index: Int, context: ServerContext, listenFD: Int32) {
        self.index = index
        self.context = context
        self.listenFD = listenFD
    }

    deinit {
        // Only reached after the loop was closed (or never run).
        for handle in signalHandles { handle.deallocate() }
        listener.deallocate()
        dateTimer.deallocate()
        graceTimer.deallocate()
        tickCheck.deallocate()
        readBuffer.deallocate()
        uvLoop.deallocate()
    }

    var isCurrentThread: Bool {
        guard let thread else { return false }
        return pthread_equal(pthread_self(), thread) != 0
    }

    @discardableResult
    func post(_ message: LoopMessage) -> Bool { inbox.post(message) }

    // MARK: Running

    /// Runs on the loop's own thread: sets up, reports through `ready`
    /// (nil = listening), runs until shutdown completes, tears down.
    func run(wantSignals: Bool, ready: (HTTPServerError?) -> Void) {
        thread = pthread_self()
        guard uv_loop_init(uvLoop) == 0 else {
            close(listenFD)
            ready(.eventLoop("uv_loop_init", "failed"))
            return
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        uvLoop.pointee.data = me
        if let error = setUp() {
            ready(error)
            closeAllHandles()
            _ = uv_loop_close(uvLoop)
            return
        }
        if wantSignals { installSignalHandlers() }
        ready(nil)
        uv_run(uvLoop, UV_RUN_DEFAULT)
        if uv_loop_close(uvLoop) != 0 {
            // Something was left open (should not happen): close and retry.
            closeAllHandles()
            _ = uv_loop_close(uvLoop)
        }
    }

    private func setUp() -> HTTPServerError? {
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard uv_async_init(uvLoop, inbox.async, loopWakeup) == 0 else {
            close(listenFD)
            return .eventLoop("uv_async_init", "failed")
        }
        inbox.async.pointee.data = me
        inbox.open()
        uv_timer_init(uvLoop, dateTimer)
        dateTimer.pointee.data = me
        uv_timer_start(dateTimer, loopDateTick, 1000, 1000)
        uv_timer_init(uvLoop, graceTimer)
        graceTimer.pointee.data = me
        uv_check_init(uvLoop, tickCheck)
        tickCheck.pointee.data = me
        if context.config.onLoopTick != nil { uv_check_start(tickCheck, loopTickEnd) }

        var result = uv_tcp_init(uvLoop, listener)
        guard result == 0 else {
            close(listenFD)
            return .eventLoop("uv_tcp_init", uvErrorName(result))
        }
        listener.pointee.data = me
        result = uv_tcp_open(listener, uv_os_sock_t(listenFD))
        guard result == 0 else {
            close(listenFD)
            return .eventLoop("uv_tcp_open", uvErrorName(result))
        }
        result = uv_listen(listener.asStream, Int32(clamping: context.config.backlog), loopAccept)
        guard result == 0 else { return .eventLoop("uv_listen", uvErrorName(result)) }
        listening = true
        return nil
    }

    /// Closes every handle and runs the loop until their callbacks are done
    /// (error paths only).
    private func closeAllHandles() {
        _ = inbox.close()
        uv_walk(uvLoop, { handle, _ in
            if let handle, uv_is_closing(handle) == 0 { uv_close(handle, nil) }
        }, nil)
        uv_run(uvLoop, UV_RUN_DEFAULT)
    }

    // MARK: Accepting

    fileprivate func accept() {
        guard !draining, let conn = Connection(loop: self) else { return }
        // Registered before anything can close it: the close callbacks find
        // it through the dictionary's strong reference.
        connections[ObjectIdentifier(conn)] = conn
        guard conn.state == .open else { return }
        guard uv_accept(listener.asStream, conn.tcp.asStream) == 0 else {
            conn.close()
            return
        }
        uv_tcp_nodelay(conn.tcp, 1)
        if context.limiter.tryAcquire() {
            conn.flags.insert(.admitted)
            conn.updateReading()
            conn.updateDeadline()
        } else {
            conn.rejectOverCapacity()
        }
    }

    /// A connection's handles are closed: drop our reference.
    func forget(_ conn: Connection) {
        connections.removeValue(forKey: ObjectIdentifier(conn))
        finishIfDrained()
    }

    func methodName(_ code: UInt8) -> String {
        if let name = methodNames[Int(code)] { return name }
        // llhttp only reports codes it defines, so the name lookup is safe.
        let name = String(cString: llhttp_method_name(llhttp_method_t(rawValue: UInt32(code))))
        methodNames[Int(code)] = name
        return name
    }

    // MARK: Inbox

    fileprivate func drainInbox() {
        var batch = spareBatch
        inbox.take(into: &batch)
        for message in batch {
            switch message {
            case .respond(let conn, let sequence, let response):
                let queued = conn.flags.contains(.needsFlush)
                conn.deliver(sequence: sequence, response: response, flushNow: false)
                if !queued && conn.flags.contains(.needsFlush) { toFlush.append(conn) }
            case .shutdown:
                beginShutdown()
            case .installSignals:
                installSignalHandlers()
            }
        }
        batch.removeAll(keepingCapacity: true)
        spareBatch = batch
        // Several answers for one connection in one wakeup: one write.
        for conn in toFlush where conn.flags.contains(.needsFlush) {
            conn.flushResponses()
            conn.updateReading()
            conn.updateDeadline()
        }
        toFlush.removeAll(keepingCapacity: true)
    }

    fileprivate func refreshDate() { dateLine = HTTPDate.headerLine() }

    // MARK: Signals and shutdown

    private func installSignalHandlers() {
        guard signalHandles.isEmpty, !draining else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in [SIGINT, SIGTERM] {
            let handle = allocateZeroed(uv_signal_t.self)
            guard uv_signal_init(uvLoop, handle) == 0 else {
                handle.deallocate()
                continue
            }
            handle.pointee.data = me
            uv_signal_start(handle, loopSignal, signal)
            signalHandles.append(handle)
        }
    }

    fileprivate func signalReceived() { context.onSignal() }

    /// Stop accepting; let every connection finish what it was asked; end
    /// the loop when none is left (or when the grace time runs out).
    private func beginShutdown() {
        guard !draining else { return }
        draining = true
        if listening {
            listening = false
            uv_close(listener.asHandle, nil)
        }
        for handle in signalHandles where uv_is_closing(handle.asHandle) == 0 {
            uv_close(handle.asHandle, nil)
        }
        uv_timer_start(graceTimer, loopGraceOver, context.shutdownTimeoutMs, 0)
        for conn in Array(connections.values) { conn.beginDrain() }
        finishIfDrained()
    }

    fileprivate func graceOver() {
        for conn in Array(connections.values) { conn.close() }
    }

    /// Closes the loop's own handles once no connection is left; uv_run
    /// then returns.
    private func finishIfDrained() {
        guard draining, !finished, connections.isEmpty else { return }
        finished = true
        // Answers still queued belong to connections that are gone.
        _ = inbox.close()
        uv_close(inbox.async.asHandle, nil)
        uv_close(dateTimer.asHandle, nil)
        uv_close(graceTimer.asHandle, nil)
        uv_close(tickCheck.asHandle, nil)
    }

    fileprivate func tickEnded() { context.config.onLoopTick?() }
}

// MARK: libuv callbacks

@inline(__always)
private func eventLoop(_ data: UnsafeMutableRawPointer?) -> EventLoop? {
    guard let data else { return nil }
    return Unmanaged<EventLoop>.fromOpaque(data).takeUnretainedValue()
}

private let loopAccept: uv_connection_cb = { server, status in
    guard status == 0 else { return }
    eventLoop(server?.pointee.data)?.accept()
}

private let loopWakeup: uv_async_cb = { async in
    eventLoop(async?.pointee.data)?.drainInbox()
}

private let loopTickEnd: uv_check_cb = { check in
    eventLoop(check?.pointee.data)?.tickEnded()
}

private let loopDateTick: uv_timer_cb = { timer in
    eventLoop(timer?.pointee.data)?.refreshDate()
}

private let loopGraceOver: uv_timer_cb = { timer in
    eventLoop(timer?.pointee.data)?.graceOver()
}

private let loopSignal: uv_signal_cb = { handle, _ in
    eventLoop(handle?.pointee.data)?.signalReceived()
}
