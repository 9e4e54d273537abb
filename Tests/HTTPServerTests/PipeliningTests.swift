#if canImport(Glibc)
import TestSupport
import Glibc
#endif
import Synchronization
import Dispatch
import Testing
import HTTPServer
import Platform

@Suite("Pipelining and asynchronous answers")
struct PipeliningTests {
    /// Three requests in one write; the first is answered last, from another
    /// thread, once the test releases it. The answers must still arrive in
    /// request order.
    @Test func answersKeepRequestOrderWhenTheFirstIsAnsweredLast() throws {
        let release = DispatchSemaphore(value: 0)
        let sawThird = DispatchSemaphore(value: 0)
        let handler: HTTPServer.Handler = { request, responder in
            switch request.path {
            case "/slow":
                DispatchQueue.global().async {
                    release.wait()
                    responder.send(HTTPResponse(text: "slow"))
                }
            case "/third":
                responder.send(HTTPResponse(text: "third"))
                sawThird.signal()
            default:
                responder.send(HTTPResponse(text: "second"))
            }
        }
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send(
                "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /second HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(sawThird.wait(timeout: .now() + 5) == .success)
            // Second and third are answered but must wait behind /slow.
            client.setTimeout(0.2)
            #expect(client.receivesNothing())
            client.setTimeout(5)
            release.signal()
            #expect(try client.readResponse().text == "slow")
            #expect(try client.readResponse().text == "second")
            #expect(try client.readResponse().text == "third")
        }
    }

    @Test func manyPipelinedRequestsAreAllAnsweredInOrder() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            let count = 300  // more than maxPipelinedRequests: reading pauses and resumes
            var batch = ""
            for index in 0..<count { batch += "GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n" }
            try client.send(batch)
            for index in 0..<count {
                #expect(try client.readResponse().text == "GET /\(index)|")
            }
        }
    }

    @Test func answersFromWorkerThreadsInReverseOrderArriveInOrder() throws {
        let gate = DispatchGroup()
        let pending = Locked<[(Int, HTTPResponder)]>([])
        let handler: HTTPServer.Handler = { request, responder in
            let index = Int(request.path.dropFirst()) ?? -1
            let total = pending.withLock { list -> Int in
                list.append((index, responder))
                return list.count
            }
            if total == 5 { gate.leave() }
        }
        gate.enter()
        try withServer(handler: handler) { port, _ in
            let client = try TestHTTPClient(port: port)
            var batch = ""
            for index in 0..<5 { batch += "GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n" }
            try client.send(batch)
            #expect(gate.wait(timeout: .now() + 5) == .success)
            let all = pending.withLock { $0 }
            // Answer 4, 3, 2, 1, 0, each from its own thread.
            for (index, responder) in all.reversed() {
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    responder.send(HTTPResponse(text: "r\(index)"))
                    done.signal()
                }
                done.wait()
            }
            for index in 0..<5 {
                #expect(try client.readResponse().text == "r\(index)")
            }
        }
        // The handler's list holds responders, which hold the server's loop:
        // empty it so the test leaves no cycle behind.
        pending.withLock { $0.removeAll() }
    }

    @Test func expectContinueGetsAnInterimAnswerBeforeTheBody() throws {
        try withServer { port, _ in
            let client = try TestHTTPClient(port: port)
            try client.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == 100)
            try client.send("abcde")
            let final = try client.readResponse()
            #expect(final.status == 200)
            #expect(final.text == "POST /up|abcde")
        }
    }
}

/// Back-pressure inside one read: a client that pipelines many requests and reads no
/// answers gets no more answers built than the bounds allow, however many requests one
/// read holds; the rest are parsed as it reads (issue "Hostile and careless clients", 3).
@Suite struct PipelineBackPressureTests {
    /// Serves answers of `bodyBytes` each on one loop, pipelines `count` requests without
    /// reading any answer, and waits until the count of answers built holds still (the server
    /// then waits for the client). Answers how many were built by then; then reads them all
    /// and checks every request was answered.
    static func answersBuiltForAClientThatReadsNone(bodyBytes: Int, count: Int,
                                                    _ edit: (inout HTTPServerConfig) -> Void = { _ in }) throws -> Int {
        let handled = Counter()
        let body = [UInt8](repeating: UInt8(ascii: "y"), count: bodyBytes)
        let config = testConfig { $0.workers = 1; edit(&$0) }
        let server = HTTPServer(config: config) { request, responder in
            handled.add()
            responder.send(HTTPResponse(status: 200, headers: [], body: body))
        }
        let port = try server.start()
        defer { server.shutdown(); server.wait() }
        let client = try TestHTTPClient(port: port, timeout: 10)
        try client.send(String(repeating: "GET /p HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        var last = -1
        for _ in 0..<100 where handled.value != last {
            last = handled.value
            usleep(100_000)
        }
        let built = handled.value
        for _ in 0..<count { #expect(try client.readResponse().status == 200) }
        #expect(handled.value == count)
        return built
    }

    @Test func requestsOfOneReadWaitWhileAnswersPileUp() throws {
        // 400 answers of 64 KB are 25 MB, far past the socket buffers and the write-queue bound.
        let built = try Self.answersBuiltForAClientThatReadsNone(bodyBytes: 64 * 1024, count: 400) { $0.maxPipelinedRequests = 32 }
        #expect(built < 200, "\(built) answers built for a client that reads none")
    }

    /// The pile-up bound counts the bytes of answers held while a read's requests are
    /// parsed, not only their number: 128 answers of 256 KB (32 MB) were held before, a few now.
    @Test func bigAnswersPileUpByBytesNotCount() throws {
        let built = try Self.answersBuiltForAClientThatReadsNone(bodyBytes: 256 * 1024, count: 300)
        #expect(built < 64, "\(built) answers of 256 KB built for a client that reads none")
    }
}

/// A count shared between the loop thread and the test.
final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
