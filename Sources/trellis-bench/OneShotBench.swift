// trellis-bench oneshot: the work of one `POST /v1/layouts` without the HTTP around it
// (decode, build, solve, answer, encode, free), COUNT times over one document, or over the
// documents of a file one a line in turn (scripts/gen-screen-doc SHAPE --variants N). Meant for
// profilers: `valgrind --tool=callgrind trellis-bench oneshot --count 300 DOC` counts the
// instructions of exactly that path. `--warm` answers as a warm one-shot does (docs/api.md
// "Warm one-shots"): every document after the first by changing a kept layout's numbers.
// `--decode-only` times the first step alone (bytes to a checked document), the part of a
// cold one-shot that kiwi's bare build of the same system does not do (scripts/bench-oneshot).
import Layout

enum OneShotBench {
    static let usage = "usage: trellis-bench oneshot [--count N] [--warm | --decode-only] DOCUMENT.json|DOCUMENTS.jsonl"

    static func main(_ arguments: [String]) -> Int32 {
        let warm = arguments.contains("--warm"), decodeOnly = arguments.contains("--decode-only")
        guard !(warm && decodeOnly) else { printError(usage); return 2 }
        let count: Int, bytes: [UInt8]
        switch CountAndDocument.parse(arguments.filter { $0 != "--warm" && $0 != "--decode-only" }, usage: usage, defaultCount: 1000) {
        case .failure(let status): return status.code
        case .success(let parsed): (count, bytes) = (parsed.count, parsed.bytes)
        }
        let documents = bytes.split(separator: 0x0A).map(Array.init).filter { $0.contains(0x7B) }
        guard !documents.isEmpty else { printError(usage); return 2 }
        if decodeOnly { return decode(documents, count: count) }
        var kept: WarmLayout?
        var total = 0, declined = 0
        let start = monotonicNanoseconds()
        var byNumbers = 0
        for k in 0..<count {
            let body = documents[k % documents.count]
            if warm, let layout = kept, case .answered(let answer)? = layout.retarget(body: body, limits: .standard) {
                byNumbers += 1
                total &+= answer.encoded().count
                continue
            }
            guard case .success(let document) = decodeLayoutDocument(body) else {
                printError("oneshot: a document does not read")
                return 1
            }
            var answer: LayoutAnswer?
            if warm, let layout = kept, layout.matches(document), case .answered(let warmAnswer) = layout.retarget(to: document, body: body) {
                total &+= warmAnswer.encoded().count
            } else {
                if warm { declined += kept == nil ? 0 : 1 }
                if warm && kept == nil { kept = WarmLayout.make(document: document, body: body) }
                guard case .success(let cold) = LiveLayout.solve(document: document) else {
                    printError("oneshot: the document does not solve")
                    return 1
                }
                answer = cold
            }
            total &+= answer.map { encodeLayoutAnswer($0, includeRevision: false).count } ?? 0
        }
        let nanos = monotonicNanoseconds() - start
        print(format("%d solves, %.1f us each, %d answer bytes each", count, Double(nanos) / 1000 / Double(count), total / count)
              + (warm ? ", \(byNumbers) by numbers alone, \(declined) declined" : ""))
        return 0
    }

    /// Decodes the documents in turn, `count` times in all; prints the time each took.
    private static func decode(_ documents: [[UInt8]], count: Int) -> Int32 {
        var views = 0
        let start = monotonicNanoseconds()
        for k in 0..<count {
            guard case .success(let document) = decodeLayoutDocument(documents[k % documents.count]) else {
                printError("oneshot: a document does not read")
                return 1
            }
            views &+= document.views.count
        }
        let nanos = monotonicNanoseconds() - start
        print(format("%d decodes, %.1f us each, %d views each", count, Double(nanos) / 1000 / Double(count), views / count))
        return 0
    }
}
