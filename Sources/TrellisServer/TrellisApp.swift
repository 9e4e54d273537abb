import Layout
import Logging
import Storage
import Synchronization
import Platform

/// The request handler of the service: routes a request, checks what the HTTP side of
/// the contract asks (methods, media types, body size, query), runs layout work through
/// a `LayoutService` (inline for small layouts, on the worker pool for big ones), keeps
/// the sessions, and adds request ids, CORS headers, metrics and an access-log line to
/// every answer.
///
/// `handle` may be called from any thread (every event loop); `respond` is called exactly
/// once, possibly from a worker thread.
public final class TrellisApp<Service: LayoutService>: Sendable {
    public let config: ServerConfig
    public let service: Service
    public let store: SessionStore<Service.Session>
    public let metrics: Metrics
    public let pool: WorkerPool
    /// Where sessions' histories are made durable; nil: in memory only (docs/durability.md).
    public let journal: JournalWriter?
    let logger: Logger
    /// The logger's own handler when it is ours without metadata of its own: the access log
    /// writes its line straight through it (found once, not cast per request).
    let lineHandler: LineLogHandler?
    let clock: NanoClock
    let requestIDs = RequestIDs()
    let cors: CORSPolicy
    private let lastSweep: Atomic<UInt64>
    /// Set when a graceful shutdown begins: `/readyz` answers 503 from then on.
    let draining = Atomic<Bool>(false)
    /// Every exchange, for checking traffic against the spec (nil: off).
    let exchangeLog: ExchangeLog?
    /// Set when the journal's store is shared by a fleet (docs/fleet.md).
    let fleet: Fleet?

    public init(config: ServerConfig, service: Service, metrics: Metrics = Metrics(),
                logger: Logger = Logger(label: "trellis"), clock: @escaping NanoClock = MonotonicClock.now,
                pool: WorkerPool? = nil, journal: JournalWriter? = nil, exchangeLog: ExchangeLog? = nil) {
        self.config = config
        self.exchangeLog = exchangeLog
        self.journal = journal
        self.service = service
        self.metrics = metrics
        self.logger = logger
        self.lineHandler = (logger.handler as? LineLogHandler).flatMap { $0.metadata.isEmpty ? $0 : nil }
        self.clock = clock
        self.cors = config.cors
        self.pool = pool ?? WorkerPool(threads: config.solverThreads)
        let fleet = (journal?.store as? SharedJournalStore).map { Fleet(store: $0, now: clock()) }
        self.fleet = fleet
        var onRemove: (@Sendable (String) -> Void)?
        var onSleep: (@Sendable (String) -> Void)?
        if let journal {
            onRemove = { id in journal.submit([.delete(session: id)]) }
            if let fleet {
                onRemove = Self.fleetRemoval(fleet, journal: journal)
                onSleep = Self.leaseRelease(fleet, pool: self.pool, clock: clock, metrics: metrics.fleet, logger: logger)
            }
        }
        self.store = SessionStore(maxSessions: config.maxSessions, idleSeconds: config.sessionIdleSeconds,
                                  clock: clock, weigh: { [service] in service.weight(of: $0) },
                                  hibernation: Self.hibernation(service, config: config, pool: self.pool, onSleep: onSleep),
                                  onRemove: onRemove)
        self.lastSweep = Atomic(clock())
    }

    /// Makes the sessions the durable store holds known, each to be woken from the store on
    /// its first request; answers how many. Called once, before the server listens.
    @discardableResult
    public func restore(_ listing: StoreListing) -> Int {
        // A fleet's sessions are claimed one by one, on their first request here.
        guard let journal, fleet == nil else { return 0 }
        var restored = 0
        for stored in listing.sessions where SessionID.isWellFormed(stored.id) {
            guard let session = service.storedSession(stored, store: journal.store) else { continue }
            if store.insertAsleep(session, id: stored.id) { restored += 1 }
        }
        if let aside = listing.setAside {
            logger.error("store", metadata: ["error": .string("the store could not be used and was moved aside to \(aside); starting with an empty one")])
        }
        for (id, reason) in listing.damaged {
            logger.error("store", metadata: ["session": .string(id), "error": .string("damaged, not loaded: \(reason)")])
        }
        metrics.journal.recordStart(restored: restored, damaged: listing.damaged.count + (listing.setAside == nil ? 0 : 1))
        logger.notice("store", metadata: ["restored": .stringConvertible(restored), "damaged": .stringConvertible(listing.damaged.count)])
        return restored
    }

    /// Sessions past `hotSessions` sleep; what a big one lets go of is freed on the pool.
    static func hibernation(_ service: Service, config: ServerConfig, pool: WorkerPool,
                            onSleep: (@Sendable (String) -> Void)?) -> Hibernation<Service.Session> {
        let threshold = config.bigSolveThreshold
        return Hibernation(hotLimit: config.hotSessions, sleep: { session in
            let big = service.weight(of: session) > threshold
            guard let released = service.sleep(&session) else { return false }
            if big {
                // The only reference moves into the box, so whichever thread empties the box
                // frees the layout: the worker, unless the pool refuses the job.
                let box = ReleaseBox(consume released)
                if !pool.submit({ box.empty() }) { box.empty() }
            }
            return true
        }, isAsleep: { service.isAsleep($0) }, onSleep: onSleep)
    }

    /// A graceful shutdown began: readiness goes, requests still in flight are answered.
    public func beginDraining() {
        if !draining.exchange(true, ordering: .relaxed) {
            logger.notice("stopping", metadata: ["reason": "shutdown requested; draining requests in flight"])
        }
    }

    /// Finishes queued work, stops the worker threads, then writes what the journal holds.
    public func shutdown() {
        pool.shutdown()
        journal?.shutdown()
        (logger.handler as? LineLogHandler)?.sink.flush()
    }

    public func handle(_ request: TrellisRequest, respond: @escaping @Sendable (TrellisResponse) -> Void) {
        let start = clock()
        sweepIfDue(now: start)
        metrics.requestStarted()
        let requestID = requestIDs.id(for: request)
        let finish: @Sendable (Route, consuming TrellisResponse) -> Void = { [self] route, response in
            self.finish(request, route: route, response: response, requestID: requestID, start: start, respond: respond)
        }
        switch Router.match(method: request.method, path: request.path) {
        case .notFound:
            finish(.unmatched, problem(.notFound(path: request.path), request))
        case .methodNotAllowed(let route, let allow):
            var response = problem(.methodNotAllowed(method: request.method, allow: allow), request)
            response.headers.append(HeaderField("Allow", allow.joined(separator: ", ")))
            finish(route, response)
        case .options(let route, _):
            finish(route, cors.preflight(request, route: route))
        case .endpoint(let endpoint, let id):
            dispatch(endpoint, sessionID: id, request) { finish(endpoint.route, $0) }
        }
        // What ran here held the event loop that called (small layouts are solved inline).
        metrics.recordLoopHold(nanos: clock() &- start)
    }

    /// Gives what a request wrote to its session's history to the journal (under the
    /// session's lock, so in the session's order); `held` goes once it is committed.
    func handOver(_ writes: [JournalWrite], of id: String, epoch: Int64? = nil, then held: HeldAnswer?) {
        for write in writes { if case .replace = write { metrics.journal.recordCompaction() } }
        // A history that could not be compacted leaves a single server's store (the session
        // goes on in memory); in a fleet the store's history is the session, so this edit is
        // refused instead (503, this copy dropped) and the next request replays the history.
        if fleet != nil, writes.contains(.forget) {
            held?.committed(.failed)
            return
        }
        journal?.submit(fenced(writes.map { $0.op(session: id) }, of: id, epoch: epoch), then: held?.committed)
    }

    /// How long one request may solve on an event loop before it is moved to the pool.
    /// 40 ms: with the decoding before and the freeing after, the loop is held at most 50 ms
    /// (`scripts/bench-loop-lag`).
    static var loopSolveSeconds: Double { 0.04 }

    /// Bodies larger than this go to the pool whatever the layout's size. An edit cannot be
    /// tried on the loop and moved (a refusal is part of a session's history), so its size
    /// decides: 16 KiB is about 800 constraints at distinct priorities, about 50 ms of
    /// solving on the reference machine (BENCHMARKS.md). A document that big would spend
    /// its loop attempt decoding, and then decode again on the pool.
    static var loopBodyBytes: Int { 16 * 1024 }

    /// A one-shot body past which the memory its solve freed is given back to the system
    /// at once (`returnFreedMemory`): about 10,000 constraints, tens of MB at the peak.
    static var trimBodyBytes: Int { 256 * 1024 }

    /// Whether a one-shot or a session's creation goes straight to the pool.
    func looksBig(_ body: [UInt8]) -> Bool {
        body.count > Self.loopBodyBytes || service.estimatedViews(document: body) > config.bigSolveThreshold
    }

    /// A one-shot solve or a session create: on the pool when it looks big; otherwise on the
    /// event loop within `loopSolveSeconds`, and when that is not enough (`attempt` answers
    /// false: refused for time, nothing kept), again on the pool with the whole budget. So
    /// no such request holds an event loop longer, whatever its size suggested.
    /// What an attempt on an event loop may take.
    var loopAttemptSeconds: Double { min(Self.loopSolveSeconds, config.maxSolveSeconds) }

    func runBounded(big: Bool, _ attempt: @escaping @Sendable (Double) -> Bool) {
        let whole = config.maxSolveSeconds
        let onPool: @Sendable () -> Void = { _ = attempt(whole) }
        if big {
            if !pool.submit(onPool) { onPool() }
            return
        }
        if attempt(loopAttemptSeconds) { return }
        if !pool.submit(onPool) { onPool() }
    }

    /// Whether an attempt that ran out of time goes again with the whole budget on the pool:
    /// yes after the loop's short first attempt, unless the client has gone (a client that
    /// has gone stops the work it asked for; that is counted, and answered as is).
    func retries(outOfTime: Bool, seconds: Double, _ request: TrellisRequest) -> Bool {
        guard outOfTime else { return false }
        if request.isAbandoned() {
            metrics.recordAbandonedSolve()
            return false
        }
        return seconds < config.maxSolveSeconds
    }

    /// Runs layout work inline, or on the worker pool when it is big.
    func run(big: Bool, _ work: @escaping @Sendable () -> Void) {
        if big, pool.submit(work) { return }
        work()
    }

    // MARK: - Answers

    func reply(_ reply: ServiceReply, _ request: TrellisRequest) -> TrellisResponse {
        if let nanos = reply.solveNanos { metrics.recordSolve(nanos: nanos) }
        if let refusal = reply.problem { return problem(refusal, request) }
        return TrellisResponse(status: reply.status, headers: TrellisResponse.contentType(reply.contentType),
                               body: reply.body)
    }

    func problem(_ problem: Problem, _ request: TrellisRequest) -> TrellisResponse {
        var p = problem
        if p.instance == nil { p.instance = request.path }
        return .problem(p)
    }

    /// Expires idle sessions at most once a second (besides the lazy checks on access).
    private func sweepIfDue(now: UInt64) {
        let last = lastSweep.load(ordering: .relaxed)
        guard now > last, now - last > 1_000_000_000 else { return }
        if lastSweep.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged {
            store.sweep()
            if let fleet { sweepStore(fleet, now: now) }
        }
    }
}
