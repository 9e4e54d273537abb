#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the server needs to know before it starts. Times are seconds.
public struct HTTPServerConfig: Sendable {
    /// Called once when a graceful shutdown begins (a signal or `shutdown()`), before the
    /// loops stop accepting: readiness checks can answer "draining" from then on.
    public var onShutdown: (@Sendable () -> Void)?
    /// Called on each loop's thread at the end of every loop iteration, after the requests
    /// that iteration read were handed to the handler: work the handler gathered over the
    /// iteration can be done once for all of them (a group commit). It must not block long.
    public var onLoopTick: (@Sendable () -> Void)?
    /// Address to listen on (IPv4 or IPv6 literal).
    public var host: String = "127.0.0.1"
    /// Port to listen on; 0 picks a free one (see `HTTPServer.start()`).
    public var port: Int = 8080
    /// Event-loop threads, each with its own SO_REUSEPORT listening socket.
    public var workers: Int = HTTPServerConfig.coreCount
    /// Bytes allowed for the request line plus headers (431 past it).
    public var maxHeaderBytes: Int = 16 * 1024
    /// Bytes allowed for a decoded request body (413 past it).
    public var maxBodyBytes: Int = 1024 * 1024
    /// Open connections allowed across all loops (503 and close past it).
    public var maxConnections: Int = 10_000
    /// A request must arrive whole within this long of its first byte; this
    /// cuts slowloris clients that trickle bytes (408, then close).
    public var readTimeout: Double = 10
    /// A keep-alive connection with nothing in flight is closed after this.
    public var idleTimeout: Double = 60
    /// How long a graceful shutdown waits for requests in flight before it
    /// closes the remaining connections anyway.
    public var shutdownTimeout: Double = 30
    /// Requests parsed ahead of their answers on one connection before the
    /// server stops reading from it (bounds memory under deep pipelining).
    public var maxPipelinedRequests: Int = 128
    /// listen(2) backlog of each listening socket.
    public var backlog: Int = 1024
    /// The server's own error answers (400 malformed, 408 read timeout, 413
    /// body too large, 431 head too large, 501 unapplied coding, 503 over
    /// capacity): given the failure (with the request's method and path when
    /// its request line had arrived), the answer to send before closing. nil
    /// means `HTTPResponse.problem(status:title:)`. Called on a loop thread;
    /// it must not block. The server still closes the connection after it.
    public var errorResponse: (@Sendable (HTTPFailure) -> HTTPResponse)?

    public init() {}

    public init(host: String = "127.0.0.1", port: Int = 8080, workers: Int? = nil) {
        self.host = host
        self.port = port
        if let workers { self.workers = workers }
    }

    /// Online CPU cores, at least 1.
    public static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

extension Double {
    /// Seconds to whole libuv milliseconds; at least 1 so a tiny positive
    /// timeout still fires, and clamped so a huge one cannot overflow.
    var milliseconds: UInt64 {
        guard self.isFinite, self > 0 else { return 1 }
        return UInt64(min(self * 1000, 1e12).rounded(.up))
    }
}
