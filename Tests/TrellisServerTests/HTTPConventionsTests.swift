import Foundation
import Testing
@testable import TrellisServer

/// The HTTP and operations conventions clients and proxies expect (issue #15, items 6-7):
/// gzip, validators, absolute-form targets, Trace Context, the HTTP layer's own errors
/// accounted under their route, a connection gauge.
@Suite struct HTTPConventionsTests {
    static func gunzip(_ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.gz")
        try Data(bytes).write(to: file)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-dc", file.path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        try #require(gzip.terminationStatus == 0, "gzip -d failed")
        return String(decoding: out, as: UTF8.self)
    }

    @Test func gzipForClientsThatAcceptIt() throws {
        try withLiveServer { live in
            let c = try live.client()
            let plain = try c.exchange("GET", "/openapi.yaml")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            let packed = try c.exchange("GET", "/openapi.yaml", headers: [("Accept-Encoding", "br;q=1.0, gzip;q=0.8")])
            #expect(packed.header("Content-Encoding") == "gzip")
            #expect(packed.body.count * 3 < plain.body.count)
            #expect(try Self.gunzip(packed.body) == plain.text)
            // q=0 refuses it; a small answer is not worth it.
            let refused = try c.exchange("GET", "/openapi.yaml", headers: [("Accept-Encoding", "gzip;q=0, *")])
            #expect(refused.header("Content-Encoding") == nil)
            let small = try c.exchange("GET", "/healthz", headers: [("Accept-Encoding", "gzip")])
            #expect(small.header("Content-Encoding") == nil && small.text == #"{"status":"ok"}"#)
        }
    }

    @Test func aBigLayoutAnswerIsGzippedAndReadsTheSame() throws {
        let views = (0..<200).map { #"{"id": "v\#($0)", "superview": "root"}"# }.joined(separator: ",")
        let constraints = (0..<200).map { #"{"view": "v\#($0)", "attributes": "edges", "to": "superview"}"# }.joined(separator: ",")
        let document = #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}, \#(views)], "constraints": [\#(constraints)]}"#
        try EngineEndToEndTests.withEngine { _, c in
            let plain = try c.postJSON("/v1/layouts", document)
            let packed = try c.postJSON("/v1/layouts", document, headers: [("Accept-Encoding", "gzip")])
            #expect(plain.status == 200 && packed.status == 200)
            #expect(packed.header("Content-Encoding") == "gzip")
            let unpacked = try Self.gunzip(packed.body)
            func frames(_ text: String) throws -> NSDictionary {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                return try #require(object["frames"] as? NSDictionary)
            }
            #expect(try frames(unpacked) == frames(plain.text))
        }
    }

    @Test func staticFilesHaveValidators() throws {
        try withLiveServer { live in
            let c = try live.client()
            for path in ["/openapi.yaml", "/", "/playground/app.js"] {
                let first = try c.exchange("GET", path)
                let tag = try #require(first.header("ETag"), "\(path)")
                #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
                let again = try c.exchange("GET", path, headers: [("If-None-Match", "\"other\", " + tag)])
                #expect(again.status == 304, "\(path)")
                #expect(again.body.isEmpty && again.header("ETag") == tag)
                let weak = try c.exchange("GET", path, headers: [("If-None-Match", "W/" + tag)])
                #expect(weak.status == 304)
                let stale = try c.exchange("GET", path, headers: [("If-None-Match", "\"0000000000000000\"")])
                #expect(stale.status == 200 && stale.body == first.body)
                let head = try c.exchange("HEAD", path, headers: [("If-None-Match", tag)])
                #expect(head.status == 304)
            }
        }
    }

    @Test func absoluteFormTargetsAreServed() throws {
        try withLiveServer { live in
            let c = try live.client()
            let r = try c.exchange("GET", "http://127.0.0.1:\(live.port)/healthz?x=1")
            #expect(r.status == 200 && r.text == #"{"status":"ok"}"#)
            #expect(try c.exchange("GET", "http://127.0.0.1:\(live.port)").status == 200)  // the playground at /
        }
    }

    @Test func traceContextIsEchoedWhenValid() throws {
        try withLiveServer { live in
            let c = try live.client()
            let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
            #expect(try c.exchange("GET", "/healthz", headers: [("traceparent", valid)]).header("traceparent") == valid)
            for invalid in ["00-00000000000000000000000000000000-00f067aa0ba902b7-01", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
                            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",
                            "garbage"] {
                #expect(try c.exchange("GET", "/healthz", headers: [("traceparent", invalid)]).header("traceparent") == nil, "\(invalid)")
            }
        }
        #expect(TraceParent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-later")?.header
                == "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
    }

    /// A request refused by the HTTP layer is counted under the route it was for, titled
    /// with its reason phrase, and names its path as `instance`.
    @Test func httpLayerErrorsNameTheirRoute() throws {
        try withLiveServer { live in
            let key = #"trellis_requests_total{route="/v1/layouts",method="POST",status="501"}"#
            let before = (try? sample(try live.client().exchange("GET", "/metrics").text, key)) ?? 0
            let c = try live.client()
            try c.send("POST /v1/layouts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 501)
            #expect(r.text.contains(#""title":"Not Implemented""#) && r.text.contains(#""instance":"/v1/layouts""#))
            #expect(try sample(try live.client().exchange("GET", "/metrics").text, key) == before + 1)
        }
        try withLiveServer(CounterService(), { $0.maxHeaderBytes = 256 }) { live in
            let c = try live.client()
            try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 400) + "\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 431 && r.text.contains(#""title":"Request Header Fields Too Large""#))
        }
    }

    @Test func openConnectionsAreAGauge() throws {
        try withLiveServer { live in
            let others = try (0..<3).map { _ in try live.client() }
            for other in others { #expect(try other.exchange("GET", "/healthz").status == 200) }
            let text = try live.client().exchange("GET", "/metrics").text
            #expect(try sample(text, "trellis_connections_open") == 4)
        }
    }
}
