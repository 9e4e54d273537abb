import TestSupport
import Testing
import HTTPServer

@Suite("Timeouts")
struct TimeoutTests {
    /// A client that sends half a request and stalls is cut after
    /// readTimeout, while another client is served in the meantime.
    @Test func slowClientIsCutWhileOthersAreServed() throws {
        let config = testConfig {
            $0.readTimeout = 1
            $0.workers = 1  // both clients on the same loop
        }
        try withServer(config) { port, _ in
            let slow = try TestHTTPClient(port: port)
            let started = seconds()
            try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Partial: yes")

            let other = try TestHTTPClient(port: port)
            try other.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse().text == "GET /fast|")
            // Served while the slow one still holds its connection.
            #expect(seconds() - started < 1)

            let cut = try slow.readResponse()
            let elapsed = seconds() - started
            #expect(cut.status == 408)
            #expect(slow.closedByServer())
            #expect(elapsed >= 0.9)
            #expect(elapsed < 4)
        }
    }

    /// Trickling bytes does not extend the deadline: it counts from the
    /// request's first byte.
    @Test func tricklingClientIsCutToo() throws {
        let config = testConfig { $0.readTimeout = 0.3 }
        try withServer(config) { port, _ in
            let slow = try TestHTTPClient(port: port)
            let started = seconds()
            try slow.send("GET / HTTP/1.1\r\n")
            var cut = false
            for index in 0..<40 {
                // Keep sending a header byte every 50 ms until the server answers.
                if (try? slow.send("X-\(index): y\r\n")) == nil { cut = true; break }
                slow.setTimeout(0.05)
                if !slow.receivesNothing() { cut = true; break }
            }
            #expect(cut)
            #expect(seconds() - started < 1.5)
        }
    }

    @Test func idleKeepAliveConnectionIsClosed() throws {
        let config = testConfig { $0.idleTimeout = 0.3 }
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let idleFrom = seconds()
            #expect(client.closedByServer())
            let idle = seconds() - idleFrom
            #expect(idle >= 0.2)
            #expect(idle < 3)
        }
    }

    /// Bytes that start no request (bare CRLFs, which the parser skips) do not keep an idle
    /// connection open: it is closed after the idle timeout however often they come.
    @Test func bareLineEndsDoNotKeepAConnectionOpen() throws {
        let config = testConfig { $0.idleTimeout = 0.3 }
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            let started = seconds()
            var closed = false
            for _ in 0..<40 {
                // A bare CRLF every 50 ms (well inside the idle timeout) for up to 2 s.
                if (try? client.send("\r\n")) == nil { closed = true; break }
                client.setTimeout(0.05)
                if !client.receivesNothing() { closed = true; break }
            }
            #expect(closed)
            #expect(seconds() - started < 1.5)
        }
    }

    /// A client that reads a big answer slowly but steadily is not cut: progress counts
    /// every piece written, not only the end of the whole batch.
    @Test func aSteadyReaderOfABigAnswerIsNotCut() throws {
        let config = testConfig { $0.idleTimeout = 2; $0.maxBodyBytes = 24 << 20 }
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            // Far bigger than what the socket buffers hold (a few MB on loopback): one write
            // of the rest would complete only after the reader drained most of it.
            let body = String(repeating: "x", count: 20 << 20)
            try client.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let started = seconds()
            // 64 KB reads 5 ms apart: a few MB/s, several idle timeouts for the whole answer.
            let received = client.readSlowly(piece: 64 * 1024, pauseMicros: 20_000, timeout: 4)
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.hasSuffix("POST /big|" + body), "got \(received.count) bytes of \(body.utf8.count + 100)")
            #expect(seconds() - started > 2, "the reader must have been slower than the idle timeout")
        }
    }

    @Test func activeConnectionOutlivesTheIdleTimeout() throws {
        let config = testConfig { $0.idleTimeout = 0.5 }
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            let started = seconds()
            var served = 0
            // Requests every ~100 ms for ~0.8 s: never idle for 0.5 s.
            while seconds() - started < 0.8 {
                try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().status == 200)
                served += 1
                client.setTimeout(0.1)
                #expect(client.receivesNothing())
                client.setTimeout(5)
            }
            #expect(served >= 4)
        }
    }
}
