import TestSupport
import Dispatch
import Testing
import HTTPServer

@Suite("Robustness")
struct RobustnessTests {
    /// Deterministic pseudo-random bytes (xorshift), so a failure reproduces.
    struct Bytes: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    /// A transfer coding the server does not apply (`gzip, chunked`) is refused with 501
    /// (RFC 9112 6.1) rather than read as plain bytes; `chunked` alone is de-chunked.
    @Test func unappliedTransferCodingsAreRefused() throws {
        try withServer { port, _ in
            // chunked twice is malformed (llhttp answers 400); any refusal will do there.
            for (te, statuses) in [("gzip, chunked", [501]), ("deflate", [501]), ("chunked, chunked", [400, 501])] {
                let client = try TestHTTPClient(port: port)
                try client.send("POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(te)\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
                let r = try client.readResponse()
                #expect(statuses.contains(r.status), "\(te): \(r.status)")
            }
            let plain = try TestHTTPClient(port: port)
            try plain.send("POST /y HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked \r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            #expect(try plain.readResponse().text == "POST /y|hello")
        }
    }

    @Test func randomBytesNeverStopTheServer() throws {
        try withServer { port, _ in
            var random = Bytes(state: 0x9E37_79B9_7F4A_7C15)
            let prefixes = ["", "GET / HTTP/1.1\r\n", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                            "GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", "GET /x HTTP/1.1\r\nHost: x\r\n\r\n"]
            for round in 0..<60 {
                let client = try TestHTTPClient(port: port, timeout: 2)
                var bytes = Array(prefixes[round % prefixes.count].utf8)
                for _ in 0..<Int.random(in: 1...600, using: &random) {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
                try? client.send(bytes)
                client.shutdownWrite()
                // Whatever comes back (400, an answer, nothing) is fine; the
                // server must just not die or hang the connection forever.
                _ = try? client.readResponse()
            }
            let check = try TestHTTPClient(port: port)
            try check.send("GET /alive HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try check.readResponse().text == "GET /alive|")
        }
    }

    /// The client leaves before its asynchronous answer is ready: the late
    /// answer is dropped quietly and the server keeps serving.
    @Test func lateAnswerForAGoneClientIsDropped() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        let handler: HTTPServer.Handler = { request, responder in
            guard request.path == "/late" else {
                responder.send(HTTPResponse(text: "ok"))
                return
            }
            entered.signal()
            DispatchQueue.global().async {
                release.wait()
                responder.send(HTTPResponse(text: "too late"))
                sent.signal()
            }
        }
        try withServer(handler: handler) { port, _ in
            do {
                let leaving = try TestHTTPClient(port: port)
                try leaving.send("GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(entered.wait(timeout: .now() + 5) == .success)
            }  // closed here
            release.signal()
            #expect(sent.wait(timeout: .now() + 5) == .success)
            let client = try TestHTTPClient(port: port)
            try client.send("GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "ok")
        }
    }

    /// A client that sends requests then half-closes still gets its answers.
    @Test func halfClosingClientGetsItsAnswers() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            client.shutdownWrite()
            #expect(try client.readResponse().text == "GET /a|")
            let last = try client.readResponse()
            #expect(last.text == "GET /b|")
            #expect(client.closedByServer())
        }
    }

    @Test func requestHeadersArriveSplitAcrossReads() throws {
        let handler: HTTPServer.Handler = { request, responder in
            let names = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
            responder.send(HTTPResponse(text: names))
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            // One byte per send: every name and value arrives in pieces.
            for byte in "GET / HTTP/1.1\r\nHost: h\r\nX-Empty:\r\nX-Long-Name: some value\r\n\r\n".utf8 {
                try client.send([byte])
            }
            #expect(try client.readResponse().text == "Host=h;X-Empty=;X-Long-Name=some value")
        }
    }
}

@Suite("Large bodies")
struct LargeBodyTests {
    /// An answer far bigger than the socket buffer goes through the queued
    /// write path; the connection stays usable afterwards.
    @Test func largeAnswerArrivesWhole() throws {
        let big = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let handler: HTTPServer.Handler = { request, responder in
            responder.send(HTTPResponse(body: request.path == "/big" ? big : Array("small".utf8)))
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\nGET /small HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try client.readResponse()
            #expect(first.body.count == big.count)
            #expect(first.body == big)
            #expect(try client.readResponse().text == "small")
        }
    }

    /// The answer is still being written when the client half-closes and
    /// the connection is to close: the close must wait for the whole answer.
    @Test func largeAnswerBeforeCloseIsNotCutShort() throws {
        let big = [UInt8](repeating: 0x5A, count: 8 << 20)
        try withServer(handler: { _, responder in responder.send(HTTPResponse(body: big)) }) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            client.shutdownWrite()
            let response = try client.readResponse()
            #expect(response.body.count == big.count)
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
        }
    }

    @Test func bodyAtTheLimitIsAccepted() throws {
        let config = testConfig { $0.maxBodyBytes = 256 * 1024 }
        let handler: HTTPServer.Handler = { request, responder in
            responder.send(HTTPResponse(text: "\(request.body.count) \(request.body.last ?? 0)"))
        }
        try withServer(config, handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            var body = [UInt8](repeating: 7, count: 256 * 1024)
            body[body.count - 1] = 9
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            try client.send(body)
            #expect(try client.readResponse().text == "\(256 * 1024) 9")
        }
    }
}
