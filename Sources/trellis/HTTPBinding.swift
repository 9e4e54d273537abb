import TrellisServer

// The one place that knows the HTTPServer module. Until it is wired in, `serve` reports
// that it cannot start. Wiring it is this function's body, roughly:
//
//     import HTTPServer
//     let server = HTTPServer(config: .init(host: config.host, port: config.port,
//                                           loops: config.workers, maxBodyBytes: config.maxBodyBytes,
//                                           maxHeaderBytes: config.maxHeaderBytes, ...)) { request, responder in
//         handler(TrellisRequest(method: request.method, path: request.path, query: request.query,
//                                headers: request.headers.map { HeaderField($0.name, $0.value) },
//                                body: request.body)) { response in
//             responder.send(HTTPResponse(status: response.status,
//                                         headers: response.headers.map { ($0.name, $0.value) },
//                                         body: response.body))
//         }
//     }
//     let port = try server.start()
//     return Running(server: server, port: port)   // RunningHTTPServer: shutdown(), wait()

/// A started HTTP server.
protocol RunningHTTPServer: Sendable {
    var port: Int { get }
    /// Stops accepting, finishes the requests in flight, and lets `wait()` return.
    func shutdown()
    /// Blocks until the server has stopped.
    func wait()
}

typealias RequestHandler = @Sendable (TrellisRequest, @escaping @Sendable (TrellisResponse) -> Void) -> Void

struct HTTPServerUnavailable: Error, CustomStringConvertible {
    var description: String { "the HTTP server is not available in this build of trellis" }
}

func startHTTPServer(config: ServerConfig, handler: @escaping RequestHandler) throws -> any RunningHTTPServer {
    throw HTTPServerUnavailable()
}
