// The oracle of a session: the one-shot answer of the document its GET returns, sent as a
// client would send it (encoded to JSON and read back), and a comparison that names every
// difference.
import TestSupport
import Testing
@testable import Layout


/// What `POST /v1/layouts` answers for the layout's current document.
func freshAnswer(of layout: LiveLayout) -> Result<LayoutAnswer, LayoutProblem> {
    let json = encodeLayoutDocument(layout.document())
    return decodeLayoutDocument(json).flatMap { LiveLayout.solve(document: $0) }
}

/// Every way `session` differs from `fresh`: frames of the attributes the layout
/// determines (an ambiguous attribute may take any of its optimal values), conflicts with
/// their members and broken constraints, ambiguity, negative sizes of determined
/// attributes, and the counts of views and constraints. Locations are not compared: a
/// session's point into the requests that made each constraint.
func answerDifferences(_ session: LayoutAnswer, _ fresh: LayoutAnswer) -> [String] {
    var out: [String] = []
    let ambiguous = Dictionary(fresh.diagnostics.filter { $0.code == .ambiguous }.flatMap(\.views).map { ($0.id, Set($0.attributes)) },
                               uniquingKeysWith: { $0.union($1) })
    if session.frames.map(\.id) != fresh.frames.map(\.id) {
        out.append("view order \(session.frames.map(\.id)) vs \(fresh.frames.map(\.id))")
    } else {
        for (s, f) in zip(session.frames, fresh.frames) {
            let free = ambiguous[s.id] ?? []
            for (name, a, b) in [("x", s.frame.x, f.frame.x), ("y", s.frame.y, f.frame.y),
                                 ("width", s.frame.width, f.frame.width), ("height", s.frame.height, f.frame.height)]
            where !free.contains(name) && !close(a, b) {
                out.append("\(s.id).\(name) \(a) vs \(b)")
            }
        }
    }
    func described(_ code: ErrorCode, _ answer: LayoutAnswer) -> [String] {
        answer.diagnostics.filter { $0.code == code }.map { d in
            let members = d.constraints.map { "\($0.id)/\($0.attribute): \($0.description) [\($0.label ?? "")|\($0.source.map { "\($0.file):\($0.line)" } ?? "")]" }
            let views = d.views.compactMap { v -> String? in
                let attributes = code == .negativeSize ? v.attributes.filter { !(ambiguous[v.id] ?? []).contains($0) } : v.attributes
                return attributes.isEmpty ? nil : "\(v.id):\(attributes.joined(separator: ","))"
            }
            return "\(d.severity) \(d.message) members=\(members) broken=\(d.broken.map { "\($0.id)/\($0.attribute)" }) views=\(views)"
                + (d.explanation.map { " explanation=\($0)" } ?? "") + (d.suggestions.isEmpty ? "" : " suggestions=\(d.suggestions)")
        }.filter { code != .negativeSize || !$0.hasSuffix("views=[]") }
    }
    for code in [ErrorCode.unsatisfiable, .ambiguous] where described(code, session) != described(code, fresh) {
        out.append("\(code): \(described(code, session)) vs \(described(code, fresh))")
    }
    let negative = { (a: LayoutAnswer) in described(.negativeSize, a).map { $0.components(separatedBy: "views=").last ?? "" } }
    if negative(session) != negative(fresh) { out.append("negative-size: \(negative(session)) vs \(negative(fresh))") }
    if session.stats.views != fresh.stats.views || session.stats.constraints != fresh.stats.constraints {
        out.append("stats \(session.stats) vs \(fresh.stats)")
    }
    return out
}

private func close(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
}

extension LiveLayout {
    /// The differences between this layout's answer and a fresh solve of its document.
    func differencesFromFreshSolve() -> [String] {
        switch freshAnswer(of: self) {
        case .success(let fresh): return answerDifferences(answer(), fresh)
        case .failure(let problem): return ["its document is refused: \(problem.errors.map { "\($0.code): \($0.message)" })"]
        }
    }
}

extension LiveLayout {
    /// The ids of enforced required constraints the solver's values do not satisfy (an
    /// internal check: the solver must hold every constraint it enforces).
    func violatedRequiredConstraints() -> [String] {
        let values = solver.solvedValues()
        var violated: [String] = []
        state.forEachEntry { key, entry in
            guard !entry.isBroken, entry.constraint.isRequired else { return }
            let e = entry.constraint.expression.terms.reduce(entry.constant) { $0 + $1.coefficient * values[$1.variable] }
            let tolerance = 1e-6 * max(1, abs(entry.constant))
            let ok: Bool
            switch entry.constraint.relation {
            case .equal: ok = abs(e) <= tolerance
            case .lessThanOrEqual: ok = e <= tolerance
            case .greaterThanOrEqual: ok = e >= -tolerance
            }
            if !ok { violated.append("\(key.id)/\(key.attribute.name) (\(e))") }
        }
        return violated
    }
}
