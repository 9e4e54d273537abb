// `trellis-bench layout [options]`: the Layout engine end to end on generated SnapKit-style
// documents (scripts/bench-layout). In one run:
//   layout <shape> <N> e2e_us=... per_view_us=...      decode + compile + solve + answer + encode
//   decode <shape> <N> ... / decode ours_MBps=... foundation_MBps=... ratio=...
//   edit <shape> <N> update_us=... setframe_us=... build_us=... update_ratio=... setframe_ratio=...
//   scaling <shape> per_view_us 10=... 100=... 1000=... ratio_1000_10=...
//   result ok | result FAILED <count>, then one FAIL line each
// Exit status 1 if any answer is wrong (a diagnostic, a missing or wrong frame, a failed decode
// or edit); a missed speed target is reported (MISS) but is not a failure.

enum LayoutBench {
    static let usage = """
        usage: trellis-bench layout [--sizes 10,100,1000] [--shapes cards,grid,stacks] [--min-time S] [--max-time S]
                                    [--quick] [--no-e2e] [--no-decode] [--no-edits]
          --min-time S   timed seconds per measurement at least (default 0.4; --quick 0.1)
          --max-time S   timed seconds per measurement at most (default 3)
        """

    static func main(_ arguments: [String]) -> Int32 {
        var sizes = [10, 100, 1000]
        var shapes = LayoutShape.allCases
        var budget = TimingBudget()
        var e2e = true, decode = true, edits = true
        var i = 0
        func value() -> String? {
            i += 1
            return i < arguments.count ? arguments[i] : nil
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--sizes":
                guard let list = value()?.split(separator: ",").map({ Int($0) }), !list.isEmpty,
                      list.allSatisfy({ ($0 ?? 0) >= 10 }) else { return bad("--sizes takes numbers >= 10") }
                sizes = list.compactMap { $0 }.sorted()
            case "--shapes":
                guard let list = value()?.split(separator: ",").map({ LayoutShape(rawValue: String($0)) }), !list.isEmpty,
                      list.allSatisfy({ $0 != nil }) else { return bad("--shapes takes cards, grid, stacks") }
                shapes = list.compactMap { $0 }
            case "--min-time":
                guard let v = value().flatMap({ Double($0) }), v >= 0 else { return bad("--min-time takes seconds") }
                budget.minSeconds = v
            case "--max-time":
                guard let v = value().flatMap({ Double($0) }), v > 0 else { return bad("--max-time takes seconds") }
                budget.maxSeconds = v
            case "--quick":
                budget.minSeconds = 0.1; budget.minRounds = 5; budget.maxSeconds = 1
            case "--no-e2e": e2e = false
            case "--no-decode": decode = false
            case "--no-edits": edits = false
            case "-h", "--help": print(usage); return 0
            default: return bad("unknown option '\(arguments[i])'")
            }
            i += 1
        }

        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        let start = monotonicNanoseconds()
        let failures = Failures()
        var cases: [LayoutCase] = []
        for n in sizes { for shape in shapes { cases.append(LayoutDocuments.make(shape, views: n)) } }
        print("# trellis-bench layout build=\(build) sizes=\(sizes.map(String.init).joined(separator: ",")) "
              + "shapes=\(shapes.map(\.rawValue).joined(separator: ",")) min_time_s=" + format("%.2f", budget.minSeconds))

        // 1 and 4: end to end, smallest documents first.
        if e2e {
            let results = LayoutEndToEnd.measure(cases, budget: budget, failures: failures)
            LayoutEndToEnd.reportScaling(results)
        }
        let largest = cases.filter { $0.viewCount == sizes.last }
        // 2: the decoder against JSONDecoder, on the largest documents.
        if decode { LayoutEndToEnd.measureDecode(largest, budget: budget, failures: failures) }
        // 3: edits on the largest live layouts (the generated edits need at least 100 views).
        if edits {
            for c in largest where c.viewCount >= 100 { LayoutEdits.measure(c, budget: budget, failures: failures) }
        }

        print("# total_s=" + format("%.1f", LayoutTiming.seconds(since: start)) + " peak_rss_kb=\(peakRSSKB())")
        if failures.isEmpty {
            print("result ok")
            return 0
        }
        print("result FAILED \(failures.messages.count)")
        for m in failures.messages { print("FAIL \(m)") }
        return 1
    }

    private static func bad(_ why: String) -> Int32 {
        printError("trellis-bench layout: \(why)")
        printError(usage)
        return 2
    }
}
