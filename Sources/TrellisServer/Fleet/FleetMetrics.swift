import Platform

/// A fleet's counters (docs/fleet.md), rendered with the other metrics (zero on a single
/// instance).
public final class FleetMetrics: Sendable {
    enum StoreCall: String { case claim, commit }

    struct State: Sendable {
        var takeovers: UInt64 = 0
        var renewals: UInt64 = 0
        var releases: UInt64 = 0
        var fenced: UInt64 = 0
        var refused: UInt64 = 0
        var claim = HistogramData(boundsSeconds: HistogramData.requestBuckets)
        var commit = HistogramData(boundsSeconds: HistogramData.requestBuckets)
    }

    private let state = Locked(State())

    public init() {}

    func recordTakeover() { state.withLock { $0.takeovers &+= 1 } }
    func recordRenewal() { state.withLock { $0.renewals &+= 1 } }
    func recordRelease() { state.withLock { $0.releases &+= 1 } }
    func recordFenced(_ sessions: Int) { state.withLock { $0.fenced &+= UInt64(sessions) } }
    func recordRefused() { state.withLock { $0.refused &+= 1 } }
    func recordStore(_ call: StoreCall, nanos: UInt64) {
        state.withLock { s in
            switch call {
            case .claim: s.claim.observe(nanos: nanos)
            case .commit: s.commit.observe(nanos: nanos)
            }
        }
    }

    func render(_ out: inout String) {
        let s = state.withLock { $0 }
        let families: [(name: String, help: String, value: UInt64)] = [
            ("trellis_fleet_takeovers_total", "Sessions this instance took over from the shared store (a new epoch).", s.takeovers),
            ("trellis_fleet_lease_renewals_total", "Claims that renewed a lease this instance held (its copy current).", s.renewals),
            ("trellis_fleet_lease_releases_total", "Leases let go when their sessions went to sleep.", s.releases),
            ("trellis_fleet_fenced_total", "Writes the shared store refused: another instance owned the session by then.", s.fenced),
            ("trellis_fleet_refused_total", "Requests answered 503 because another instance held the session's lease.", s.refused),
        ]
        for f in families { PrometheusText.single(&out, name: f.name, type: "counter", help: f.help, value: Int(f.value)) }
        PrometheusText.header(&out, name: "trellis_store_seconds", type: "histogram",
                              help: "Round trips to the shared store: claims (take-overs, renewals) and commits.")
        PrometheusText.histogram(&out, name: "trellis_store_seconds", labels: [("op", StoreCall.claim.rawValue)], data: s.claim)
        PrometheusText.histogram(&out, name: "trellis_store_seconds", labels: [("op", StoreCall.commit.rawValue)], data: s.commit)
    }
}
