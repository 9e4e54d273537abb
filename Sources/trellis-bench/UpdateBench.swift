// trellis-bench update: the work of one session `update` edit without the HTTP around it
// (decode the batch, apply it, encode the answer through the session's frame-text memo), COUNT times on one live layout built
// from DOCUMENT. Each edit sets `v1.height` (scripts/gen-layout-doc makes `v1.height == 44`)
// to another constant, as scripts/wrk/session-update.lua does, so every edit moves frames.
// For profilers: `valgrind --tool=callgrind trellis-bench update --count 2000 DOC`.
import Layout

enum UpdateBench {
    static let usage = "usage: trellis-bench update [--count N] [--setframe | --edits BATCHES.jsonl] DOCUMENT.json"

    static func main(_ arguments: [String]) -> Int32 {
        let count: Int, bytes: [UInt8]
        let setFrame = arguments.contains("--setframe")
        var arguments = arguments.filter { $0 != "--setframe" }
        // --edits FILE: the batches to send in turn, one a line (scripts/bench-list-update's).
        var given: [[UInt8]]?
        if let k = arguments.firstIndex(of: "--edits"), k + 1 < arguments.count {
            guard let file = CountAndDocument.readFileBytes(arguments[k + 1]) else { printError(usage); return 2 }
            given = file.split(separator: 0x0A).map(Array.init).filter { !$0.isEmpty }
            arguments.removeSubrange(k...(k + 1))
        }
        switch CountAndDocument.parse(arguments, usage: usage, defaultCount: 10_000) {
        case .failure(let status): return status.code
        case .success(let parsed): (count, bytes) = (parsed.count, parsed.bytes)
        }
        guard case .success(let document) = decodeLayoutDocument(bytes),
              case .success(let layout) = LiveLayout.make(document: document) else {
            printError("update: the document does not solve")
            return 1
        }
        layout.compactStorage()
        let bodies = given ?? (0..<16).map { k in
            setFrame
                ? Array(#"{"ops":[{"op":"setFrame","view":"root","frame":{"x":0,"y":0,"width":\#(320 + k * 5),"height":667}}]}"#.utf8)
                : Array(#"{"ops":[{"op":"update","view":"v1","constraints":[{"attributes":"height","to":\#(40 + Double(k) * 0.5)}]}]}"#.utf8)
        }
        var total = 0
        let start = monotonicNanoseconds()
        for i in 0..<count {
            guard case .success(let batch) = decodeEditBatch(bodies[i % bodies.count]),
                  case .success(let snapshot) = layout.applySnapshot(batch) else {
                printError("update: the edit failed (does the document constrain v1.height?)")
                return 1
            }
            // As the server does: the answer written from the snapshot, through the memo.
            let out = encodeSessionAnswer(snapshot, id: "bench", space: .superview, memo: layout.frameText)
            if i < bodies.count, out != encodeSessionAnswer(snapshot.answer(), id: "bench") {
                printError("update: the answer from the snapshot through the memo differs from the plain one")
                return 1
            }
            total &+= out.count
        }
        let nanos = monotonicNanoseconds() - start
        print(format(setFrame ? "%d setFrames, %.2f us each, %d answer bytes each" : "%d updates, %.2f us each, %d answer bytes each", count, Double(nanos) / 1000 / Double(count), total / count))
        return 0
    }
}
