import TestSupport
import Dispatch
import Synchronization
import Testing
import TrellisServer
import Platform

/// The real server (TrellisApp behind TrellisHTTPServer, libuv + llhttp) on 127.0.0.1,
/// spoken to over sockets in raw HTTP/1.1.
@Suite struct EndToEndTests {
    static let json = [("Content-Type", "application/json")]

    @Test func health() throws {
        try withLiveServer { live in
            let c = try live.client()
            let r = try c.exchange("GET", "/healthz")
            #expect(r.status == 200)
            #expect(r.version == "HTTP/1.1")
            #expect(r.header("Content-Type") == "application/json")
            #expect(r.text == #"{"status":"ok"}"#)
            #expect(r.header("X-Request-Id").map(RequestIDs.isAcceptable) == true)
            #expect(r.header("Connection") == "keep-alive")
            let mine = try c.exchange("GET", "/healthz", headers: [("X-Request-Id", "trace-42")])
            #expect(mine.header("X-Request-Id") == "trace-42")
        }
    }

    @Test func metricsCountersMove() throws {
        try withLiveServer { live in
            let c = try live.client()
            let key = #"trellis_requests_total{route="/healthz",method="GET",status="200"}"#
            let notFound = #"trellis_requests_total{route="unmatched",method="GET",status="404"}"#
            let first = try c.exchange("GET", "/metrics")
            #expect(first.status == 200)
            #expect(first.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let before = try sample(first.text, key)
            let before404 = try sample(first.text, notFound)
            for _ in 0..<3 { #expect(try c.exchange("GET", "/healthz").status == 200) }
            #expect(try c.exchange("GET", "/nowhere").status == 404)
            let after = try c.exchange("GET", "/metrics").text
            #expect(try sample(after, key) == before + 3)
            #expect(try sample(after, notFound) == before404 + 1)
            #expect(after.contains("# TYPE trellis_requests_total counter"))
        }
    }

    @Test func openAPIIsTheEmbeddedDocument() throws {
        try withLiveServer { live in
            let r = try live.client().exchange("GET", "/openapi.yaml")
            #expect(r.status == 200)
            #expect(r.header("Content-Type") == "application/yaml")
            #expect(r.body == OpenAPIDocument.bytes)
            #expect(r.text.hasPrefix("openapi: 3.1"))
        }
    }

    @Test func corsPreflightAndAnswerHeaders() throws {
        try withLiveServer { live in
            let c = try live.client()
            let pre = try c.exchange("OPTIONS", "/v1/sessions/0123456789abcdef0123456789abcdef/edits", headers: [
                ("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "content-type, x-request-id"),
            ])
            #expect(pre.status == 204)
            #expect(pre.body.isEmpty)
            #expect(pre.header("Access-Control-Allow-Origin") == "*")
            #expect(pre.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
            #expect(pre.header("Access-Control-Allow-Headers") == "content-type, x-request-id")
            #expect(pre.header("Access-Control-Max-Age") == "86400")
            let plain = try c.exchange("GET", "/healthz", headers: [("Origin", "https://app.example")])
            #expect(plain.header("Access-Control-Allow-Origin") == "*")
            #expect(plain.header("Access-Control-Expose-Headers") == "Location, X-Request-Id")
            let noOrigin = try c.exchange("GET", "/healthz")
            #expect(noOrigin.header("Access-Control-Allow-Origin") == nil)
        }
        try withLiveServer(CounterService(), { $0.corsOrigins = ["https://a.example"] }) { live in
            let c = try live.client()
            let ok = try c.exchange("GET", "/healthz", headers: [("Origin", "https://a.example")])
            #expect(ok.header("Access-Control-Allow-Origin") == "https://a.example")
            #expect(ok.header("Vary") == "Origin")
            let refused = try c.exchange("OPTIONS", "/v1/layouts", headers: [
                ("Origin", "https://b.example"), ("Access-Control-Request-Method", "POST"),
            ])
            #expect(refused.status == 204)
            #expect(refused.header("Access-Control-Allow-Origin") == nil)
            #expect(refused.header("Allow") == "POST, OPTIONS")
        }
    }

    @Test func unknownRouteIs404Problem() throws {
        try withLiveServer { live in
            let r = try live.client().exchange("GET", "/v2/nothing?x=1")
            #expect(r.status == 404)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.text.hasPrefix(#"{"type":"urn:trellis:problem:not-found","title":"Not Found","status":404,"#))
            #expect(r.text.contains(#""instance":"/v2/nothing""#))
            #expect(r.text.contains(#""errors":[{"severity":"error","code":"not-found""#))
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withLiveServer { live in
            let c = try live.client()
            let r = try c.exchange("DELETE", "/v1/layouts")
            #expect(r.status == 405)
            #expect(r.header("Allow") == "POST, OPTIONS")
            #expect(r.text.contains(#""code":"method-not-allowed""#))
            let s = try c.exchange("PUT", "/v1/sessions/0123456789abcdef0123456789abcdef")
            #expect(s.status == 405)
            #expect(s.header("Allow") == "GET, DELETE, HEAD, OPTIONS")
        }
    }

    /// HEAD wherever GET is (RFC 9110: uptime checkers use it): the GET answer's status and
    /// headers, Content-Length included, and no body; the connection stays usable.
    @Test func headIsGetWithoutTheBody() throws {
        try withLiveServer { live in
            let c = try live.client()
            let get = try c.exchange("GET", "/healthz")
            let head = try c.exchange("HEAD", "/healthz")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == get.header("Content-Length") && head.header("Content-Length") != "0")
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            let after = try c.exchange("GET", "/openapi.yaml")
            #expect(after.status == 200 && !after.body.isEmpty)
            let post = try c.exchange("HEAD", "/v1/layouts")
            #expect(post.status == 405 && post.header("Allow") == "POST, OPTIONS")
        }
    }

    @Test func bodyMustBeJSON() throws {
        try withLiveServer { live in
            let c = try live.client()
            let r = try c.exchange("POST", "/v1/layouts", headers: [("Content-Type", "text/plain")], body: "{}")
            #expect(r.status == 415)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.text.contains(#""code":"unsupported-media-type""#))
            let none = try c.exchange("POST", "/v1/sessions", body: "{}")
            #expect(none.status == 415)
            let ok = try c.exchange("POST", "/v1/layouts", headers: [("Content-Type", "application/json; charset=utf-8")], body: "{}")
            #expect(ok.status == 200)
            #expect(ok.text == #"{"frames":{},"bytes":2,"space":"superview"}"#)
            #expect(try c.postJSON("/v1/layouts?space=root", "{}").text.contains(#""space":"root""#))
            #expect(try c.postJSON("/v1/layouts?space=elsewhere", "{}").status == 400)
        }
    }

    @Test func bodyOverTheLimitIs413ProblemAndClose() throws {
        try withLiveServer(CounterService(), { $0.maxBodyBytes = 64 }) { live in
            let c = try live.client()
            let fits = try c.postJSON("/v1/layouts", String(repeating: " ", count: 62) + "{}")
            #expect(fits.status == 200)
            let r = try c.postJSON("/v1/layouts", String(repeating: " ", count: 63) + "{}")
            #expect(r.status == 413)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.text.hasPrefix(#"{"type":"urn:trellis:problem:too-large","title":"Content Too Large","status":413,"#))
            #expect(r.text.contains(#""code":"too-large""#))
            #expect(r.header("X-Request-Id") != nil)
            #expect(r.header("Connection") == "close")
            #expect(c.closedByServer())

            // Chunked: refused as it accumulates past the limit.
            let chunked = try live.client()
            let part = String(repeating: "x", count: 40)
            try chunked.send("POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n28\r\n\(part)\r\n28\r\n\(part)\r\n0\r\n\r\n")
            let cr = try chunked.readResponse()
            #expect(cr.status == 413)
            #expect(cr.text.contains(#""code":"too-large""#))
        }
    }

    @Test func headOverTheLimitIs431Problem() throws {
        try withLiveServer(CounterService(), { $0.maxHeaderBytes = 1024 }) { live in
            let c = try live.client()
            let r = try c.exchange("GET", "/healthz", headers: [("X-Big", String(repeating: "a", count: 2000))])
            #expect(r.status == 431)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.text.contains(#""code":"too-large""#))
            #expect(c.closedByServer())
        }
    }

    @Test func keepAliveAndPipeliningThroughTheApp() throws {
        // One loop, and layouts solved on the worker pool: answers come back from
        // another thread, out of order, and must still go out in request order.
        try withLiveServer(CounterService(), { $0.workers = 1; $0.bigSolveThreshold = 0 }) { live in
            let c = try live.client()
            for _ in 0..<20 { #expect(try c.exchange("GET", "/healthz").status == 200) }
            var batch = ""
            for k in 0..<8 {
                batch += TestHTTPClient.request("POST", "/v1/layouts", headers: Self.json,
                                            body: #"{"views":[{"id":"v\#(k)"}]}"# + String(repeating: " ", count: k))
                batch += TestHTTPClient.request("GET", k % 2 == 0 ? "/healthz" : "/missing\(k)")
            }
            batch += TestHTTPClient.request("POST", "/v1/sessions", headers: Self.json, body: "{}")
            try c.send(batch)
            var ids = Set<String>()
            for k in 0..<8 {
                let solved = try c.readResponse()
                #expect(solved.status == 200)
                #expect(solved.text == #"{"frames":{},"bytes":\#(23 + k),"space":"superview"}"#)
                let other = try c.readResponse()
                #expect(other.status == (k % 2 == 0 ? 200 : 404))
                if k % 2 == 1 { #expect(other.text.contains(#""instance":"/missing\#(k)""#)) }
                ids.insert(solved.header("X-Request-Id") ?? "")
                ids.insert(other.header("X-Request-Id") ?? "")
            }
            let created = try c.readResponse()
            #expect(created.status == 201)
            #expect(ids.count == 16)
            #expect(try c.exchange("GET", "/healthz").status == 200, "the connection is still usable")
        }
    }

    @Test func http10AndConnectionClose() throws {
        try withLiveServer { live in
            let old = try live.client()
            try old.send("GET /healthz HTTP/1.0\r\n\r\n")
            let r = try old.readResponse()
            #expect(r.status == 200)
            #expect(r.text == #"{"status":"ok"}"#)
            #expect(r.header("Connection") == "close")
            #expect(old.closedByServer())

            let c = try live.client()
            let first = try c.exchange("GET", "/healthz")
            #expect(first.header("Connection") == "keep-alive")
            let last = try c.exchange("GET", "/healthz", headers: [("Connection", "close")])
            #expect(last.status == 200)
            #expect(last.header("Connection") == "close")
            #expect(c.closedByServer())
        }
    }

    @Test func garbageIs400ProblemAndCounted() throws {
        try withLiveServer { live in
            let key = #"trellis_requests_total{route="unmatched",method="OTHER",status="400"}"#
            let before = try sample(try live.client().exchange("GET", "/metrics").text, key)
            let c = try live.client()
            try c.send([0x16, 0x03, 0x01, 0x00, 0xff] + Array("\u{1}\r\n\r\nnot http at all\r\n\r\n".utf8))
            let r = try c.readResponse()
            #expect(r.status == 400)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.text.hasPrefix(#"{"type":"urn:trellis:problem:bad-request","title":"Bad Request","status":400,"#))
            #expect(r.text.contains(#""errors":[{"severity":"error","code":"bad-request""#))
            #expect(r.header("X-Request-Id").map(RequestIDs.isAcceptable) == true)
            #expect(c.closedByServer())
            let after = try sample(try live.client().exchange("GET", "/metrics").text, key)
            #expect(after == before + 1)
        }
    }

    @Test func overCapacityIs503Problem() throws {
        try withLiveServer(CounterService(), { $0.workers = 1; $0.maxConnections = 1 }) { live in
            let first = try live.client()
            #expect(try first.exchange("GET", "/healthz").status == 200)  // surely accepted
            let second = try live.client()
            let r = try second.readResponse()
            #expect(r.status == 503)
            #expect(r.text.contains(#""code":"too-many-connections""#))
            #expect(second.closedByServer())
            #expect(try first.exchange("GET", "/healthz").status == 200)
        }
    }

    @Test func incompleteRequestTimesOutWith408Problem() throws {
        try withLiveServer(CounterService(), { $0.readTimeoutSeconds = 0.2 }) { live in
            let c = try live.client(timeout: 10)
            try c.send("POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{")
            let r = try c.readResponse()
            #expect(r.status == 408)
            #expect(r.text.contains(#""code":"request-timeout""#))
            #expect(c.closedByServer())
        }
    }

    @Test func gracefulShutdownFinishesTheRequestInFlight() throws {
        let gate = CounterService.Gate()
        let live = try LiveServer(CounterService(gate: gate)) { $0.workers = 1; $0.bigSolveThreshold = 0 }
        let idle = try live.client()
        #expect(try idle.exchange("GET", "/healthz").status == 200)
        let busy = try live.client()
        try busy.send(TestHTTPClient.request("POST", "/v1/layouts", headers: Self.json, body: #"{"views":[{"id":"root"}]}"#))
        #expect(gate.entered.wait(seconds: 10), "the solve started")

        live.server.shutdown()
        // The single loop has taken the shutdown in once the idle connection is closed.
        #expect(idle.closedByServer())
        gate.release.signal()
        let r = try busy.readResponse()
        #expect(r.status == 200)
        #expect(r.text == #"{"frames":{},"bytes":25,"space":"superview"}"#)
        #expect(r.header("Connection") == "close")
        #expect(busy.closedByServer())
        live.server.wait()
        live.app.shutdown()
    }

    @Test func sessionRoutes() throws {
        try withLiveServer { live in
            let c = try live.client()
            let created = try c.postJSON("/v1/sessions", #"{"views":[{"id":"root"}]}"#)
            #expect(created.status == 201)
            let location = try #require(created.header("Location"))
            let id = String(location.dropFirst("/v1/sessions/".count))
            #expect(location.hasPrefix("/v1/sessions/") && SessionID.isWellFormed(id))
            #expect(created.text == #"{"id":"\#(id)","revision":1,"total":0,"edits":0,"space":"superview"}"#)
            #expect(created.header("Content-Type") == "application/json")

            let read = try c.exchange("GET", location)
            #expect(read.status == 200)
            #expect(read.text == created.text)

            let edited = try c.postJSON(location + "/edits", #"{"add":5}"#)
            #expect(edited.status == 200)
            #expect(edited.text == #"{"id":"\#(id)","revision":2,"total":5,"edits":1,"space":"superview"}"#)
            let refused = try c.postJSON(location + "/edits", "fail")
            #expect(refused.status == 422)
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(refused.text.contains(#""location":{"pointer":"/ops/0","line":1,"column":1}"#))
            #expect(try c.exchange("GET", location + "?space=root").text
                    == #"{"id":"\#(id)","revision":2,"total":5,"edits":1,"space":"root"}"#)

            let deleted = try c.exchange("DELETE", location)
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            for r in [try c.exchange("GET", location), try c.exchange("DELETE", location),
                      try c.postJSON(location + "/edits", #"{"add":1}"#),
                      try c.exchange("GET", "/v1/sessions/0123456789abcdef0123456789abcdef"),
                      try c.exchange("GET", "/v1/sessions/not-an-id")] {
                #expect(r.status == 404)
                #expect(r.text.contains(#""code":"unknown-session""#))
            }
            let failed = try c.postJSON("/v1/sessions", "fail")
            #expect(failed.status == 422)
            #expect(failed.header("Location") == nil)
            #expect(live.app.store.count == 0)
        }
    }

    @Test func concurrentEditsOnManySessionsEqualTheSerialResult() throws {
        let sessions = 6, connections = 6, rounds = 5
        @Sendable func addend(_ t: Int, _ r: Int, _ s: Int) -> Int { t * 1000 + r * 10 + s }
        try withLiveServer { live in
            let setup = try live.client()
            var locations: [String] = []
            for _ in 0..<sessions {
                locations.append(try #require(try setup.postJSON("/v1/sessions", "{}").header("Location")))
            }
            let shared = locations
            // Every connection edits every session, interleaved with the others.
            let seen = Locked<[[Int]]>(Array(repeating: [], count: sessions))   // revisions answered, per session
            let failures = Locked<[String]>([])
            let port = live.port
            onThreads(connections) { t in
                do {
                    let c = try TestHTTPClient(port: port)
                    var last = Array(repeating: 0, count: sessions)
                    for r in 0..<rounds {
                        for s in 0..<sessions {
                            let answer = try c.postJSON(shared[s] + "/edits", #"{"add":\#(addend(t, r, s))}"#)
                            guard answer.status == 200,
                                  let revision = answer.text.split(separator: ",").first(where: { $0.hasPrefix(#""revision":"#) })
                                    .flatMap({ Int($0.dropFirst(11)) })
                            else { throw TestHTTPClient.Failure(description: "edit answered \(answer.status) \(answer.text)") }
                            if revision <= last[s] { throw TestHTTPClient.Failure(description: "revisions went backwards on one connection") }
                            last[s] = revision
                            seen.withLock { $0[s].append(revision) }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("connection \(t): \(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])

            // The same edits one after another, on twin sessions over one connection.
            let serial = try live.client()
            for s in 0..<sessions {
                let twin = try #require(try serial.postJSON("/v1/sessions", "{}").header("Location"))
                for t in 0..<connections {
                    for r in 0..<rounds { #expect(try serial.postJSON(twin + "/edits", #"{"add":\#(addend(t, r, s))}"#).status == 200) }
                }
                let expected = try serial.exchange("GET", twin).text.replacingID()
                let got = try serial.exchange("GET", shared[s]).text.replacingID()
                #expect(got == expected)
                #expect(got.contains(#""revision":\#(1 + connections * rounds)"#))
                // Every edit got a revision of its own: none lost, none applied twice.
                #expect(seen.withLock { $0[s].sorted() } == Array(2...(1 + connections * rounds)))
            }
        }
    }
}

extension String {
    /// The answer without its `"id"` member's value.
    fileprivate func replacingID() -> String {
        guard let start = range(of: #""id":""#)?.upperBound, let end = self[start...].firstIndex(of: "\"") else { return self }
        return String(self[..<start]) + String(self[end...])
    }
}

/// Readiness (`/readyz`): ready while serving, 503 `draining` with `Retry-After` once a
/// graceful shutdown begins, so a load balancer stops sending before the server goes.
@Suite struct ReadinessTests {
    @Test func readyUntilDraining() throws {
        let live = try LiveServer(CounterService())
        defer { live.stop() }
        let c = try live.client()
        let ready = try c.exchange("GET", "/readyz")
        #expect(ready.status == 200 && ready.text == #"{"status":"ready"}"#)
        live.app.beginDraining()
        let draining = try c.exchange("GET", "/readyz")
        #expect(draining.status == 503 && draining.header("Retry-After") == "1")
        #expect(draining.text.contains(#""code":"draining""#))
        #expect(try c.exchange("GET", "/healthz").status == 200, "alive while draining")
        let metrics = try c.exchange("GET", "/metrics").text
        #expect(metrics.contains("trellis_build_info{version=\"\(TrellisVersion.version)\"} 1"))
        for family in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"] {
            #expect(metrics.contains("\n\(family) "), "\(family)")
        }
    }
}
