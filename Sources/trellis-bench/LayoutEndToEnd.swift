// Parts 1, 2 and 4 of `trellis-bench layout`: a document end to end (bytes in -> answer bytes
// out: decode, compile + solve, answer, encode, as `POST /v1/layouts` does), per view and across
// sizes; and our decoder's throughput against Foundation's JSONDecoder on the same bytes.
import Layout

/// Per-phase durations of the end-to-end runs (ns), to show where the time goes.
final class PhaseLog {
    var names: [String]
    var samples: [[Double]]
    init(_ names: [String]) { self.names = names; samples = Array(repeating: [], count: names.count) }

    func record(_ stamps: UInt64...) {
        for k in 0..<min(names.count, stamps.count - 1) { samples[k].append(Double(stamps[k + 1] &- stamps[k])) }
    }

    /// Median microseconds of each phase over the last `rounds` runs (the timed ones).
    func medians(lastRounds rounds: Int) -> [Double] {
        samples.map { all in
            let v = all.suffix(rounds).sorted()
            return v.isEmpty ? 0 : (v.count % 2 == 1 ? v[v.count / 2] : 0.5 * (v[v.count / 2 - 1] + v[v.count / 2])) / 1e3
        }
    }

    /// `name_us=median` for each phase over the last `rounds` runs.
    func summary(lastRounds rounds: Int) -> String {
        zip(names, medians(lastRounds: rounds)).map { "\($0)_us=" + format("%.1f", $1) }.joined(separator: " ")
    }
}

struct EndToEndResult {
    var c: LayoutCase
    var timing: TimingResult
    /// Median microseconds of decode, make, answer, encode.
    var phases: [Double]
    var perViewMicros: Double { timing.medianMicros / Double(c.viewCount) }
}

enum LayoutEndToEnd {
    /// Bytes in, answer bytes out, with the answer for checking. Failures are recorded.
    static func run(_ bytes: [UInt8], phases: PhaseLog?, failures: Failures, context: String)
        -> (answer: LayoutAnswer, bytes: [UInt8])? {
        let t0 = monotonicNanoseconds()
        let document: LayoutDocument
        switch decodeLayoutDocument(bytes) {
        case .success(let d): document = d
        case .failure(let problem): failures.add("\(context): decode failed: \(describe(problem))"); return nil
        }
        let t1 = monotonicNanoseconds()
        let layout: LiveLayout
        switch LiveLayout.make(document: document) {
        case .success(let l): layout = l
        case .failure(let problem): failures.add("\(context): make failed: \(describe(problem))"); return nil
        }
        let t2 = monotonicNanoseconds()
        let answer = layout.answer()
        let t3 = monotonicNanoseconds()
        let out = encodeLayoutAnswer(answer, includeRevision: false)
        let t4 = monotonicNanoseconds()
        phases?.record(t0, t1, t2, t3, t4)
        return (answer, out)
    }

    /// Checks each case once, then times it; prints one `layout` line per case.
    static func measure(_ cases: [LayoutCase], budget: TimingBudget, failures: Failures) -> [EndToEndResult] {
        var results: [EndToEndResult] = []
        for c in cases {
            let context = "\(c.shape.rawValue) \(c.viewCount)"
            guard let first = run(c.bytes, phases: nil, failures: failures, context: context) else { continue }
            LayoutChecks.check(first.answer, bytes: first.bytes, of: c, expected: c.expected, context: "document", into: failures)
            // The one-shot entry point must agree with make + answer.
            if case .success(let doc) = decodeLayoutDocument(c.bytes), case .success(let oneShot) = LiveLayout.solve(document: doc) {
                LayoutChecks.sameFrames(oneShot, first.answer, context: "\(context) LiveLayout.solve", into: failures)
            } else {
                failures.add("\(context): LiveLayout.solve failed")
            }
            let phases = PhaseLog(["decode", "make", "answer", "encode"])
            let timing = LayoutTiming.measure(budget, [{
                run(c.bytes, phases: phases, failures: failures, context: context)?.bytes.count ?? 0
            }])[0]
            let r = EndToEndResult(c: c, timing: timing, phases: phases.medians(lastRounds: timing.rounds))
            results.append(r)
            print("layout \(c.shape.rawValue) \(c.viewCount) e2e_us=" + format("%.1f", timing.medianMicros)
                  + " per_view_us=" + format("%.3f", r.perViewMicros)
                  + " min_us=" + format("%.1f", timing.minMicros) + " rounds=\(timing.rounds)"
                  + " bytes=\(c.bytes.count) constraints=\(c.constraintCount) answer_bytes=\(first.bytes.count) "
                  + phases.summary(lastRounds: timing.rounds))
            flushStandardOutput()
        }
        return results
    }

    /// Part 4: per-view cost across sizes, per shape, and the ratio largest / smallest.
    static func reportScaling(_ results: [EndToEndResult]) {
        for shape in LayoutShape.allCases {
            let mine = results.filter { $0.c.shape == shape }.sorted { $0.c.viewCount < $1.c.viewCount }
            guard let small = mine.first, let large = mine.last, mine.count >= 2 else { continue }
            let ratio = large.perViewMicros / small.perViewMicros
            let steps = mine.map { "\($0.c.viewCount)=" + format("%.3f", $0.perViewMicros) }.joined(separator: " ")
            // The same ratio per phase, to show which one grows faster than the views.
            let phaseRatios = ["decode", "make", "answer", "encode"].enumerated().map { k, name in
                let a = large.phases[k] / Double(large.c.viewCount), b = small.phases[k] / Double(small.c.viewCount)
                return "\(name)=" + format("%.2f", b > 0 ? a / b : 0)
            }.joined(separator: " ")
            print("scaling \(shape.rawValue) per_view_us \(steps) ratio_\(large.c.viewCount)_\(small.c.viewCount)="
                  + format("%.2f", ratio) + " (linear = 1.00; target: close to linear) "
                  + (ratio <= 2 ? "ok" : "MISS") + "; per phase: " + phaseRatios)
        }
    }

    /// Part 2: our decoder against JSONDecoder, interleaved on the same bytes. One line per
    /// case and an overall line (total bytes over the sum of medians).
    static func measureDecode(_ cases: [LayoutCase], budget: TimingBudget, failures: Failures) {
        let foundation = FoundationDocumentDecoder()
        var totalBytes = 0.0, oursSeconds = 0.0, theirsSeconds = 0.0
        for c in cases {
            let context = "\(c.shape.rawValue) \(c.viewCount) decode"
            let theirs = foundation.prepared(c.bytes)
            // Both must read the whole document.
            guard case .success(let doc) = decodeLayoutDocument(c.bytes) else { failures.add("\(context): ours failed"); continue }
            guard let counts = theirs() else { failures.add("\(context): JSONDecoder failed"); continue }
            if doc.views.count != c.viewCount || doc.constraints.count != c.constraintCount
                || counts.views != c.viewCount || counts.constraints != c.constraintCount {
                failures.add("\(context): views/constraints ours \(doc.views.count)/\(doc.constraints.count), "
                             + "JSONDecoder \(counts.views)/\(counts.constraints), generated \(c.viewCount)/\(c.constraintCount)")
            }
            let bytes = c.bytes
            let t = LayoutTiming.measure(budget, [
                {
                    switch decodeLayoutDocument(bytes) {
                    case .success(let d): return d.constraints.count
                    case .failure: return -1
                    }
                },
                { theirs()?.constraints ?? -1 },
            ])
            let mb = Double(bytes.count) / 1e6
            let ours = mb / (t[0].median / 1e9), theirsRate = mb / (t[1].median / 1e9)
            totalBytes += Double(bytes.count)
            oursSeconds += t[0].median / 1e9
            theirsSeconds += t[1].median / 1e9
            print("decode \(c.shape.rawValue) \(c.viewCount) bytes=\(bytes.count) ours_us=" + format("%.1f", t[0].medianMicros)
                  + " foundation_us=" + format("%.1f", t[1].medianMicros) + " ours_MBps=" + format("%.1f", ours)
                  + " foundation_MBps=" + format("%.1f", theirsRate) + " ratio=" + format("%.2f", ours / theirsRate)
                  + " rounds=\(t[0].rounds)")
            flushStandardOutput()
        }
        guard oursSeconds > 0, theirsSeconds > 0 else { return }
        let ours = totalBytes / 1e6 / oursSeconds, theirs = totalBytes / 1e6 / theirsSeconds
        print("decode ours_MBps=" + format("%.1f", ours) + " foundation_MBps=" + format("%.1f", theirs)
              + " ratio=" + format("%.2f", ours / theirs) + " (target >= 3) " + (ours / theirs >= 3 ? "ok" : "MISS"))
    }

    static func describe(_ problem: LayoutProblem) -> String {
        let first = problem.errors.first.map { "\($0.code): \($0.message)" } ?? "?"
        return "\(problem.status) \(problem.title): \(first)" + (problem.errors.count > 1 ? " (+\(problem.errors.count - 1) more)" : "")
    }
}
