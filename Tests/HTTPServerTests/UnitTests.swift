import TestSupport
import Testing
@testable import HTTPServer

@Suite("Pieces")
struct UnitTests {
    @Test func requestSplitsTargetAndFindsHeadersIgnoringCase() {
        let request = HTTPRequest(method: "GET", target: "/a/b?x=1&y=2", headers: [HTTPHeader("Content-Type", "text/plain")])
        #expect(request.path == "/a/b")
        #expect(request.query == "x=1&y=2")
        #expect(request.header("content-type") == "text/plain")
        #expect(request.header("CONTENT-TYPE") == "text/plain")
        #expect(request.header("content-length") == nil)
        #expect(HTTPRequest(method: "GET", target: "/plain").query == nil)
    }

    /// RFC 9112 3.2.2: a server accepts the absolute form and routes by its path.
    @Test func absoluteFormTargetsReduceToTheirPath() {
        func form(_ target: String) -> (String, String?) { RequestBuilder.originForm(Array(target.utf8)) }
        #expect(form("http://h:8080/v1/layouts?space=root") == ("/v1/layouts", "space=root"))
        #expect(form("HTTP://h") == ("/", nil))
        #expect(form("http://h?x=1") == ("/", "x=1"))
        #expect(form("/a/b?c") == ("/a/b", "c"))
        #expect(form("/a:b//c") == ("/a:b//c", nil))
        #expect(form("*") == ("*", nil))
    }

    /// `--host localhost` binds what the name resolves to.
    @Test func hostNamesResolveToAnAddress() throws {
        #expect(ListeningSocket.resolve("localhost") == "127.0.0.1")
        #expect(ListeningSocket.resolve("no-such-host.invalid") == nil)
        var config = testConfig()
        config.host = "localhost"
        try withServer(config) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func serializerWritesFramingAndDropsUnsafeHeaders() {
        var out = OutputBuffer()
        defer { out.free() }
        let response = HTTPResponse(status: 404, headers: [HTTPHeader("X-Ok", "1"), HTTPHeader("X-Bad", "a\r\nInjected: 1")], text: "nope")
        let outcome = ResponseSerializer.append(response, keepAlive: false, isHead: false, date: [], to: &out)
        #expect(!outcome.failed)
        let text = String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
        #expect(text == "HTTP/1.1 404 Not Found\r\nX-Ok: 1\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope")
    }

    @Test func noContentHasNoLengthAndNoBody() {
        var out = OutputBuffer()
        defer { out.free() }
        _ = ResponseSerializer.append(HTTPResponse(status: 204, text: "ignored"), keepAlive: true, isHead: false, date: [], to: &out)
        let text = String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
        #expect(text == "HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n")
    }

    @Test func problemBodyIsEscapedJSON() {
        let problem = HTTPResponse.problem(status: 400, title: "bad \"quote\"\n")
        #expect(String(decoding: problem.body, as: UTF8.self)
            == #"{"type":"about:blank","title":"bad \"quote\"\n","status":400}"#)
    }

    @Test func decimalsAreWrittenExactly() {
        var out = OutputBuffer()
        defer { out.free() }
        for value in [0, 7, 10, 1234567890, Int.max] { out.appendDecimal(value); out.append(",") }
        let text = String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
        #expect(text == "0,7,10,1234567890,\(Int.max),")
    }

    @Test func slotsAnswerFromTheFrontOnly() {
        var slots = ResponseSlots()
        let a = slots.append(ResponseSlot())
        let b = slots.append(ResponseSlot())
        slots[b].response = HTTPResponse(text: "b")
        #expect(slots.front.response == nil)
        slots[a].response = HTTPResponse(text: "a")
        #expect(slots.front.response?.body == Array("a".utf8))
        slots.removeFront()
        #expect(slots.frontSequence == b)
        slots.removeFront()
        #expect(slots.isEmpty)
        #expect(slots.front.response == nil)  // none pending: an empty slot, no trap
        #expect(!slots.contains(a))
        let c = slots.append(ResponseSlot())
        #expect(c == b + 1)
    }
}
