import TestSupport
import Glibc
import Testing
import HTTPServer

@Suite("Signals", .serialized)
struct SignalTests {
    /// SIGTERM starts a graceful shutdown: wait() returns. The handlers are
    /// installed before start(), so they are in place when start() returns
    /// (otherwise the signal would end the test process).
    @Test func sigtermStopsTheServer() throws {
        let server = HTTPServer(config: testConfig(), handler: echoHandler)
        server.installSignalHandlers()
        let port = try server.start()
        let client = try TestHTTPClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        kill(getpid(), SIGTERM)  // process-directed: test threads may block signals
        #expect(client.closedByServer())
        server.wait()
        #expect(throws: TestHTTPClient.Failure.self) { try TestHTTPClient(port: port) }
    }
}
