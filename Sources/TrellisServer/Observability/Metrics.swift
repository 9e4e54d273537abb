#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Platform

/// Request and solver metrics, rendered in the Prometheus text format.
///
/// Recording is cheap and contention-free in practice: state is split into shards
/// picked by the recording thread, each behind its own lock; one request takes one
/// uncontended lock. Rendering merges the shards.
public final class Metrics: Sendable {
    /// Methods get a label of their own; any other method is `OTHER` (bounded labels).
    static let methods = ["GET", "POST", "DELETE", "OPTIONS", "HEAD", "PUT", "PATCH", "OTHER"]

    private let shards: [Shard]
    /// The durable journal's counters (zero when sessions live in memory only).
    public let journal = JournalMetrics()
    /// A fleet's ownership counters (zero on a single instance; docs/fleet.md).
    public let fleet = FleetMetrics()
    /// Solves stopped because their client had gone.
    private let abandonedSolves = Atomic<Int>(0)
    /// Requests handed to the app and not yet answered.
    private let inFlight = Atomic<Int>(0)
    /// Reads the server's open connections (set once the server exists). The closure is
    /// boxed: a bare closure passed `inout` through the generic `Locked` is reabstracted on
    /// every access, each read wrapping it in two more thunks, until calling it overflowed a
    /// thread's stack (found by the http fuzzer after about a million inputs).
    private let connections = Locked<ConnectionSource?>(nil)
    private final class ConnectionSource: Sendable {
        let read: @Sendable () -> Int
        init(_ read: @escaping @Sendable () -> Int) { self.read = read }
    }

    public init(shardCount: Int = 16) {
        shards = (0..<max(1, shardCount)).map { _ in Shard() }
    }

    /// One answered request.
    public func recordRequest(route: Route, method: String, status: Int, nanos: UInt64) {
        let m = Metrics.methods.firstIndex(of: method) ?? Metrics.methods.count - 1
        let key = RequestKey(route: route, method: m, status: status)
        shard().state.withLock { state in
            state.requests[key, default: 0] &+= 1
            state.latency[route.rawValue].observe(nanos: nanos)
        }
    }

    /// A request arrived at the app / was answered.
    public func requestStarted() { inFlight.add(1, ordering: .relaxed) }
    public func requestFinished() { inFlight.subtract(1, ordering: .relaxed) }
    /// Requests handed to the app and not yet answered (`trellis_requests_in_flight`).
    public var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Where `trellis_connections_open` comes from: the HTTP server serving these metrics.
    public func countConnections(_ read: @escaping @Sendable () -> Int) {
        let source = ConnectionSource(read)
        connections.withLock { $0 = source }
    }

    /// The server's open connections, once it has said where to read them.
    var connectionsOpen: Int? { connections.withLock { $0 }?.read() }

    /// A solve stopped early because its client had gone.
    public func recordAbandonedSolve() { abandonedSolves.add(1, ordering: .relaxed) }

    /// One solve (its solver time).
    public func recordSolve(nanos: UInt64) {
        shard().state.withLock { $0.solve.observe(nanos: nanos) }
    }

    /// How long the handling of one request held its event loop (at most 50 ms by design).
    public func recordLoopHold(nanos: UInt64) {
        shard().state.withLock { $0.loopHold.observe(nanos: nanos) }
    }

    /// The Prometheus text, with the session store's counters.
    public func render(sessions: SessionCounters) -> String {
        var merged = ShardState()
        for shard in shards {
            let s = shard.state.withLock { $0 }
            for (k, v) in s.requests { merged.requests[k, default: 0] &+= v }
            for i in merged.latency.indices { merged.latency[i].merge(s.latency[i]) }
            merged.solve.merge(s.solve)
            merged.loopHold.merge(s.loopHold)
        }

        var out = ""
        out.reserveCapacity(8192)
        PrometheusText.header(&out, name: "trellis_requests_total", type: "counter",
                              help: "Requests answered, by route, method and status.")
        for (key, value) in merged.requests.sorted(by: { $0.key < $1.key }) {
            PrometheusText.sample(&out, name: "trellis_requests_total", labels: [
                ("route", key.route.template), ("method", Metrics.methods[key.method]),
                ("status", String(key.status)),
            ], value: String(value))
        }
        PrometheusText.header(&out, name: "trellis_request_duration_seconds", type: "histogram",
                              help: "Time from a request's arrival at the handler to its answer, by route.")
        for route in Route.allCases where merged.latency[route.rawValue].count > 0 {
            PrometheusText.histogram(&out, name: "trellis_request_duration_seconds",
                                     labels: [("route", route.template)], data: merged.latency[route.rawValue])
        }
        PrometheusText.header(&out, name: "trellis_solve_duration_seconds", type: "histogram",
                              help: "Solver time per solving request.")
        PrometheusText.histogram(&out, name: "trellis_solve_duration_seconds", labels: [], data: merged.solve)
        PrometheusText.header(&out, name: "trellis_loop_hold_seconds", type: "histogram",
                              help: "Time the handling of one request held its event loop (small layouts are solved there).")
        PrometheusText.histogram(&out, name: "trellis_loop_hold_seconds", labels: [], data: merged.loopHold)
        PrometheusText.single(&out, name: "trellis_requests_in_flight", type: "gauge",
                              help: "Requests being handled now (arrived, not yet answered).",
                              value: inFlight.load(ordering: .relaxed))
        if let open = connectionsOpen {
            PrometheusText.single(&out, name: "trellis_connections_open", type: "gauge",
                                  help: "Client connections open now.", value: open)
        }
        PrometheusText.single(&out, name: "trellis_solves_abandoned_total", type: "counter",
                              help: "Solves stopped early because the client that asked had gone.",
                              value: abandonedSolves.load(ordering: .relaxed))
        PrometheusText.single(&out, name: "trellis_sessions_live", type: "gauge",
                              help: "Sessions alive now.", value: sessions.live)
        PrometheusText.single(&out, name: "trellis_sessions_created_total", type: "counter",
                              help: "Sessions created.", value: sessions.created)
        PrometheusText.header(&out, name: "trellis_sessions_evicted_total", type: "counter",
                              help: "Sessions dropped by the server: lru = over the session cap, idle = expired.")
        PrometheusText.sample(&out, name: "trellis_sessions_evicted_total", labels: [("reason", "lru")],
                              value: String(sessions.evictedLRU))
        PrometheusText.sample(&out, name: "trellis_sessions_evicted_total", labels: [("reason", "idle")],
                              value: String(sessions.expiredIdle))
        PrometheusText.single(&out, name: "trellis_sessions_deleted_total", type: "counter",
                              help: "Sessions deleted by their clients.", value: sessions.deleted)
        PrometheusText.single(&out, name: "trellis_sessions_asleep", type: "gauge",
                              help: "Sessions kept as their history, past the hot ones (--hot-sessions).", value: sessions.asleep)
        PrometheusText.single(&out, name: "trellis_sessions_slept_total", type: "counter",
                              help: "Sessions put to sleep (their built layout dropped).", value: sessions.slept)
        PrometheusText.single(&out, name: "trellis_sessions_woken_total", type: "counter",
                              help: "Sleeping sessions rebuilt from their history for a request.", value: sessions.woken)
        journal.render(&out)
        fleet.render(&out)
        ProcessMetrics.render(&out)
        return out
    }

    private func shard() -> Shard {
        if shards.count == 1 { return shards[0] }
        var h = UInt64(UInt(bitPattern: Int(bitPattern: pthreadID())))
        h ^= h >> 33
        h &*= 0xff51afd7ed558ccd
        h ^= h >> 33
        return shards[Int(h % UInt64(shards.count))]
    }

    private func pthreadID() -> UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }

    struct RequestKey: Hashable, Comparable, Sendable {
        var route: Route
        var method: Int
        var status: Int
        static func < (a: RequestKey, b: RequestKey) -> Bool {
            (a.route.rawValue, a.method, a.status) < (b.route.rawValue, b.method, b.status)
        }
    }

    struct ShardState: Sendable {
        var requests: [RequestKey: UInt64] = [:]
        var latency = Route.allCases.map { _ in HistogramData(boundsSeconds: HistogramData.requestBuckets) }
        var solve = HistogramData(boundsSeconds: HistogramData.solveBuckets)
        var loopHold = HistogramData(boundsSeconds: HistogramData.loopHoldBuckets)
    }

    final class Shard: Sendable {
        let state = Locked(ShardState())
    }
}
