// Sanity checks on answers for `trellis-bench layout`: the generated documents are fully
// determined and satisfiable, so an answer must have no diagnostics at all, a frame for every
// view in document order, the known frames, and well-formed answer bytes that list every view.
import Layout

/// Collects everything found wrong; the bench reports them all and exits 1.
final class Failures {
    private(set) var messages: [String] = []
    var isEmpty: Bool { messages.isEmpty }

    func add(_ message: String) {
        if messages.count < 50 { messages.append(message) }
        if messages.count == 50 { messages.append("(further failures not listed)") }
    }
}

enum LayoutChecks {
    static let tolerance = 1e-6

    /// Checks an answer and its encoded bytes against the case and `expected` frames.
    static func check(_ answer: LayoutAnswer, bytes: [UInt8], of c: LayoutCase, expected: [ExpectedFrame],
                      context: String, into failures: Failures) {
        let where_ = "\(c.shape.rawValue) \(c.viewCount) \(context)"
        for d in answer.diagnostics {
            failures.add("\(where_): diagnostic \(d.severity.rawValue) \(d.code): \(String(d.message.prefix(160)))")
        }
        if answer.frames.count != c.viewCount {
            failures.add("\(where_): \(answer.frames.count) frames for \(c.viewCount) views")
        } else {
            for (k, f) in answer.frames.enumerated() where f.id != c.viewIDs[k] {
                failures.add("\(where_): frame \(k) is '\(f.id)', expected '\(c.viewIDs[k])'")
                break
            }
        }
        if answer.stats.views != c.viewCount {
            failures.add("\(where_): stats.views \(answer.stats.views), expected \(c.viewCount)")
        }
        let index = Dictionary(answer.frames.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for e in expected {
            guard let k = index[e.id] else { failures.add("\(where_): no frame for '\(e.id)'"); continue }
            let f = answer.frames[k].frame
            if !close(f, e.frame) { failures.add("\(where_): \(e.id) is \(text(f)), expected \(text(e.frame))") }
        }
        checkBytes(bytes, of: c, where_: where_, into: failures)
    }

    /// The encoded answer parses as JSON and its `frames` object names every view, in order.
    private static func checkBytes(_ bytes: [UInt8], of c: LayoutCase, where_: String, into failures: Failures) {
        switch JSONTree.parse(bytes) {
        case .failure(let problem):
            failures.add("\(where_): answer bytes are not JSON: \(problem.errors.first?.message ?? "?")")
        case .success(let tree):
            guard let frames = tree.root["frames"], frames.kind == .object else {
                failures.add("\(where_): answer bytes have no 'frames' object")
                return
            }
            let members = frames.members
            if members.map(\.key) != c.viewIDs { failures.add("\(where_): answer bytes list \(members.count) frames, not the views in order") }
            for (key, value) in members.prefix(3) where value["width"]?.number == nil {
                failures.add("\(where_): answer bytes: frame of '\(key)' has no width")
            }
        }
    }

    /// Every frame of `a` equals `b`'s (a live layout after edits against a fresh build).
    static func sameFrames(_ a: LayoutAnswer, _ b: LayoutAnswer, context: String, into failures: Failures) {
        guard a.frames.count == b.frames.count else {
            failures.add("\(context): \(a.frames.count) frames vs \(b.frames.count)")
            return
        }
        var differing = 0
        for (x, y) in zip(a.frames, b.frames) where x.id != y.id || !close(x.frame, y.frame) {
            if differing == 0 { failures.add("\(context): \(x.id) is \(text(x.frame)), a fresh build gives \(y.id) \(text(y.frame))") }
            differing += 1
        }
        if differing > 1 { failures.add("\(context): \(differing) frames differ from a fresh build") }
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    static func text(_ r: Rect) -> String { "(\(r.x), \(r.y), \(r.width) x \(r.height))" }
}
