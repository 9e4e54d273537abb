import Layout

/// `POST /v1/explain` (docs/explain.md): a pasted Auto Layout log read, rebuilt as a layout
/// document, solved, and answered with the conflict, why it cannot hold, and what to do.
public enum LogExplainer {
    public struct Limits: Sendable {
        public var maxLines = 20_000
        /// Constraint entries read from one paste, in all; views in one log.
        public var maxEntries = 2_000
        public var maxViews = 1_000
        /// Logs read from one paste (each is rebuilt and solved twice).
        public var maxLogs = 50
        public var maxWarnings = 100
        public var solveSeconds = LayoutLimits.standard.solveSeconds
        public init() {}
    }

    public enum Outcome: Sendable {
        /// 200: the report's JSON.
        case report([UInt8])
        /// 422 `no-log-found`.
        case noLog(String)
        /// The solve budget ran out (or the client went).
        case outOfTime
    }

    public static func explain(_ body: [UInt8], limits: Limits = Limits(), stop: (@Sendable () -> Bool)? = nil) -> Outcome {
        let text = String(decoding: body, as: UTF8.self)
        let lines = PasteText.lines(text, maxLines: limits.maxLines)
        let (found, cut) = LogScanner.logs(in: lines, maxEntries: limits.maxEntries, maxLogs: limits.maxLogs)
        var warnings = Warnings(limit: limits.maxWarnings)
        if let cut { warnings.add(line: cut, .unreadable, "more than \(limits.maxLogs) logs in one paste: this one and the rest are not read") }
        var reports: [LogReport] = []
        for log in found {
            switch LogReport.make(log, limits: limits, warnings: &warnings, stop: stop) {
            case .made(let report): reports.append(report)
            case .empty: continue
            case .outOfTime: return .outOfTime
            }
        }
        guard !reports.isEmpty else {
            let what = found.isEmpty
                ? "no \"Unable to simultaneously satisfy constraints\" log and no constraint entry (<NSLayoutConstraint:0x…>) was found"
                : "the log's constraints could not be read (a list redacted as <private> cannot be explained: copy the log from Xcode's console)"
            return .noLog(what)
        }
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.key("logs")
        w.beginArray()
        for r in reports { r.encode(&w) }
        w.endArray()
        w.key("warnings")
        warnings.encode(&w)
        w.endObject()
        return .report(w.bytes)
    }
}

/// The paste's warnings: what could not be read, and logs not reproduced; capped.
struct Warnings {
    let limit: Int
    private var items: [(line: Int, column: Int?, code: ErrorCode, message: String)] = []
    private var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func add(line: Int, column: Int? = nil, _ code: ErrorCode, _ message: String) {
        guard items.count < limit else { dropped += 1; return }
        items.append((line, column, code, message))
    }

    func encode(_ w: inout JSONWriter) {
        w.beginArray()
        for item in items {
            w.beginObject()
            w.field("line", item.line)
            if let c = item.column { w.field("column", c) }
            w.field("code", item.code.rawValue)
            w.field("message", item.message)
            w.endObject()
        }
        if dropped > 0 {
            w.beginObject(); w.field("line", items.last?.line ?? 1); w.field("code", ErrorCode.unreadable.rawValue)
            w.field("message", "\(dropped) more warnings not listed"); w.endObject()
        }
        w.endArray()
    }
}
