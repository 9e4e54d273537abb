import Dispatch
import Foundation
import HTTPServer

/// A config for tests: ephemeral port, two loops, short grace period.
func testConfig(_ change: (inout HTTPServerConfig) -> Void = { _ in }) -> HTTPServerConfig {
    var config = HTTPServerConfig(host: "127.0.0.1", port: 0, workers: 2)
    config.shutdownTimeout = 3
    change(&config)
    return config
}

/// Answers with "METHOD path?query|body" and echoes some request details
/// as headers.
let echoHandler: HTTPServer.Handler = { request, responder in
    var text = request.method + " " + request.path
    if let query = request.query { text += "?" + query }
    text += "|" + String(decoding: request.body, as: UTF8.self)
    responder.send(HTTPResponse(
        status: 200,
        headers: [HTTPHeader("Content-Type", "text/plain"),
                  HTTPHeader("X-Version", "\(request.version.major).\(request.version.minor)"),
                  HTTPHeader("X-Host", request.header("HOST") ?? "-")],
        text: text))
}

/// Runs `body` against a started server, then shuts it down and waits.
func withServer(
    _ config: HTTPServerConfig = testConfig(),
    handler: @escaping HTTPServer.Handler = echoHandler,
    _ body: (_ port: Int, _ server: HTTPServer) throws -> Void
) throws {
    let server = HTTPServer(config: config, handler: handler)
    let port = try server.start()
    defer {
        server.shutdown()
        server.wait()
    }
    try body(port, server)
}

/// Monotonic seconds, for asserting how long something took.
func seconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
