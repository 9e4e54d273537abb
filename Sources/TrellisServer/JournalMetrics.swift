import Storage

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
                case .delete: break
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
        PrometheusText.single(&out, name: "trellis_journal_appends_total", type: "counter",
                              help: "Session records written to the store (creates, edits batches, checkpoints).", value: Int(s.appends))
        PrometheusText.single(&out, name: "trellis_journal_bytes_total", type: "counter",
                              help: "Bytes of session records written to the store.", value: Int(s.bytes))
        PrometheusText.single(&out, name: "trellis_journal_commits_total", type: "counter",
                              help: "Store transactions (one holds every record that waited for it).", value: Int(s.commits))
        PrometheusText.single(&out, name: "trellis_journal_fsyncs_total", type: "counter",
                              help: "Store transactions synced to disk before their answers (--durability fsync or batch).", value: Int(s.fsyncs))
        PrometheusText.single(&out, name: "trellis_journal_failures_total", type: "counter",
                              help: "Store transactions that failed (their sessions kept in memory only).", value: Int(s.failures))
        PrometheusText.single(&out, name: "trellis_journal_compactions_total", type: "counter",
                              help: "Session histories compacted into a checkpoint.", value: Int(s.compactions))
        PrometheusText.single(&out, name: "trellis_sessions_restored", type: "gauge",
                              help: "Sessions found in the store at start.", value: s.restored)
        PrometheusText.single(&out, name: "trellis_sessions_damaged", type: "gauge",
                              help: "Sessions found damaged in the store at start (not loaded; see the log).", value: s.damaged)
        PrometheusText.header(&out, name: "trellis_journal_append_seconds", type: "histogram",
                              help: "From a request handing its records to the journal to their commit.")
        PrometheusText.histogram(&out, name: "trellis_journal_append_seconds", labels: [], data: s.wait)
    }
}
