// Timing for `trellis-bench layout`: each measured body is one whole operation (a document end
// to end, one decode, one edit), timed on the monotonic clock. Bodies that are compared run
// interleaved, round by round (A B A B ...), so that load swings on a shared machine hit both
// alike; results are medians over the rounds, after a warm-up.

struct TimingBudget {
    /// Untimed rounds first: at least this many, and at least `warmupSeconds`.
    var warmupRounds = 2
    var warmupSeconds = 0.05
    /// Then timed rounds until both minimums are met, or either maximum.
    var minRounds = 7
    var minSeconds = 0.4
    var maxRounds = 4000
    var maxSeconds = 3.0
}

struct TimingResult {
    /// Nanoseconds per run, sorted.
    var samples: [Double]

    var median: Double {
        let v = samples
        return v.count % 2 == 1 ? v[v.count / 2] : 0.5 * (v[v.count / 2 - 1] + v[v.count / 2])
    }
    var medianMicros: Double { median / 1e3 }
    var minMicros: Double { (samples.first ?? 0) / 1e3 }
    var rounds: Int { samples.count }

    /// The sample at fraction `p` of the sorted samples (nearest rank), in microseconds.
    func percentileMicros(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        return samples[min(samples.count - 1, Int(Double(samples.count) * p))] / 1e3
    }
}

/// Keeps results observable so that the optimiser cannot drop the work that made them.
final class Sink {
    var value = 0
    func take(_ n: Int) { value &+= n }
}

enum LayoutTiming {
    /// Runs `bodies` round-robin under `budget`; one result per body. Each body returns
    /// something derived from its work (a byte count), fed to a sink. `repeats[b]` (default 1)
    /// runs body b that many times per round, each run its own sample: a round runs every body
    /// once in order, then those with repeats left again, in order (e.g. [1, 4, 4]: A B C B C B C B C).
    static func measure(_ budget: TimingBudget, _ bodies: [() -> Int], repeats: [Int] = []) -> [TimingResult] {
        let sink = Sink()
        let repeats = bodies.indices.map { $0 < repeats.count ? max(repeats[$0], 1) : 1 }
        let passes = repeats.max() ?? 1
        let warmStart = monotonicNanoseconds()
        var warm = 0
        while warm < budget.warmupRounds || seconds(since: warmStart) < budget.warmupSeconds {
            for pass in 0..<passes { for (b, body) in bodies.enumerated() where repeats[b] > pass { sink.take(body()) } }
            warm += 1
            if seconds(since: warmStart) > budget.maxSeconds { break }
        }
        var samples = Array(repeating: [Double](), count: bodies.count)
        let start = monotonicNanoseconds()
        var rounds = 0
        while true {
            let elapsed = seconds(since: start)
            if rounds >= budget.maxRounds { break }
            if rounds >= budget.minRounds && elapsed >= budget.minSeconds { break }
            if rounds >= 3 && elapsed >= budget.maxSeconds { break }
            for pass in 0..<passes {
                for (b, body) in bodies.enumerated() where repeats[b] > pass {
                    let t0 = monotonicNanoseconds()
                    let n = body()
                    let t1 = monotonicNanoseconds()
                    sink.take(n)
                    samples[b].append(Double(t1 &- t0))
                }
            }
            rounds += 1
        }
        if sink.value == Int.min { print("") }  // never true; keeps the sink alive
        return samples.map { TimingResult(samples: $0.sorted()) }
    }

    static func seconds(since start: UInt64) -> Double { Double(monotonicNanoseconds() &- start) / 1e9 }
}
