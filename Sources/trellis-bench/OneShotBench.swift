// trellis-bench oneshot: the work of one `POST /v1/layouts` without the HTTP around it
// (decode, build, solve, answer, encode, free), COUNT times over one document. Meant for
// profilers: `valgrind --tool=callgrind trellis-bench oneshot --count 300 DOC` counts the
// instructions of exactly that path.
import Layout

enum OneShotBench {
    static let usage = "usage: trellis-bench oneshot [--count N] DOCUMENT.json"

    static func main(_ arguments: [String]) -> Int32 {
        let count: Int, bytes: [UInt8]
        switch CountAndDocument.parse(arguments, usage: usage, defaultCount: 1000) {
        case .failure(let status): return status.code
        case .success(let parsed): (count, bytes) = (parsed.count, parsed.bytes)
        }
        var total = 0
        let start = monotonicNanoseconds()
        for _ in 0..<count {
            guard case .success(let document) = decodeLayoutDocument(bytes),
                  case .success(let answer) = LiveLayout.solve(document: document) else {
                printError("oneshot: the document does not solve")
                return 1
            }
            total &+= encodeLayoutAnswer(answer, includeRevision: false).count
        }
        let nanos = monotonicNanoseconds() - start
        print(format("%d solves, %.1f us each, %d answer bytes each", count, Double(nanos) / 1000 / Double(count), total / count))
        return 0
    }
}
