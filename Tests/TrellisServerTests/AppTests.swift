import Foundation
import Logging
import Testing
@testable import TrellisServer
#if canImport(Glibc)
import Glibc
#endif
import Platform

@Suite struct AppTests {
    static func makeApp(_ edit: (inout ServerConfig) -> Void = { _ in }) -> TrellisApp<FakeService> {
        var config = ServerConfig()
        config.solverThreads = 2
        edit(&config)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return TrellisApp(config: config, service: FakeService(), logger: logger)
    }

    @Test func health() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let r = call(app, "GET", "/healthz")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/json")
        #expect(r.text == #"{"status":"ok"}"#)
        #expect(r.header("X-Request-Id").map(RequestIDs.isAcceptable) == true)
    }

    @Test func requestIDsAreKeptOrMade() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        #expect(call(app, "GET", "/healthz", headers: [HeaderField("x-request-id", "abc-123")]).header("X-Request-Id") == "abc-123")
        let made = call(app, "GET", "/healthz", headers: [HeaderField("X-Request-Id", "bad id with spaces")]).header("X-Request-Id")
        #expect(made != nil && made != "bad id with spaces")
        #expect(call(app, "GET", "/healthz").header("X-Request-Id") != call(app, "GET", "/healthz").header("X-Request-Id"))
    }

    /// A made id is 8 hex digits, a dash and the process's counter in hex, one more each time
    /// (past 15, so that a counter of several digits is written whole).
    @Test func madeRequestIDsCountInHex() throws {
        let ids = RequestIDs()
        let made = (0..<40).map { _ in ids.next() }
        var last: UInt64 = 0
        for (k, id) in made.enumerated() {
            let parts = id.split(separator: "-")
            try #require(parts.count == 2, "\(id)")
            #expect(parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit), "\(id)")
            #expect(parts[0] == made[0].split(separator: "-")[0])
            #expect(parts[1].allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
            let counter = try #require(UInt64(parts[1], radix: 16), "\(id)")
            if k > 0 { #expect(counter == last + 1, "\(made)") }
            last = counter
            #expect(RequestIDs.isAcceptable(id))
        }
    }

    /// A request is a value though its parts share one box: changing a copy changes only it.
    @Test func aRequestCopyChangesAlone() {
        let original = TrellisRequest(method: "POST", target: "/v1/layouts?space=root",
                                      headers: [HeaderField("Content-Type", "application/json")], body: [1, 2])
        var copy = original
        copy.path = "/v1/explain"; copy.query = ""; copy.body.append(3)
        copy.headers.append(HeaderField("Origin", "https://app.example")); copy.remoteAddress = "10.0.0.1:1"
        copy.isAbandoned = { true }
        #expect(original.path == "/v1/layouts" && original.query == "space=root" && original.body == [1, 2])
        #expect(original.headers.count == 1 && original.header("Origin") == nil && original.remoteAddress == nil)
        #expect(!original.isAbandoned())
        #expect(copy.path == "/v1/explain" && copy.body == [1, 2, 3] && copy.header("origin") == "https://app.example")
        #expect(copy.isAbandoned() && copy.method == "POST")
    }

    @Test func unknownRouteIs404Problem() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let r = call(app, "GET", "/v1/nope?x=1")
        #expect(r.status == 404)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.text.hasPrefix(#"{"type":"urn:trellis:problem:not-found","title":"Not Found","status":404,"#))
        #expect(r.text.contains(#""instance":"/v1/nope""#))
        #expect(r.text.contains(#""errors":[{"severity":"error","code":"not-found""#))
    }

    @Test func wrongMethodIs405WithAllow() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let r = call(app, "DELETE", "/v1/layouts")
        #expect(r.status == 405)
        #expect(r.header("Allow") == "POST, OPTIONS")
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.text.contains(#""code":"method-not-allowed""#))
    }

    @Test func bodyRoutesNeedJSON() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        for target in ["/v1/layouts", "/v1/sessions", "/v1/sessions/0123456789abcdef0123456789abcdef/edits"] {
            let none = call(app, "POST", target, body: "{}")
            #expect(none.status == 415, "\(target)")
            #expect(none.text.contains(#""code":"unsupported-media-type""#))
            #expect(call(app, "POST", target, headers: [HeaderField("Content-Type", "text/plain")], body: "{}").status == 415)
        }
        let ok = call(app, "POST", "/v1/layouts", headers: [HeaderField("content-type", "application/json; charset=utf-8")], body: "{}")
        #expect(ok.status == 200)
        #expect(ok.text == #"{"frames":{},"space":"superview"}"#)
    }

    @Test func bodyOverTheLimitIs413() {
        let app = Self.makeApp { $0.maxBodyBytes = 10 }
        defer { app.shutdown() }
        let r = call(app, "POST", "/v1/layouts", headers: jsonType, body: String(repeating: " ", count: 11))
        #expect(r.status == 413)
        #expect(r.text.contains(#""code":"too-large""#))
        #expect(call(app, "POST", "/v1/layouts", headers: jsonType, body: String(repeating: " ", count: 10)).status == 200)
    }

    @Test func spaceQuery() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        #expect(call(app, "POST", "/v1/layouts?space=root", headers: jsonType, body: "{}").text.contains(#""space":"root""#))
        let bad = call(app, "POST", "/v1/layouts?space=abs", headers: jsonType, body: "{}")
        #expect(bad.status == 400)
        #expect(bad.text.contains(#""code":"bad-request""#))
        #expect(call(app, "GET", "/healthz?space=abs").status == 200, "only frame answers read space")
    }

    @Test func serviceProblemsPassThrough() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let r = call(app, "POST", "/v1/layouts", headers: jsonType, body: "fail")
        #expect(r.status == 422)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.text.contains(#""location":{"pointer":"/constraints/0","line":1,"column":2}"#))
        let s = call(app, "POST", "/v1/sessions", headers: jsonType, body: "fail")
        #expect(s.status == 422 && s.header("Location") == nil)
        #expect(app.store.count == 0)
    }

    @Test func sessionLifecycle() throws {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let created = call(app, "POST", "/v1/sessions", headers: jsonType, body: #"{"views":[{"id":"root"}]}"#)
        #expect(created.status == 201)
        let location = try #require(created.header("Location"))
        let id = String(location.dropFirst("/v1/sessions/".count))
        #expect(location.hasPrefix("/v1/sessions/") && SessionID.isWellFormed(id))
        #expect(created.text == #"{"id":"\#(id)","revision":1}"#)

        #expect(call(app, "GET", location).text == #"{"id":"\#(id)","revision":1,"edits":0}"#)
        #expect(call(app, "POST", location + "/edits", headers: jsonType, body: "e1").text == #"{"revision":2}"#)
        let refused = call(app, "POST", location + "/edits", headers: jsonType, body: "fail")
        #expect(refused.status == 422)
        #expect(call(app, "GET", location + "?space=root").text == #"{"id":"\#(id)","revision":2,"edits":1}"#)

        let deleted = call(app, "DELETE", location)
        #expect(deleted.status == 204 && deleted.body.isEmpty)
        for r in [call(app, "GET", location), call(app, "DELETE", location),
                  call(app, "POST", location + "/edits", headers: jsonType, body: "e2")] {
            #expect(r.status == 404)
            #expect(r.text.contains(#""code":"unknown-session""#))
        }
        #expect(call(app, "GET", "/v1/sessions/NOT-AN-ID").status == 404)
    }

    /// Any edits request for a live session counts as using it, refused or not (as
    /// openapi.yaml says): it moves to the front of the eviction order.
    @Test func refusedEditsCountAsAUse() throws {
        let app = Self.makeApp()
        defer { app.shutdown() }
        var ids: [String] = []
        for _ in 0..<2 {
            let created = call(app, "POST", "/v1/sessions", headers: jsonType, body: #"{"views":[{"id":"root"}]}"#)
            ids.append(String(try #require(created.header("Location")).dropFirst("/v1/sessions/".count)))
        }
        #expect(app.store.idsByRecency() == [ids[1], ids[0]])
        #expect(call(app, "POST", "/v1/sessions/\(ids[0])/edits", headers: jsonType, body: "fail").status == 422)
        #expect(app.store.idsByRecency() == [ids[0], ids[1]])
    }

    @Test func bigWorkRunsOnTheWorkerPool() {
        let app = Self.makeApp { $0.bigSolveThreshold = 0 }
        defer { app.shutdown() }
        let me = UInt(pthread_self())
        #expect(call(app, "POST", "/v1/layouts", headers: jsonType, body: #"{"id":1}"#).status == 200)
        let created = call(app, "POST", "/v1/sessions", headers: jsonType, body: #"{"id": 1}"#)
        #expect(created.status == 201)
        #expect(call(app, "POST", created.header("Location")! + "/edits", headers: jsonType, body: "e").status == 200)
        let threads = app.service.threads.withLock { $0 }
        #expect(threads.count == 3)
        #expect(!threads.contains(me))

        let small = Self.makeApp()  // threshold 200: inline
        defer { small.shutdown() }
        #expect(call(small, "POST", "/v1/layouts", headers: jsonType, body: #"{"id":1}"#).status == 200)
        #expect(small.service.threads.withLock { $0 } == [me])
    }

    @Test func corsOnAnswersAndPreflight() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let origin = HeaderField("Origin", "https://app.example")
        let r = call(app, "GET", "/healthz", headers: [origin])
        #expect(r.header("Access-Control-Allow-Origin") == "*")
        #expect(r.header("Access-Control-Expose-Headers") == "Location, X-Request-Id")
        #expect(call(app, "GET", "/nope", headers: [origin]).header("Access-Control-Allow-Origin") == "*")

        let pre = call(app, "OPTIONS", "/v1/sessions/abc/edits", headers: [origin, HeaderField("Access-Control-Request-Method", "POST")])
        #expect(pre.status == 204)
        #expect(pre.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
        #expect(pre.header("Access-Control-Max-Age") == "86400")
        #expect(pre.headers.filter { $0.name == "Access-Control-Allow-Origin" }.count == 1)
        #expect(call(app, "OPTIONS", "/nope", headers: [origin]).status == 404)

        let listed = Self.makeApp { $0.corsOrigins = ["https://a.example"] }
        defer { listed.shutdown() }
        #expect(call(listed, "GET", "/healthz", headers: [origin]).header("Access-Control-Allow-Origin") == nil)
        let a = call(listed, "GET", "/healthz", headers: [HeaderField("Origin", "https://a.example")])
        #expect(a.header("Access-Control-Allow-Origin") == "https://a.example" && a.header("Vary") == "Origin")
    }

    @Test func metricsCountRequests() throws {
        let app = Self.makeApp()
        defer { app.shutdown() }
        _ = call(app, "GET", "/healthz")
        _ = call(app, "GET", "/healthz")
        _ = call(app, "POST", "/v1/layouts", headers: jsonType, body: "{}")
        _ = call(app, "POST", "/v1/sessions", headers: jsonType, body: "{}")
        _ = call(app, "GET", "/missing")
        let r = call(app, "GET", "/metrics")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let parsed = try ParsedMetrics(r.text)
        #expect(parsed.samples[#"trellis_requests_total{route="/healthz",method="GET",status="200"}"#] == 2)
        #expect(parsed.samples[#"trellis_requests_total{route="/v1/layouts",method="POST",status="200"}"#] == 1)
        #expect(parsed.samples[#"trellis_requests_total{route="/v1/sessions",method="POST",status="201"}"#] == 1)
        #expect(parsed.samples[#"trellis_requests_total{route="unmatched",method="GET",status="404"}"#] == 1)
        #expect(parsed.samples[#"trellis_solve_duration_seconds_count"#] == 1)
        // Each handling held its caller (an event loop, when served) once; /metrics itself
        // is counted after it has rendered.
        #expect(parsed.types["trellis_loop_hold_seconds"] == "histogram")
        #expect(parsed.samples["trellis_loop_hold_seconds_count"] == 5)
        #expect(parsed.samples["trellis_sessions_live"] == 1)
        #expect(parsed.samples["trellis_sessions_created_total"] == 1)
    }

    @Test func openapiIsServed() {
        let app = Self.makeApp()
        defer { app.shutdown() }
        let r = call(app, "GET", "/openapi.yaml")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/yaml")
        #expect(r.body == OpenAPIDocument.bytes)
    }

    @Test func unavailableServiceSaysSo() {
        let app = TrellisApp(config: ServerConfig(), service: UnavailableLayoutService(), logger: Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() }),
                             pool: WorkerPool(threads: 1))
        defer { app.shutdown() }
        let r = call(app, "POST", "/v1/layouts", headers: jsonType, body: "{}")
        #expect(r.status == 500)
        #expect(r.text.contains(#""code":"internal-error""#))
        #expect(call(app, "POST", "/v1/sessions", headers: jsonType, body: "{}").status == 500)
        #expect(call(app, "GET", "/healthz").status == 200)
    }
}

@Suite struct SmallPartsTests {
    @Test func jsonWriter() {
        let v = JSONValue.object([("a", .string("q\"\\\n\u{1}é")), ("b", .array([.int(1), .number(2.5), .number(375), .null, .bool(true)])),
                                  ("c", .raw(Array("{}".utf8)))])
        #expect(String(decoding: v.encoded(), as: UTF8.self) == #"{"a":"q\"\\\n\u0001é","b":[1,2.5,375,null,true],"c":{}}"#)
        #expect(JSONValue.format(-0.25) == "-0.25")
        #expect(JSONValue.format(1e20) == "1e+20")
    }

    @Test func problemShape() {
        let p = Problem(status: 422, errors: [
            ProblemError(code: .unknownView, message: "no view x", location: ProblemLocation(pointer: "/views/0", line: 2, column: 3, exprColumn: 4)),
            ProblemError(code: .unsatisfiable, message: "broke", extra: [("broken", .array([]))]),
        ], instance: "/v1/layouts")
        #expect(String(decoding: p.encoded(), as: UTF8.self) ==
            #"{"type":"urn:trellis:problem:unknown-view","title":"Unprocessable Content","status":422,"detail":"2 errors in the request","instance":"/v1/layouts","errors":[{"severity":"error","code":"unknown-view","message":"no view x","location":{"pointer":"/views/0","line":2,"column":3,"exprColumn":4}},{"severity":"error","code":"unsatisfiable","message":"broke","broken":[]}]}"#)
    }

    @Test func documentEstimate() {
        #expect(DocumentEstimate.countIDKeys(Array(#"{"views":[{"id":"a"},{"id" : "b"},{"x":"id"}],"constraints":["\"id\""]}"#.utf8)) == 2)
        #expect(DocumentEstimate.countIDKeys([]) == 0)
    }

    /// The word-at-a-time search for quotes against a byte-by-byte count, on random bodies of
    /// fragments whose quotes fall at every place of a word.
    @Test func documentEstimateMatchesAPlainCount() {
        func plain(_ b: [UInt8]) -> Int {
            var count = 0, k = 0
            while k + 3 < b.count {
                guard b[k] == 0x22, b[k + 1] == 0x69, b[k + 2] == 0x64, b[k + 3] == 0x22 else { k += 1; continue }
                var j = k + 4
                while j < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[j]) { j += 1 }
                if j < b.count, b[j] == 0x3A { count += 1 }
                k = j
            }
            return count
        }
        let fragments = [#""id""#, #""id" :"#, ":", " ", "\n", "\t", "\r", "\"", #""i"#, "d", "x", #"{"v":"#, #""ididid""#, "abcdefghij"].map { Array($0.utf8) }
        var rng = SystemRandomNumberGenerator()
        var wrong: [String] = []
        for _ in 0..<5_000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...30, using: &rng) { body += fragments.randomElement(using: &rng) ?? [] }
            if DocumentEstimate.countIDKeys(body) != plain(body) { wrong.append(String(decoding: body, as: UTF8.self)) }
        }
        let count = wrong.count
        #expect(count == 0, "first: \(wrong.first ?? "")")
    }

    @Test func workerPoolRunsEverything() {
        let pool = WorkerPool(threads: 3)
        let box = Lock()
        nonisolated(unsafe) var sum = 0
        for i in 1...1000 { pool.submit { box.withLock { sum += i } } }
        pool.shutdown()
        #expect(box.withLock { sum } == 500_500)
        #expect(!pool.submit {})
    }

    @Test func logLines() {
        let line = LineLogHandler.format(.logfmt, time: "T", level: .info, message: "request",
                                         fields: ["status": "200", "path": "/a b", "q": "x\"y"])
        #expect(line == "ts=T level=info msg=request path=\"/a b\" q=\"x\\\"y\" status=200\n")
        let json = LineLogHandler.format(.json, time: "T", level: .warning, message: "m", fields: ["k": "v"])
        #expect(json == #"{"ts":"T","level":"warning","msg":"m","k":"v"}"# + "\n")
        // Numbers logged as values stay numbers in JSON (a pipeline sums them as such).
        let typed = LineLogHandler.format(.json, time: "T", level: .info, message: "request",
                                          fields: ["status": .stringConvertible(200), "duration_us": .stringConvertible(UInt64(42)),
                                                   "path": "/healthz"])
        #expect(typed == #"{"ts":"T","level":"info","msg":"request","duration_us":42,"path":"/healthz","status":200}"# + "\n")
        // YYYY-MM-DDTHH:MM:SS.mmmZ, now.
        let stamp = LineLogHandler.timestampBytes()
        let shape = Array("0000-00-00T00:00:00.000Z".utf8)
        #expect(stamp.count == 24 && zip(stamp, shape).allSatisfy { $1 == 0x30 ? (0x30...0x39).contains($0) : $0 == $1 },
                "\(String(decoding: stamp, as: UTF8.self))")
        #expect(String(decoding: stamp.prefix(4), as: UTF8.self) >= "2026")
    }

    /// Everything written to a pipe (`fds`), once its writing end is closed here.
    static func drain(_ fds: [Int32]) -> [UInt8] {
        close(fds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(fds[0])
        return bytes
    }

    /// The access line written without a dictionary (the server's own handler) is the line
    /// swift-log's general path writes for the same exchange, in both formats.
    @Test func accessLineIsTheGeneralPathsLine() throws {
        /// Forwards to a `LineLogHandler` as any other handler would (the general path).
        struct Forwarding: LogHandler {
            var inner: LineLogHandler
            var metadata: Logger.Metadata { get { inner.metadata } set { inner.metadata = newValue } }
            var logLevel: Logger.Level { get { inner.logLevel } set { inner.logLevel = newValue } }
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { inner[metadataKey: key] }
                set { inner[metadataKey: key] = newValue }
            }
            func log(event: LogEvent) { inner.log(event: event) }
        }
        for format in ServerConfig.LogFormat.allCases {
            var lines: [String] = []
            for general in [false, true] {
                var fds: [Int32] = [0, 0]
                try #require(pipe(&fds) == 0)
                let handler = LineLogHandler(label: "t", level: .info, format: format, fileDescriptor: fds[1])
                let logger = general ? Logger(label: "t", factory: { _ in Forwarding(inner: handler) }) : Logger(label: "t", factory: { _ in handler })
                let app = TrellisApp(config: ServerConfig(), service: UnavailableLayoutService(), logger: logger, pool: WorkerPool(threads: 1))
                for (traced, target) in [(false, "/healthz"), (true, "/healthz?probe=1"), (false, "/healthz?probe")] {
                    // A path with a query needs quoting (its `=`): the line is built the general
                    // way then; one without is built on the stack (a query without `=` too).
                    var request = TrellisRequest(method: "GET", target: target,
                                                 headers: [HeaderField("X-Request-ID", "fixed-id")]
                                                     + (traced ? [HeaderField("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")] : []))
                    if traced { request.remoteAddress = "10.1.2.3:4567" }
                    app.handle(request) { _ in }
                }
                app.shutdown()
                handler.sink.flush()
                let bytes = Self.drain(fds)
                // Times and durations differ from run to run.
                lines.append(String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: #"(ts=|"ts":")[0-9T:.Z-]+"#, with: "TS", options: .regularExpression)
                    .replacingOccurrences(of: #"duration_us("?[=:])[0-9]+"#, with: "D", options: .regularExpression))
            }
            #expect(lines[0] == lines[1] && lines[0].split(separator: "\n").count == 3, "\(lines)")
            if format == .logfmt { #expect(lines[0].contains("path=/healthz?probe "), "\(lines)") }
        }
    }

    /// The access log names the client, the path with its query, and the trace a valid
    /// `traceparent` belongs to (issue #15 item 7).
    @Test func accessLogNamesClientQueryAndTrace() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let logger = Logger(label: "t", factory: { LineLogHandler(label: $0, level: .info, format: .logfmt, fileDescriptor: fds[1]) })
        let app = TrellisApp(config: ServerConfig(), service: UnavailableLayoutService(), logger: logger, pool: WorkerPool(threads: 1))
        var request = TrellisRequest(method: "GET", target: "/healthz?probe=1",
                                     headers: [HeaderField("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")])
        request.remoteAddress = "10.1.2.3:4567"
        app.handle(request) { _ in }
        app.shutdown()
        let bytes = Self.drain(fds)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.contains("msg=request"))
        #expect(line.contains("client=10.1.2.3:4567"))
        #expect(line.contains(#"path="/healthz?probe=1""#))
        #expect(line.contains("trace_id=4bf92f3577b34da6a3ce929d0e0e4736"))
    }
}
