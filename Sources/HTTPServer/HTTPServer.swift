#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Platform

/// An HTTP/1.1 server: `workers` libuv event loops, one per thread, each
/// with its own SO_REUSEPORT listening socket. It knows nothing of what it
/// serves: every complete request goes to `handler` with a responder.
///
/// ```swift
/// let server = HTTPServer(config: config) { request, responder in
///     responder.send(HTTPResponse(status: 200, text: "hello"))
/// }
/// let port = try server.start()
/// server.installSignalHandlers()
/// server.wait()
/// ```
///
/// The handler runs on a loop thread. It may answer at once (the fast path:
/// no lock, no thread hop) or keep the responder and answer later from any
/// thread (e.g. after work on a pool), but it must not block.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest, HTTPResponder) -> Void

    public let config: HTTPServerConfig
    private let handler: Handler
    private let lifecycle = Guarded(Lifecycle())

    private struct Lifecycle {
        enum Phase { case idle, starting, running, stopping, stopped }
        var phase = Phase.idle
        var loops: [EventLoop] = []
        var threadsAlive = 0
        var port: Int?
        var wantSignals = false
        var shutdownRequested = false
    }

    public init(config: HTTPServerConfig = HTTPServerConfig(), handler: @escaping Handler) {
        self.config = config
        self.handler = handler
    }

    /// The bound port once started.
    public var port: Int? { lifecycle.wait(until: { _ in true }, then: { $0.port }) }

    /// Connections open now across all loops (refused ones not counted).
    public var openConnections: Int {
        lifecycle.wait(until: { _ in true }, then: { $0.loops.first?.context.limiter.current ?? 0 })
    }

    /// Binds, starts every loop and returns the bound port once all of them
    /// listen (so with port 0 the returned one is the ephemeral port).
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        let claimed = lifecycle.update { state -> Bool? in
            guard state.phase == .idle else { return nil }
            state.phase = .starting
            return state.wantSignals
        }
        guard let wantSignals = claimed else { throw .alreadyStarted }
        do throws(HTTPServerError) {
            let (loops, port) = try launchLoops(wantSignals: wantSignals)
            let stopAgain = lifecycle.update { state -> Bool in
                state.phase = .running
                state.loops = loops
                state.port = port
                return state.shutdownRequested
            }
            if stopAgain { shutdown() }
            return port
        } catch {
            lifecycle.update { $0.phase = .stopped }
            throw error
        }
    }

    private func launchLoops(wantSignals: Bool) throws(HTTPServerError) -> ([EventLoop], Int) {
        // A peer that vanishes must not kill the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let workers = max(1, config.workers)
        var fds: [Int32] = []
        var port = config.port
        try ListeningSocket.ensureFree(host: config.host, port: port)
        do {
            for index in 0..<workers {
                let fd = try ListeningSocket.open(host: config.host, port: port, backlog: config.backlog)
                fds.append(fd)
                // The first socket picks the port (maybe ephemeral); the
                // others join it through SO_REUSEPORT.
                if index == 0 { port = ListeningSocket.boundPort(of: fd) ?? port }
            }
        } catch {
            for fd in fds { close(fd) }
            throw error
        }

        let context = ServerContext(config: config, handler: handler, onSignal: { [weak self] in
            self?.shutdown()
        })
        let loops = fds.enumerated().map { EventLoop(index: $0.offset, context: context, listenFD: $0.element) }
        let startup = Guarded((ready: 0, failed: [HTTPServerError]()))
        for (index, loop) in loops.enumerated() {
            // Counted before the thread exists, so its end can never be
            // counted first.
            lifecycle.update { $0.threadsAlive += 1 }
            let started = startThread(detached: true) { [self] in
                loop.run(wantSignals: wantSignals && index == 0) { error in
                    startup.update { if let error { $0.failed.append(error) } else { $0.ready += 1 } }
                }
                self.loopThreadEnded()
            }
            if case .failure(let refusal) = started {
                lifecycle.update { $0.threadsAlive -= 1 }
                startup.update { $0.failed.append(.system("pthread_create", refusal.code)) }
                // This loop never runs: its socket must still be closed.
                close(fds[index])
            }
        }
        let failure = startup.wait(until: { $0.ready + $0.failed.count == loops.count }, then: { $0.failed.first })
        if let failure {
            for loop in loops { loop.post(.shutdown) }
            lifecycle.wait(until: { $0.threadsAlive == 0 }, then: { _ in () })
            throw failure
        }
        return (loops, port)
    }

    private func loopThreadEnded() {
        lifecycle.update { state in
            state.threadsAlive -= 1
            if state.threadsAlive == 0 && state.phase != .starting {
                state.phase = .stopped
                state.loops = []
            }
        }
    }

    /// Graceful shutdown, callable from any thread (a handler included):
    /// stop accepting, let requests in flight be answered, close every
    /// connection, end the loops. Returns at once; `wait()` blocks until done.
    public func shutdown() {
        let loops = lifecycle.update { state -> [EventLoop] in
            switch state.phase {
            case .running:
                state.phase = .stopping
                config.onShutdown?()
                return state.loops
            case .starting:
                state.shutdownRequested = true
                return []
            case .idle, .stopping, .stopped:
                return []
            }
        }
        for loop in loops { loop.post(.shutdown) }
    }

    /// Blocks until every loop has ended (returns at once if never started).
    public func wait() {
        lifecycle.wait(until: { $0.phase == .stopped || $0.phase == .idle }, then: { _ in () })
    }

    /// SIGINT and SIGTERM start a graceful shutdown (handled on loop 0).
    /// Call before or after `start()`.
    public func installSignalHandlers() {
        let loop = lifecycle.update { state -> EventLoop? in
            state.wantSignals = true
            return state.phase == .running ? state.loops.first : nil
        }
        loop?.post(.installSignals)
    }
}
