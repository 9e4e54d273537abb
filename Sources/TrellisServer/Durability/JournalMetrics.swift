import Storage
import Platform

/// The durable journal's counters (docs/durability.md), rendered with the other metrics.
public final class JournalMetrics: Sendable {
    struct State: Sendable {
        var appends: UInt64 = 0
        var bytes: UInt64 = 0
        var commits: UInt64 = 0
        var fsyncs: UInt64 = 0
        var failures: UInt64 = 0
        var compactions: UInt64 = 0
        var restored = 0
        var damaged = 0
        /// From a request handing its records over to their commit.
        var wait = HistogramData(boundsSeconds: HistogramData.requestBuckets)
    }

    private let state = Locked(State())

    public init() {}

    func recordCommit(ops: [StoreOp], synced: Bool, waits: [UInt64]) {
        state.withLock { s in
            for op in ops {
                switch op {
                case .create(_, let r), .append(_, let r), .replace(_, let r):
                    s.appends &+= 1
                    s.bytes &+= UInt64(r.body.count)
                case .delete, .fence: break
                }
            }
            s.commits &+= 1
            if synced { s.fsyncs &+= 1 }
            for w in waits { s.wait.observe(nanos: w) }
        }
    }

    func recordFailure() { state.withLock { $0.failures &+= 1 } }
    public func recordCompaction() { state.withLock { $0.compactions &+= 1 } }
    func recordStart(restored: Int, damaged: Int) {
        state.withLock { s in
            s.restored = restored
            s.damaged = damaged
        }
    }

    var snapshot: State { state.withLock { $0 } }

    func render(_ out: inout String) {
        let s = snapshot
        let families: [(name: String, type: String, help: String, value: Int)] = [
            ("trellis_journal_appends_total", "counter", "Session records written to the store (creates, edits batches, checkpoints).", Int(s.appends)),
            ("trellis_journal_bytes_total", "counter", "Bytes of session records written to the store.", Int(s.bytes)),
            ("trellis_journal_commits_total", "counter", "Store transactions (one holds every record that waited for it).", Int(s.commits)),
            ("trellis_journal_fsyncs_total", "counter", "Store transactions synced to disk before their answers (--durability fsync or batch).", Int(s.fsyncs)),
            ("trellis_journal_failures_total", "counter", "Store transactions that failed (their sessions kept in memory only).", Int(s.failures)),
            ("trellis_journal_compactions_total", "counter", "Session histories compacted into a checkpoint.", Int(s.compactions)),
            ("trellis_sessions_restored", "gauge", "Sessions found in the store at start.", s.restored),
            ("trellis_sessions_damaged", "gauge", "Sessions found damaged in the store at start (not loaded; see the log).", s.damaged),
        ]
        for f in families { PrometheusText.single(&out, name: f.name, type: f.type, help: f.help, value: f.value) }
        PrometheusText.header(&out, name: "trellis_journal_append_seconds", type: "histogram",
                              help: "From a request handing its records to the journal to their commit.")
        PrometheusText.histogram(&out, name: "trellis_journal_append_seconds", labels: [], data: s.wait)
    }
}
