#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Dispatch
import Testing
@testable import HTTPServer

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
            let client = try RawClient(port: port)
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
            let client = try RawClient(port: port)
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
            let client = try RawClient(port: port)
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
            let client = try RawClient(port: port)
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
    @Test func requestsOfOneReadWaitWhileAnswersPileUp() throws {
        let handled = Counter()
        let big = [UInt8](repeating: UInt8(ascii: "y"), count: 64 * 1024)
        let config = testConfig { $0.workers = 1; $0.maxPipelinedRequests = 32 }
        let server = HTTPServer(config: config) { request, responder in
            handled.add()
            responder.send(HTTPResponse(status: 200, headers: [], body: big))
        }
        let port = try server.start()
        defer { server.shutdown(); server.wait() }
        let client = try RawClient(port: port, timeout: 10)
        let count = 400
        try client.send(String(repeating: "GET /p HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        // Until the count holds still (the server waits for us; we read nothing meanwhile):
        // 400 answers are 25 MB, far past the socket buffers and the write-queue bound.
        var last = -1
        for _ in 0..<100 where handled.value != last {
            last = handled.value
            usleep(100_000)
        }
        #expect(handled.value < count / 2, "\(handled.value) answers built for a client that reads none")
        client.setTimeout(10)
        for _ in 0..<count { #expect(try client.readResponse().status == 200) }
        #expect(handled.value == count)
    }
}

extension PipeliningTests {
    /// The pile-up bound counts the bytes of answers held while a read's requests are
    /// parsed, not only their number: 128 answers of 256 KB (32 MB) would be held before,
    /// a few now.
    @Test func bigAnswersPileUpByBytesNotCount() throws {
        let handled = Counter()
        let big = [UInt8](repeating: UInt8(ascii: "z"), count: 256 * 1024)
        let config = testConfig { $0.workers = 1 }
        let server = HTTPServer(config: config) { request, responder in
            handled.add()
            responder.send(HTTPResponse(status: 200, headers: [], body: big))
        }
        let port = try server.start()
        defer { server.shutdown(); server.wait() }
        let client = try RawClient(port: port, timeout: 10)
        let count = 300
        try client.send(String(repeating: "GET /p HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        var last = -1
        for _ in 0..<100 where handled.value != last {
            last = handled.value
            usleep(100_000)
        }
        #expect(handled.value < 64, "\(handled.value) answers of 256 KB built for a client that reads none")
        for _ in 0..<count { #expect(try client.readResponse().status == 200) }
        #expect(handled.value == count)
    }
}

/// A count shared between the loop thread and the test.
final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
