import Layout
import Dispatch
import Synchronization
import TrellisServer
import Platform

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let nanos = Atomic<UInt64>(1_000_000_000)
    var now: NanoClock { { [self] in nanos.load(ordering: .relaxed) } }
    func advance(seconds: Double) { nanos.wrappingAdd(UInt64(seconds * 1e9), ordering: .relaxed) }
}

/// Collects a response that may arrive on another thread.
final class ResponseBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = Lock()
    private var response: TrellisResponse?
    private var calls = 0

    func put(_ r: TrellisResponse) {
        lock.withLock { response = r; calls += 1 }
        semaphore.signal()
    }

    func take() -> (TrellisResponse, Int) {
        semaphore.wait()
        return lock.withLock { (response!, calls) }
    }
}

/// Calls the app and waits for its answer.
func call<S: LayoutService>(_ app: TrellisApp<S>, _ method: String, _ target: String,
                            headers: [HeaderField] = [], body: String = "") -> TrellisResponse {
    let box = ResponseBox()
    app.handle(TrellisRequest(method: method, target: target, headers: headers, body: Array(body.utf8))) { box.put($0) }
    let (response, calls) = box.take()
    precondition(calls == 1)
    return response
}

let jsonType = [HeaderField("Content-Type", "application/json")]

extension TrellisResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A layout service that solves nothing: it answers fixed JSON and records where it ran.
/// A document body `{"views": N}` or any text; an edit body "fail" is refused (422).
struct FakeService: LayoutService {
    struct Session {
        var revision = 1
        var edits: [String] = []
        var views: Int
    }

    final class ThreadLog: Sendable {
        private let threads = Locked<[UInt]>([])
        func withLock<R: Sendable>(_ body: (inout [UInt]) -> R) -> R { threads.withLock { body(&$0) } }
    }

    let threads = ThreadLog()

    func noteThread() {
        #if canImport(Glibc)
        threads.withLock { $0.append(UInt(pthread_self())) }
        #endif
    }

    func solve(document: [UInt8], space: FrameSpace) -> ServiceReply {
        noteThread()
        if document == Array("fail".utf8) {
            return .problem(Problem(status: 422, code: .unknownView, message: "no view named x",
                                    location: ProblemLocation(pointer: "/constraints/0", line: 1, column: 2)))
        }
        return .json(200, Array(#"{"frames":{},"space":"\#(space)"}"#.utf8), solveNanos: 5_000)
    }

    func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Session?) {
        noteThread()
        if document == Array("fail".utf8) { return (solve(document: document, space: space), nil) }
        let views = estimatedViews(document: document)
        return (.json(200, Array(#"{"id":"\#(id)","revision":1}"#.utf8)), Session(views: views))
    }

    func read(session: inout Session, id: String, space: FrameSpace) -> ServiceReply {
        noteThread()
        return .json(200, Array(#"{"id":"\#(id)","revision":\#(session.revision),"edits":\#(session.edits.count)}"#.utf8))
    }

    func edit(session: inout Session, id: String, edits: [UInt8], space: FrameSpace) -> ServiceReply {
        noteThread()
        let text = String(decoding: edits, as: UTF8.self)
        if text == "fail" {
            return .problem(Problem(status: 422, code: .noMatchingConstraint, message: "no match"))
        }
        session.edits.append(text)
        session.revision += 1
        return .json(200, Array(#"{"revision":\#(session.revision)}"#.utf8))
    }

    func weight(of session: Session) -> Int { session.views }
}

#if canImport(Glibc)
import Glibc
#endif

