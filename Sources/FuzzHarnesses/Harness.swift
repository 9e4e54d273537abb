import Cassowary
import Layout
import TestSupport
import LogExplain

/// The fuzzing harnesses (scripts/fuzz): each takes arbitrary bytes and answers
/// nil, or what property failed. libFuzzer runs them through `trellis-fuzz`; every file
/// kept in fuzz/corpus/<harness>/ is run again by FuzzCorpusTests.
public enum Harness: String, CaseIterable, Sendable {
    /// The wire reader on raw bytes, as a document and as an edits batch: a refusal has
    /// located errors (at most 100 listed); a document read back from its own encoding
    /// encodes the same.
    case json
    /// The bytes as one constraint expression of a small document, solved: frames finite.
    case expression
    /// The bytes as a document, read under small caps and solved under a short budget:
    /// an answer with finite frames, or a 4xx problem.
    case solve
    /// A random session history chosen by the bytes: revisions go up by one per batch that
    /// runs, a refused batch leaves the document and revision as they were, and replaying
    /// the batches on a fresh layout gives the same document and revision.
    case session
    /// The bytes as a client's side of one connection to a server in this process (see
    /// HTTPHarness): well-formed answers, the connection closed in time, the server alive.
    case http
    /// The bytes as a pasted Auto Layout log (`POST /v1/explain`), under small caps and a
    /// short budget: a report that is one JSON object whose every rebuilt document reads
    /// back and solves, or `no-log-found`.
    case explain

    public func run(_ bytes: [UInt8]) -> String? {
        // Every input frees what it allocated, so that libFuzzer's leak check runs an input
        // again only when something did leak (`Solver.releaseKeptStorage`).
        defer { Solver.releaseKeptStorage() }
        switch self {
        case .json: return Self.json(bytes)
        case .expression: return Self.expression(bytes)
        case .solve: return Self.solve(bytes)
        case .session: return Self.session(bytes)
        case .http: return HTTPHarness.run(bytes)
        case .explain: return Self.explain(bytes)
        }
    }

    static func json(_ bytes: [UInt8]) -> String? {
        switch decodeLayoutDocument(bytes) {
        case .success(let document):
            let encoded = encodeLayoutDocument(document)
            guard case .success(let again) = decodeLayoutDocument(encoded) else { return "its own encoding is refused" }
            if encodeLayoutDocument(again) != encoded { return "the encoding does not read back the same" }
        case .failure(let problem):
            if let bad = check(problem) { return bad }
        }
        if case .failure(let problem) = decodeEditBatch(bytes), let bad = check(problem) { return bad }
        return nil
    }

    static func expression(_ bytes: [UInt8]) -> String? {
        var quoted: [UInt8] = []
        Array(bytes.prefix(512)).withUnsafeBufferPointer { JSONEscape.appendQuoted($0, to: &quoted) }
        let document = Array(#"{"views":[{"id":"a","frame":{"x":0,"y":0,"width":100,"height":100}},{"id":"b","superview":"a"},{"id":"c","superview":"b","intrinsicSize":{"width":10,"height":20}}],"constraints":["#.utf8)
            + quoted + Array("]}".utf8)
        return solved(document)
    }

    static func solve(_ bytes: [UInt8]) -> String? { solved(bytes) }

    static func explain(_ bytes: [UInt8]) -> String? {
        var limits = LogExplainer.Limits()
        limits.maxEntries = 256
        limits.maxViews = 64
        limits.solveSeconds = 0.25
        guard case .report(let report) = LogExplainer.explain(bytes, limits: limits) else { return nil }
        guard case .success(let tree) = JSONTree.parse(report) else { return "the report is not JSON" }
        guard let logs = tree.root["logs"], logs.kind == .array else { return "the report has no logs array" }
        var k = 0
        while let log = logs[k] {
            // The document runs from its first byte to the last `}` before the next member.
            guard let document = log["document"], let next = log["frames"], document.offset < next.offset,
                  let end = report[document.offset..<next.offset].lastIndex(of: UInt8(ascii: "}"))
            else { return "log \(k) has no document before its frames" }
            let text = Array(report[document.offset...end])
            if case .failure(let problem) = decodeLayoutDocument(text) { return "log \(k)'s document is refused: \(problem.errors.first?.message ?? "")" }
            k += 1
        }
        return nil
    }

    static func solved(_ bytes: [UInt8]) -> String? {
        let read = bytes.withUnsafeBytes { decodeLayoutDocument($0, limits: LayoutLimits(maxViews: 64, maxConstraints: 256)) }
        switch read.flatMap({ LiveLayout.solve(document: $0, seconds: 0.25) }) {
        case .success(let answer):
            for f in answer.frames where ![f.frame.x, f.frame.y, f.frame.width, f.frame.height].allSatisfy(\.isFinite) {
                return "frame of \(f.id) is not finite: \(f.frame)"
            }
            // Written out as the server writes it (an answer with no frames once trapped there).
            let encoded = encodeLayoutAnswer(answer, includeRevision: false)
            if encoded.first != UInt8(ascii: "{") || encoded.last != UInt8(ascii: "}") { return "the answer is not a JSON object" }
            return nil
        case .failure(let problem):
            return check(problem)
        }
    }

    /// The session harness's budget: a history and its replay agree only when no batch of
    /// them ran out of time (a server starts such a history over from a checkpoint), and a
    /// fuzzer starved of CPU can take seconds over a small batch (it did, at low priority
    /// beside a soak: "a replay of the same batches differs", which the same input does not
    /// repeat). Inputs are small; the fuzzer's own per-input timeout still applies.
    static let sessionSeconds = 3_600.0

    static func session(_ bytes: [UInt8]) -> String? {
        var seed: UInt64 = 0
        for b in bytes.prefix(8) { seed = seed << 8 | UInt64(b) }
        var history = SessionHistories(seed: seed)
        let json = history.document()
        guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)),
              case .success(let layout) = LiveLayout.make(document: document, seconds: sessionSeconds) else { return nil }
        var batches: [EditBatch] = []
        for _ in 0..<(bytes.count > 8 ? Int(bytes[8] % 8) + 1 : 4) {
            guard case .success(let batch) = decodeEditBatch(Array(history.batch(layout.document()).utf8)) else { continue }
            let revision = layout.revision, before = encodeLayoutDocument(layout.document())
            switch layout.apply(batch, seconds: sessionSeconds) {
            case .success:
                if layout.revision != revision + 1 { return "revision \(revision) became \(layout.revision)" }
            case .failure(let problem):
                if layout.revision != revision || encodeLayoutDocument(layout.document()) != before {
                    return "a refused batch (\(problem.errors.first?.code.rawValue ?? "?")) changed the session"
                }
            }
            batches.append(batch)
        }
        guard case .success(let replay) = LiveLayout.make(document: document, seconds: sessionSeconds) else {
            return "the document is refused on replay"
        }
        for batch in batches { _ = replay.apply(batch, seconds: sessionSeconds) }
        if replay.revision != layout.revision || encodeLayoutDocument(replay.document()) != encodeLayoutDocument(layout.document()) {
            return "a replay of the same batches differs"
        }
        return nil
    }

    /// A refusal is a 4xx with at least one error and at most 100 listed (each has a code by its type).
    static func check(_ problem: LayoutProblem) -> String? {
        if !(400..<500).contains(problem.status) { return "status \(problem.status): \(problem.title)" }
        if problem.errors.isEmpty || problem.errors.count > 100 { return "\(problem.errors.count) errors listed" }
        return nil
    }
}
