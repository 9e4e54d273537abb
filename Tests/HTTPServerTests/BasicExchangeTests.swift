import TestSupport
import Testing
import HTTPServer

@Suite("Basic exchanges")
struct BasicExchangeTests {
    @Test func getIsAnsweredWithFraming() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /hello?name=x HTTP/1.1\r\nHost: example\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "GET /hello?name=x|")
            #expect(response.header("Content-Length") == "\(response.body.count)")
            #expect(response.header("Connection") == "keep-alive")
            #expect(response.header("X-Host") == "example")
            #expect(response.header("X-Version") == "1.1")
            #expect(response.header("Date")?.hasSuffix("GMT") == true)
        }
    }

    @Test func postBodyIsEchoed() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "POST /echo|hello world")
        }
    }

    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "GET /one|")
            try client.send("POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(try client.readResponse().text == "POST /two|abc")
        }
    }

    @Test func chunkedBodyIsDecoded() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            try client.send("5\r\nhello\r\n")
            try client.send("6\r\n world\r\n0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "POST /c|hello world")
        }
    }

    @Test func connectionCloseIsHonoured() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /bye HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
        }
    }

    @Test func http10ClosesUnlessKeepAliveAsked() throws {
        try withServer { port, _ in
            let plain = try TestHTTPClient(port: port)
            try plain.send("GET /old HTTP/1.0\r\n\r\n")
            let first = try plain.readResponse()
            #expect(first.header("X-Version") == "1.0")
            #expect(first.header("Connection") == "close")
            #expect(plain.closedByServer())

            let kept = try TestHTTPClient(port: port)
            try kept.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().header("Connection") == "keep-alive")
            try kept.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().text == "GET /b|")
        }
    }

    @Test func headAnswersCarryLengthButNoBody() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("HEAD /h HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\("HEAD /h|".utf8.count)")
            // Had a body been sent, it would be misread as the next answer.
            #expect(try client.readResponse().text == "GET /after|")
        }
    }

    @Test func handlerFramingHeadersAreReplaced() throws {
        let handler: HTTPServer.Handler = { _, responder in
            responder.send(HTTPResponse(status: 201, headers: [HTTPHeader("Content-Length", "999"), HTTPHeader("X-A", "1")], text: "ok"))
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            for _ in 0..<2 {
                let response = try client.readResponse()
                #expect(response.status == 201)
                #expect(response.header("Content-Length") == "2")
                #expect(response.text == "ok")
            }
        }
    }

    @Test func handlerCanCloseTheConnection() throws {
        let handler: HTTPServer.Handler = { _, responder in
            responder.send(HTTPResponse(headers: [HTTPHeader("Connection", "close")], text: "last"))
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.text == "last")
            #expect(response.header("Connection") == "close")
            #expect(client.closedByServer())
        }
    }

    @Test func aSecondSendIsIgnored() throws {
        let handler: HTTPServer.Handler = { request, responder in
            responder.send(HTTPResponse(text: "first " + request.path))
            responder.send(HTTPResponse(status: 500, text: "second"))
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "first /1")
            try client.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "first /2")
        }
    }
}
