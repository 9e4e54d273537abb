import TestSupport
import Layout
import Dispatch
import Logging
import Storage
import Synchronization
import Testing
import TrellisServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Platform

/// A tiny layout service for the end-to-end tests: it reads nothing but what it needs.
/// A session is a counter: edits `{"add": N}` add N and bump the revision; its answers
/// say `{"id", "revision", "total", "edits"}`. A body "fail" is refused (422). With a
/// `gate`, `solve` signals `entered` and then waits for `release` (an in-flight request
/// the test controls).
struct CounterService: LayoutService {
    struct Session {
        var revision = 1
        var total = 0
        var edits = 0
    }

    final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    var gate: Gate? = nil

    func solve(document: [UInt8], space: FrameSpace) -> ServiceReply {
        if let gate {
            gate.entered.signal()
            gate.release.wait()
        }
        if document == Array("fail".utf8) {
            return .problem(Problem(status: 422, code: .unknownView, message: "no view named x",
                                    location: ProblemLocation(pointer: "/constraints/0", line: 1, column: 2)))
        }
        return .json(200, Array(#"{"frames":{},"bytes":\#(document.count),"space":"\#(space)"}"#.utf8), solveNanos: 1_000)
    }

    func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Session?) {
        if document == Array("fail".utf8) { return (solve(document: document, space: space), nil) }
        let session = Session()
        return (answer(session, id: id, space: space), session)
    }

    func read(session: inout Session, id: String, space: FrameSpace) -> ServiceReply {
        answer(session, id: id, space: space)
    }

    func edit(session: inout Session, id: String, edits: [UInt8], space: FrameSpace) -> ServiceReply {
        guard let n = CounterService.addend(edits) else {
            return .problem(Problem(status: 422, code: .noMatchingConstraint, message: "no match",
                                    location: ProblemLocation(pointer: "/ops/0", line: 1, column: 1)))
        }
        // A read-modify-write that would lose updates if two edits of one session overlapped.
        var next = session
        next.total += n
        next.edits += 1
        next.revision += 1
        session = next
        return answer(session, id: id, space: space)
    }

    func weight(of session: Session) -> Int { 1 }

    private func answer(_ s: Session, id: String, space: FrameSpace) -> ServiceReply {
        .json(200, Array(#"{"id":"\#(id)","revision":\#(s.revision),"total":\#(s.total),"edits":\#(s.edits),"space":"\#(space)"}"#.utf8))
    }

    /// N of `{"add": N}`, nil for anything else.
    static func addend(_ body: [UInt8]) -> Int? {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix(#"{"add":"#), text.hasSuffix("}") else { return nil }
        return Int(text.dropFirst(7).dropLast().filter { $0 != " " })
    }
}

/// The real thing on loopback: a `TrellisApp` behind a `TrellisHTTPServer` on an
/// ephemeral port of 127.0.0.1.
final class LiveServer<Service: LayoutService> {
    let app: TrellisApp<Service>
    let server: TrellisHTTPServer
    let port: Int

    /// - Parameter stateDir: a directory for the durable session store (opened, and the
    ///   sessions it holds restored, as `trellis serve` does); nil: memory only.
    ///   - sharedStore: a fleet's store instead (docs/fleet.md); sessions are claimed from it.
    init(_ service: Service, stateDir: String? = nil, durability: Durability = .batch, sharedStore: SharedJournalStore? = nil,
         _ edit: (inout ServerConfig) -> Void = { _ in }) throws {
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.workers = 2
        config.solverThreads = 2
        edit(&config)
        var logger = Logger(label: "e2e")
        logger.logLevel = .critical
        let metrics = Metrics()
        var journal: JournalWriter?
        var listing: StoreListing?
        if let stateDir {
            let (store, found) = try SQLiteJournalStore.open(directory: stateDir, sync: durability == .none ? .off : .full)
            journal = JournalWriter(store: store, durability: durability, metrics: metrics.journal, logger: logger)
            listing = found
        }
        if let sharedStore {
            journal = JournalWriter(store: sharedStore, durability: durability, metrics: metrics.journal, logger: logger,
                                    fleetMetrics: metrics.fleet)
        }
        // The real engine's traffic is checked against openapi.yaml (scripts/check-traffic).
        let exchangeLog = service is LayoutEngineService ? ExchangeLog.fromEnvironment() : nil
        app = TrellisApp(config: config, service: service, metrics: metrics, logger: logger, journal: journal,
                         exchangeLog: exchangeLog)
        if let listing { app.restore(listing) }
        server = TrellisHTTPServer(config: config, app: app, shutdownTimeoutSeconds: 5)
        port = try server.start()
    }

    func client(timeout: Double = 10) throws -> TestHTTPClient { try TestHTTPClient(port: port, timeout: timeout) }

    /// Graceful shutdown, then the worker pool.
    func stop() {
        server.shutdown()
        server.wait()
        app.shutdown()
    }
}

func withLiveServer(_ service: CounterService = CounterService(), _ edit: (inout ServerConfig) -> Void = { _ in },
                    _ body: (LiveServer<CounterService>) throws -> Void) throws {
    let live = try LiveServer(service, edit)
    defer { live.stop() }
    try body(live)
}

/// Runs `body(i)` for i in 0..<count on `count` threads of their own (blocking I/O
/// inside would starve a thread pool sized to the cores) and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job: @unchecked Sendable {
        let body: @Sendable (Int) -> Void
        let index: Int
        init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) { self.body = body; self.index = index }
    }
    var threads: [pthread_t] = []
    for i in 0..<count {
        let job = Unmanaged.passRetained(Job(body, i)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            #if canImport(Darwin)
            let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
            #else
            let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            #endif
            job.body(job.index)
            return nil
        }, job)
        precondition(rc == 0, "pthread_create failed")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// Each of `connections` clients, on a thread of its own, POSTs `rounds * perRound` edits
/// batches, `batch(client, round, k)` giving each one's path and body; answers other than
/// 200 are collected as failures (an empty list: every edit was applied).
func postEditsConcurrently(port: Int, connections: Int, rounds: Int, perRound: Int,
                           _ batch: @escaping @Sendable (Int, Int, Int) -> (path: String, body: String)) -> [String] {
    let failures = Locked<[String]>([])
    onThreads(connections) { t in
        do {
            let client = try TestHTTPClient(port: port)
            for r in 0..<rounds {
                for k in 0..<perRound {
                    let (path, body) = batch(t, r, k)
                    let answer = try client.postJSON(path, body)
                    if answer.status != 200 { throw TestHTTPClient.Failure(description: "\(answer.status) \(answer.text)") }
                }
            }
        } catch {
            failures.withLock { $0.append("\(error)") }
        }
    }
    return failures.withLock { $0 }
}

/// The value of one sample in a /metrics text (0 when absent).
func sample(_ metricsText: String, _ key: String) throws -> Double {
    try ParsedMetrics(metricsText).samples[key] ?? 0
}

extension DispatchSemaphore {
    /// Waits at most `seconds`; false on timeout.
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + .milliseconds(Int(seconds * 1000))) == .success
    }
}
