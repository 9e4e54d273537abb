import TestSupport
import Dispatch
import Testing
import HTTPServer
import Platform

@Suite("Lifecycle")
struct ShutdownTests {
    /// shutdown() while an asynchronous answer is outstanding: the answer
    /// still goes out, then the connection closes and wait() returns.
    @Test func gracefulShutdownFinishesInFlightRequests() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handler: HTTPServer.Handler = { _, responder in
            entered.signal()
            DispatchQueue.global().async {
                release.wait()
                responder.send(HTTPResponse(text: "finished"))
            }
        }
        let server = HTTPServer(config: testConfig(), handler: handler)
        let port = try server.start()
        let client = try TestHTTPClient(port: port)
        try client.send("GET /work HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 5) == .success)

        server.shutdown()
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.wait()
            stopped.signal()
        }
        // The loops cannot end while the answer is owed.
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)
        release.signal()

        let response = try client.readResponse()
        #expect(response.text == "finished")
        #expect(response.header("Connection") == "close")
        #expect(client.closedByServer())
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        // Nothing listens any more.
        #expect(throws: TestHTTPClient.Failure.self) { try TestHTTPClient(port: port) }
    }

    @Test func idleConnectionsAreClosedByShutdown() throws {
        let server = HTTPServer(config: testConfig(), handler: echoHandler)
        let port = try server.start()
        let client = try TestHTTPClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        server.shutdown()
        #expect(client.closedByServer())
        server.wait()
    }

    @Test func startTwiceThrowsAndWaitWithoutStartReturns() throws {
        let idle = HTTPServer(config: testConfig(), handler: echoHandler)
        idle.wait()  // never started: returns at once

        let server = HTTPServer(config: testConfig(), handler: echoHandler)
        _ = try server.start()
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.shutdown()
        server.wait()
    }

    /// A second server on a port in use fails at start with a clear error, instead of
    /// sharing the port (SO_REUSEPORT) and taking turns at the first one's requests.
    @Test func aPortInUseIsAnErrorAtStart() throws {
        let first = HTTPServer(config: testConfig { $0.workers = 2 }, handler: echoHandler)
        let port = try first.start()
        defer { first.shutdown(); first.wait() }
        let second = HTTPServer(config: testConfig { $0.port = port }, handler: echoHandler)
        do {
            _ = try second.start()
            Issue.record("a second server started on port \(port)")
            second.shutdown()
            second.wait()
        } catch .addressInUse(let host, let busy) {
            #expect(host == "127.0.0.1" && busy == port)
            #expect(HTTPServerError.addressInUse(host: host, port: busy).description.contains("is in use by another server"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func bindingABadAddressThrows() {
        let server = HTTPServer(config: testConfig { $0.host = "not-an-ip" }, handler: echoHandler)
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    @Test func everyWorkerLoopServes() throws {
        let config = testConfig { $0.workers = 3 }
        try withServer(config) { port, _ in
            // Many connections: with SO_REUSEPORT they spread over the loops,
            // and each must answer.
            for index in 0..<12 {
                let client = try TestHTTPClient(port: port)
                try client.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "GET /\(index)|")
            }
        }
    }

    @Test func shutdownFromInsideTheHandler() throws {
        let box = Locked<HTTPServer?>(nil)
        let server = HTTPServer(config: testConfig(), handler: { request, responder in
            responder.send(HTTPResponse(text: "bye"))
            box.withLock { $0 }?.shutdown()
        })
        box.withLock { $0 = server }
        let port = try server.start()
        let client = try TestHTTPClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().text == "bye")
        #expect(client.closedByServer())
        server.wait()
        box.withLock { $0 = nil }
    }
}
