import Foundation
import Layout

/// Reads the service's answer (docs/api.md §3) and problems (§5) into a `LayoutReport` or a
/// `TrellisLayoutError`. Both ways of solving go through the answer's JSON text, so a report
/// made in process and one made over HTTP are made by the same code from the same bytes.
enum AnswerReader {
    static func report(_ bytes: [UInt8], context: DocumentContext) throws -> LayoutReport {
        guard let answer = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw TrellisClientError(message: "the answer is not a JSON object: " + String(decoding: bytes.prefix(200), as: UTF8.self))
        }
        var frames: [String: CGRect] = [:]
        for (id, value) in answer["frames"] as? [String: Any] ?? [:] {
            guard let f = value as? [String: Any] else { continue }
            frames[id] = CGRect(x: number(f["x"]), y: number(f["y"]), width: number(f["width"]), height: number(f["height"]))
        }
        let diagnostics = (answer["diagnostics"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let stats = answer["stats"] as? [String: Any] ?? [:]
        var report = LayoutReport(
            frames: frames,
            conflicts: diagnostics.filter { $0["code"] as? String == "unsatisfiable" }.map(conflict),
            ambiguousViews: diagnostics.first { $0["code"] as? String == "ambiguous" }.map(views) ?? [:],
            diagnostics: diagnostics.map(diagnostic),
            viewCount: Int(number(stats["views"])), constraintCount: Int(number(stats["constraints"])),
            conflictLog: "")
        report.handles = context.handles
        report.conflictLog = report.conflicts.map { ConflictLog.text($0, names: context.logNames) }.joined(separator: "\n")
        return report
    }

    // MARK: diagnostics

    private static func diagnostic(_ d: [String: Any]) -> LayoutDiagnostic {
        LayoutDiagnostic(severity: d["severity"] as? String ?? "", code: d["code"] as? String ?? "",
                         message: d["message"] as? String ?? "", views: views(d))
    }

    private static func views(_ d: [String: Any]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (id, list) in d["views"] as? [String: Any] ?? [:] { out[id] = (list as? [Any] ?? []).compactMap { $0 as? String } }
        return out
    }

    private static func conflict(_ d: [String: Any]) -> LayoutConflict {
        let members = (d["constraints"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.map(member)
        // `broken` names members by id and attribute; the full member is in `constraints`.
        let broken = (d["broken"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.map { ref -> ConflictMember in
            let id = ref["id"] as? String ?? "", attribute = ref["attribute"] as? String ?? ""
            return members.first { $0.id == id && $0.attribute == attribute }
                ?? ConflictMember(id: id, attribute: attribute, label: nil, description: id, source: nil)
        }
        return LayoutConflict(message: d["message"] as? String ?? "", members: members, broken: broken,
                              explanation: d["explanation"] as? String,
                              suggestions: (d["suggestions"] as? [Any] ?? []).compactMap { $0 as? String })
    }

    private static func member(_ c: [String: Any]) -> ConflictMember {
        ConflictMember(id: c["id"] as? String ?? "", attribute: c["attribute"] as? String ?? "",
                       label: c["label"] as? String, description: c["description"] as? String ?? "",
                       source: source(c["source"]))
    }

    // MARK: problems

    /// A problem+json answer (over HTTP).
    static func error(status: Int, body: [UInt8], context: DocumentContext) -> TrellisLayoutError {
        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
        let list = (object["errors"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        var problems = list.map { e -> TrellisLayoutProblem in
            let pointer = (e["location"] as? [String: Any])?["pointer"] as? String
            return problem(code: e["code"] as? String ?? "", message: e["message"] as? String ?? "",
                           source: source(e["source"]), pointer: pointer, context: context)
        }
        if problems.isEmpty {
            let detail = object["detail"] as? String ?? String(decoding: body.prefix(200), as: UTF8.self)
            problems = [TrellisLayoutProblem(code: object["type"] as? String ?? "http-\(status)", message: detail)]
        }
        return TrellisLayoutError(status: status, problems: problems)
    }

    /// A problem found in process: the same fields the service would send.
    static func error(_ p: LayoutProblem, context: DocumentContext) -> TrellisLayoutError {
        let problems = p.errors.map { e in
            problem(code: e.code.rawValue, message: e.message,
                    source: e.source.map { TrellisSourceLocation(file: $0.file, line: $0.line, column: $0.column) },
                    pointer: e.location?.pointer, context: context)
        }
        return TrellisLayoutError(status: p.status, problems: problems)
    }

    /// Names the view or constraint the pointer is at (`/views/2/id`, `/constraints/5/to`),
    /// and the constraint's source when the service did not echo it.
    private static func problem(code: String, message: String, source: TrellisSourceLocation?, pointer: String?,
                                context: DocumentContext) -> TrellisLayoutProblem {
        var p = TrellisLayoutProblem(code: code, message: message, source: source, pointer: pointer)
        let parts = (pointer ?? "").split(separator: "/").map(String.init)
        guard parts.count >= 2, let k = Int(parts[1]) else { return p }
        if parts[0] == "views", context.views.indices.contains(k) {
            p.viewID = context.views[k].id
        } else if parts[0] == "constraints", context.entries.indices.contains(k) {
            let entry = context.entries[k]
            p.constraintID = entry.id
            p.viewID = entry.constraint.from?.id
            if p.source == nil { p.source = entry.constraint.source }
        }
        return p
    }

    // MARK: values

    private static func source(_ value: Any?) -> TrellisSourceLocation? {
        guard let s = value as? [String: Any], let file = s["file"] as? String else { return nil }
        let column = s["column"].flatMap { $0 is NSNull ? nil : Int(number($0)) }
        return TrellisSourceLocation(file: file, line: Int(number(s["line"])), column: column)
    }

    /// A JSON number however Foundation boxed it (0 for anything else).
    static func number(_ value: Any?) -> Double {
        switch value {
        case let d as Double: return d
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return 0
        }
    }
}
