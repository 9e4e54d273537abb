import Foundation
import Testing
@testable import TrellisServer

/// The playground is served from the binary (GET / and GET /playground/FILE), exactly as the
/// files in playground/ say; scripts/check-playground drives it in Chromium.
@Suite struct PlaygroundTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("playground")

    @Test func embeddedFilesMatchThePlaygroundFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { ($0.hasSuffix(".html") || $0.hasSuffix(".css") || $0.hasSuffix(".js")) && !$0.hasSuffix(".test.js") }.sorted()
        #expect(PlaygroundAssets.all.map(\.name).sorted() == names, "Package.swift's embedInCode list and playground/ differ")
        for asset in PlaygroundAssets.all {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(asset.name)))
            #expect(asset.bytes == bytes, "\(asset.name) differs from playground/\(asset.name)")
        }
    }

    /// The page links the readable API reference (`GET /docs`).
    @Test func linksTheAPIPage() {
        let page = String(decoding: PlaygroundAssets.asset(named: "index.html")?.bytes ?? [], as: UTF8.self)
        #expect(page.contains(#"href="/docs""#))
    }

    /// The playground's own tests stay in the repository.
    @Test func testFilesAreNotShipped() {
        #expect(PlaygroundAssets.file(named: "model.test.js") == nil)
        #expect(!PlaygroundAssets.all.contains { $0.name.hasSuffix(".test.js") })
    }

    @Test func routes() {
        #expect(Router.match(method: "GET", path: "/") == .endpoint(.playground, sessionID: nil))
        #expect(Router.match(method: "GET", path: "/playground/app.js") == .endpoint(.playgroundAsset, sessionID: "app.js"))
        #expect(Router.match(method: "GET", path: "/playground/") == .notFound)
        #expect(Router.match(method: "GET", path: "/playground/a/b.js") == .notFound)
        #expect(Router.match(method: "POST", path: "/") == .methodNotAllowed(.playground, allow: ["GET", "HEAD", "OPTIONS"]))
    }

    @Test func servedOverHTTP() throws {
        let live = try LiveServer(CounterService())
        defer { live.stop() }
        let c = try live.client()
        let page = try c.exchange("GET", "/")
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("<title>Trellis playground</title>") && page.text.contains("/playground/app.js"))
        for (name, type) in [("app.js", "text/javascript"), ("model.js", "text/javascript"), ("style.css", "text/css")] {
            let r = try c.exchange("GET", "/playground/\(name)")
            #expect(r.status == 200 && r.header("Content-Type")?.hasPrefix(type) == true, "\(name): \(r.status)")
        }
        let missing = try c.exchange("GET", "/playground/nothing.js")
        #expect(missing.status == 404 && missing.header("Content-Type") == "application/problem+json")
    }
}
