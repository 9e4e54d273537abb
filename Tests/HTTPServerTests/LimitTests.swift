import TestSupport
import Testing
import Glibc
import HTTPServer

@Suite("Limits")
struct LimitTests {
    let small = testConfig {
        $0.maxHeaderBytes = 1024
        $0.maxBodyBytes = 1000
    }

    @Test func oversizedHeadersGet431AndClose() throws {
        try withServer(small) { port, _ in
            let client = try TestHTTPClient(port: port)
            let big = String(repeating: "a", count: 2000)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 431)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.text.contains("\"status\":431"))
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
        }
    }

    @Test func headersJustUnderTheLimitPass() throws {
        try withServer(small) { port, _ in
            let client = try TestHTTPClient(port: port)
            let value = String(repeating: "a", count: 900)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(value)\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func declaredOversizedBodyGets413() throws {
        try withServer(small) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n")
            try client.send(String(repeating: "b", count: 2000))
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
        }
    }

    @Test func errorAnswersCanBeShapedByTheConfig() throws {
        var config = small
        config.errorResponse = { failure in
            HTTPResponse(status: failure.status,
                         headers: [HTTPHeader("Content-Type", "text/plain"), HTTPHeader("X-Shaped", "yes"),
                                   HTTPHeader("X-Route", "\(failure.method ?? "-") \(failure.path ?? "-")")],
                         text: "\(failure.status) \(failure.reason)")
        }
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("X-Shaped") == "yes")
            #expect(response.text == "413 Content Too Large")
            #expect(response.header("X-Route") == "POST /")
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
            let garbage = try TestHTTPClient(port: port)
            try garbage.send("NOT HTTP\r\n\r\n")
            let bad = try garbage.readResponse()
            #expect(bad.status == 400)
            #expect(bad.text == "400 Bad Request")
        }
    }

    @Test func chunkedOversizedBodyGets413() throws {
        try withServer(small) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "c", count: 600)
            try client.send("258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.closedByServer())
        }
    }

    @Test func expectContinueWithOversizedLengthGets413NotContinue() throws {
        try withServer(small) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.closedByServer())
        }
    }

    @Test func connectionsPastTheCapGet503() throws {
        let capped = testConfig { $0.maxConnections = 2 }
        try withServer(capped) { port, _ in
            let first = try TestHTTPClient(port: port)
            let second = try TestHTTPClient(port: port)
            // An answer on each proves both were accepted and counted.
            for client in [first, second] {
                try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().status == 200)
            }
            let third = try TestHTTPClient(port: port)
            let refused = try third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Connection") == "close")
            #expect(third.closedByServer())
        }
    }

    @Test func closingAConnectionFreesItsPlaceUnderTheCap() throws {
        let capped = testConfig { $0.maxConnections = 1 }
        try withServer(capped) { port, _ in
            do {
                let first = try TestHTTPClient(port: port)
                try first.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(try first.readResponse().status == 200)
                #expect(first.closedByServer())
            }
            // The server releases the slot when it closes; retry briefly in
            // case the close callback has not run yet.
            var status = 0
            for _ in 0..<100 {
                let next = try TestHTTPClient(port: port)
                try next.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                status = try next.readResponse().status
                if status == 200 { break }
                usleep(20_000)  // polling the server's state, not ordering events
            }
            #expect(status == 200)
        }
    }

    @Test func garbageGets400AndClose() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("\u{01}\u{02}NOT HTTP AT ALL\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(client.closedByServer())
        }
    }

    @Test func garbageAfterAGoodRequestStillAnswersTheGoodOne() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\u{00}\r\n\r\n")
            #expect(try client.readResponse().text == "GET /ok|")
            #expect(try client.readResponse().status == 400)
            #expect(client.closedByServer())
        }
    }
}
