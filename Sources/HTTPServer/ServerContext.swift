import Platform
/// What every loop of one server shares: immutable settings, the handler and
/// the connection counter.
final class ServerContext: Sendable {
    let config: HTTPServerConfig
    let handler: HTTPServer.Handler
    let limiter: ConnectionLimiter
    /// Called (on loop 0) when SIGINT or SIGTERM arrives.
    let onSignal: @Sendable () -> Void

    // Timeouts converted once to libuv milliseconds.
    let readTimeoutMs: UInt64
    let idleTimeoutMs: UInt64
    let shutdownTimeoutMs: UInt64
    /// How long a closing connection keeps reading (and discarding) after
    /// its last answer, so unread request bytes do not turn our close into a
    /// reset that could destroy that answer before the client reads it.
    let lingerMs: UInt64 = 2000

    init(config: HTTPServerConfig, handler: @escaping HTTPServer.Handler, onSignal: @escaping @Sendable () -> Void) {
        self.config = config
        self.handler = handler
        self.onSignal = onSignal
        limiter = ConnectionLimiter(limit: config.maxConnections)
        readTimeoutMs = config.readTimeout.milliseconds
        idleTimeoutMs = config.idleTimeout.milliseconds
        shutdownTimeoutMs = config.shutdownTimeout.milliseconds
    }
}

/// Counts open connections across all loops. Touched once per connection
/// (accept and close), never per request, so a lock is cheap enough.
final class ConnectionLimiter: Sendable {
    private let count = Locked(0)
    let limit: Int

    init(limit: Int) { self.limit = max(0, limit) }

    func tryAcquire() -> Bool {
        count.withLock { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    func release() {
        count.withLock { open in open = max(0, open - 1) }
    }

    var current: Int { count.withLock { $0 } }
}
