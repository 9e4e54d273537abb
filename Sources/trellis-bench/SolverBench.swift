// `trellis-bench solver [options] FILE.trace...`: replays kiwi anchor traces on our Solver and
// prints the same lines as kiwi_replay (TRACE / RESULT / CHECKS / PEAKRSS), one trace after another.

enum SolverBench {
    static let usage = """
        usage: trellis-bench solver [--runs N] [--warmup N] [--min-time S] [--max-time S] [--max-runs N]
                                    [--long S] [--repeat-warmup N] [--dump] [--samples] FILE.trace...
        """

    static func main(_ arguments: [String]) -> Int32 {
        var options = ReplayOptions()
        var paths: [String] = []
        var i = 0
        func value() -> String? {
            i += 1
            return i < arguments.count ? arguments[i] : nil
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--runs": guard let v = value().flatMap({ Int($0) }), v >= 1 else { return bad() }; options.runs = v
            case "--warmup": guard let v = value().flatMap({ Int($0) }), v >= 0 else { return bad() }; options.warmup = v
            case "--min-time": guard let v = value().flatMap({ Double($0) }) else { return bad() }; options.minTime = v
            case "--max-time": guard let v = value().flatMap({ Double($0) }) else { return bad() }; options.maxTime = v
            case "--long": guard let v = value().flatMap({ Double($0) }) else { return bad() }; options.longRun = v
            case "--max-runs": guard let v = value().flatMap({ Int($0) }), v >= 1 else { return bad() }; options.maxRuns = v
            case "--repeat-warmup":
                guard let v = value().flatMap({ Int($0) }), v >= 0 else { return bad() }; options.repeatWarmup = v
            case "--dump": options.dump = true
            case "--samples": options.printSamples = true
            case "-h", "--help": print(usage); return 0
            default:
                if a.hasPrefix("-") { return bad() }
                paths.append(a)
            }
            i += 1
        }
        guard !paths.isEmpty else { return bad() }
        for path in paths {
            do {
                try benchmark(path: path, options: options)
            } catch let failure as ReplayFailure {
                die(failure.message)
            } catch let error as TraceParseError {
                die(error.description)
            } catch {
                die("ERROR \(path): \(error)")
            }
        }
        return 0
    }

    private static func bad() -> Int32 {
        printError(usage)
        return 2
    }

    static func benchmark(path: String, options o: ReplayOptions) throws {
        resetPeakRSS()  // each trace reports its own peak when several run in one process
        let trace = try TraceParser.parse(path: path)
        let parsedKB = peakRSSKB()
        var firstRunKB = 0
        let runner = TraceRunner(trace: trace, options: o)
        var samples = Array(repeating: [Double](), count: trace.blocks.count)
        var total = 0, counted = 0
        var countedSeconds = 0.0
        while true {
            if total >= o.warmup {  // the next run would be counted: enough already?
                if let runs = o.runs {
                    if counted >= runs { break }
                } else if counted >= 1 && ((counted >= o.minRuns && countedSeconds >= o.minTime)
                                           || counted >= o.maxRuns || countedSeconds >= o.maxTime) {
                    break
                }
            }
            var mine = Array(repeating: [Double](), count: trace.blocks.count)
            let seconds = try runner.runOnce(dump: o.dump && total == 0, samples: &mine)
            if total == 0 { firstRunKB = peakRSSKB() }
            // A long warm-up run counts after all: a long trace warms up within itself.
            let isCounted = total >= o.warmup || (o.runs == nil && seconds >= o.longRun)
            total += 1
            guard isCounted else { continue }
            counted += 1
            countedSeconds += seconds
            for b in mine.indices { samples[b].append(contentsOf: mine[b]) }
        }
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        print("TRACE \(trace.name) vars=\(trace.variableNames.count) constraint_ids=\(trace.constraintIDs.count) "
              + "ops=\(trace.code.count) solver=trellis build=\(build) runs=\(total) counted=\(counted) "
              + "repeat_warmup=\(o.repeatWarmup) counted_s=" + format("%.3f", countedSeconds))
        for (b, block) in trace.blocks.enumerated() where !samples[b].isEmpty {
            let v = samples[b].sorted()
            let median = v.count % 2 == 1 ? v[v.count / 2] : 0.5 * (v[v.count / 2 - 1] + v[v.count / 2])
            print("RESULT \(trace.name) \(block.name) median_us=" + format("%.3f", median / 1e3)
                  + " min_us=" + format("%.3f", v.first! / 1e3) + " max_us=" + format("%.3f", v.last! / 1e3)
                  + " reps=\(v.count)")
            if o.printSamples {
                print("SAMPLES \(trace.name) \(block.name) " + samples[b].map { format("%.3f", $0 / 1e3) }.joined(separator: " "))
            }
        }
        print("CHECKS \(trace.name) ok checks_per_run=\(trace.checkCount) runs=\(total)")
        // Peak RSS (VmHWM): after parsing, after the first run (trace + one solver at its largest),
        // at the end (also holds every run's samples).
        print("PEAKRSS \(trace.name) parsed_kb=\(parsedKB) first_run_kb=\(firstRunKB) max_kb=\(peakRSSKB())")
    }
}
