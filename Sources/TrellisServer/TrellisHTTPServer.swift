import HTTPServer

/// The service on the network: an `HTTPServer` (libuv + llhttp) configured from a
/// `ServerConfig` whose requests go to a `TrellisApp` (or any handler of the same shape).
///
/// ```swift
/// let server = TrellisHTTPServer(config: config, app: app)
/// server.installSignalHandlers()     // SIGINT/SIGTERM: graceful shutdown
/// let port = try server.start()
/// server.wait()
/// ```
///
/// Requests and answers are converted field by field; bodies are handed over, not
/// copied (arrays share their storage).
public final class TrellisHTTPServer: Sendable {
    public typealias Handler = @Sendable (TrellisRequest, @escaping @Sendable (TrellisResponse) -> Void) -> Void
    /// The HTTP layer's own error answers (see `TrellisApp.protocolError`).
    public typealias ErrorAnswer = @Sendable (HTTPFailure) -> TrellisResponse

    public let config: ServerConfig
    private let server: HTTPServer

    /// - Parameters:
    ///   - shutdownTimeoutSeconds: how long a graceful shutdown waits for requests in
    ///     flight before it closes the remaining connections.
    public init(config: ServerConfig, shutdownTimeoutSeconds: Double = 30,
                errorAnswer: ErrorAnswer? = nil, onShutdown: (@Sendable () -> Void)? = nil,
                onLoopTick: (@Sendable () -> Void)? = nil, handler: @escaping Handler) {
        self.config = config
        var http = HTTPServerConfig(host: config.host, port: config.port, workers: config.workers)
        http.maxBodyBytes = config.maxBodyBytes
        http.maxHeaderBytes = config.maxHeaderBytes
        http.maxConnections = config.maxConnections
        http.readTimeout = config.readTimeoutSeconds
        http.idleTimeout = config.idleTimeoutSeconds
        http.shutdownTimeout = shutdownTimeoutSeconds
        http.onShutdown = onShutdown
        http.onLoopTick = onLoopTick
        if let errorAnswer {
            http.errorResponse = { TrellisHTTPServer.httpResponse(errorAnswer($0)) }
        }
        server = HTTPServer(config: http) { request, responder in
            var trellisRequest = TrellisHTTPServer.trellisRequest(request)
            trellisRequest.isAbandoned = { responder.isAbandoned }
            handler(trellisRequest) { response in
                responder.send(TrellisHTTPServer.httpResponse(response))
            }
        }
    }

    /// Serves `app`: its `handle` for requests, its `protocolError` for the HTTP
    /// layer's own error answers.
    public convenience init<Service: LayoutService>(config: ServerConfig, app: TrellisApp<Service>,
                                                    shutdownTimeoutSeconds: Double = 30) {
        self.init(config: config, shutdownTimeoutSeconds: shutdownTimeoutSeconds,
                  errorAnswer: { app.protocolError($0) },
                  onShutdown: { app.beginDraining() },
                  onLoopTick: Self.tick(app.journal),
                  handler: { app.handle($0, respond: $1) })
        app.metrics.countConnections { [weak self] in self?.openConnections ?? 0 }
    }

    private static func tick(_ journal: JournalWriter?) -> (@Sendable () -> Void)? {
        guard let journal else { return nil }
        return { journal.loopTickEnded() }
    }

    /// Binds and starts every event loop; returns the bound port (the ephemeral one
    /// when the config says port 0).
    @discardableResult
    public func start() throws -> Int {
        do {
            return try server.start()
        } catch {
            throw TrellisHTTPServerError(message: "\(error)")
        }
    }

    /// The bound port once started.
    public var port: Int? { server.port }

    /// Connections open now.
    public var openConnections: Int { server.openConnections }

    /// Graceful shutdown, from any thread: stop accepting, answer every request already
    /// read (the last answer on each connection says `Connection: close`), then stop.
    /// Returns at once; `wait()` blocks until it is done.
    public func shutdown() { server.shutdown() }

    /// Blocks until the server has stopped (at once if it never started).
    public func wait() { server.wait() }

    /// SIGINT and SIGTERM start a graceful shutdown instead of killing the process.
    public func installSignalHandlers() { server.installSignalHandlers() }

    // MARK: - Conversions

    @inline(__always)
    static func trellisRequest(_ request: HTTPRequest) -> TrellisRequest {
        var converted = TrellisRequest(method: request.method, path: request.path, query: request.query ?? "",
                                       headers: request.headers, body: request.body)
        converted.remoteAddress = request.remoteAddress
        return converted
    }

    @inline(__always)
    static func httpResponse(_ response: TrellisResponse) -> HTTPResponse {
        HTTPResponse(status: response.status, headers: response.headers, body: response.body)
    }
}

public struct TrellisHTTPServerError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
