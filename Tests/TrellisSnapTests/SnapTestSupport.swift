import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing
import TrellisServer
import TrellisSnap

/// A real Trellis server on an ephemeral port of 127.0.0.1 (the engine, no durable store),
/// as `trellis serve` runs it.
final class SnapServer: Sendable {
    let app: TrellisApp<LayoutEngineService>
    let server: TrellisHTTPServer
    let client: TrellisClient

    init() throws {
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.workers = 1
        config.solverThreads = 1
        var logger = Logger(label: "snap-tests")
        logger.logLevel = .critical
        app = TrellisApp(config: config, service: LayoutEngineService(config: config), logger: logger)
        server = TrellisHTTPServer(config: config, app: app, shutdownTimeoutSeconds: 2)
        let port = try server.start()
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw TrellisClientError(message: "no URL") }
        client = TrellisClient(baseURL: url, timeout: 10)
    }

    func stop() {
        server.shutdown()
        server.wait()
        app.shutdown()
    }

    /// One server for the whole test run, started on first use (each test's trees are
    /// their own; the one-shot endpoint keeps nothing between requests).
    static let shared = Result { try SnapServer() }
}

/// Lays `root`'s tree out in process, then over HTTP, and expects the two to agree in
/// everything: every frame, every diagnostic (with its `file:line`), the conflict log.
/// Answers the in-process report; the tree is left with the frames both gave.
@discardableResult
func layoutBothWays(_ root: TrellisView, sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutReport {
    let local = try root.layout()
    let localFrames = frames(of: root)
    let remote = try root.layout(using: SnapServer.shared.get().client)
    #expect(local == remote, "in process and over HTTP differ", sourceLocation: sourceLocation)
    #expect(frames(of: root) == localFrames, "the tree's frames differ between the modes", sourceLocation: sourceLocation)
    return local
}

/// Expects `body` to throw a `TrellisLayoutError` the same way in both modes; answers it.
func layoutErrorBothWays(_ root: TrellisView, sourceLocation: SourceLocation = #_sourceLocation) throws -> TrellisLayoutError {
    let local = #expect(throws: TrellisLayoutError.self, sourceLocation: sourceLocation) { try root.layout() }
    let client = try SnapServer.shared.get().client
    let remote = #expect(throws: TrellisLayoutError.self, sourceLocation: sourceLocation) { try root.layout(using: client) }
    #expect(local == remote, "in process and over HTTP refuse differently", sourceLocation: sourceLocation)
    return try #require(local, sourceLocation: sourceLocation)
}

/// Every view's frame in the tree, by id.
func frames(of root: TrellisView) -> [String: CGRect] {
    var out = [root.id: root.frame]
    for view in root.subviews { out.merge(frames(of: view)) { a, _ in a } }
    return out
}

func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// A fixed-size screen to lay out in: a 375 × 667 root.
func screen(_ width: CGFloat = 375, _ height: CGFloat = 667, id: String = "root") -> TrellisView {
    TrellisView(id: id, frame: rect(0, 0, width, height))
}

/// A view added to `parent`.
func subview(of parent: TrellisView, _ id: String? = nil, intrinsic: CGSize? = nil) -> TrellisView {
    let view = TrellisView(id: id)
    if let intrinsic { view.intrinsicContentSize = intrinsic }
    parent.addSubview(view)
    return view
}

/// POSTs plain text to the shared server (`/v1/explain`); its status and body.
func postText(_ text: String, to path: String) throws -> (Int, [UInt8]) {
    var request = URLRequest(url: try SnapServer.shared.get().client.baseURL.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(text.utf8)
    final class Reply: @unchecked Sendable {  // written before `done` is signalled, read after
        var value: (Int, [UInt8]) = (0, [])
        let done = DispatchSemaphore(value: 0)
    }
    let reply = Reply()
    URLSession.shared.dataTask(with: request) { data, response, _ in
        reply.value = ((response as? HTTPURLResponse)?.statusCode ?? 0, [UInt8](data ?? Data()))
        reply.done.signal()
    }.resume()
    reply.done.wait()
    return reply.value
}
