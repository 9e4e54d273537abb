import Layout

/// A log's report as JSON (docs/explain.md §4; openapi.yaml `ExplainedLog`).
extension LogReport {
    func encode(_ w: inout JSONWriter) {
        let listedByID = Dictionary(reconstruction.listed.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let nonNegativeByID = Dictionary(nonNegative.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        w.beginObject()
        w.field("line", line)
        w.key("views")
        w.beginArray()
        for v in reconstruction.views {
            w.beginObject()
            w.field("id", v.id)
            w.field("class", v.logged.className)
            w.field("address", v.logged.address)
            w.field("text", v.logged.text)
            w.endObject()
        }
        w.endArray()
        w.key("constraints")
        w.beginArray()
        for l in reconstruction.listed {
            let c = l.constraint
            w.beginObject()
            w.field("id", dropped.contains(l.id) ? nil : l.id)
            w.field("address", c.address)
            w.field("class", c.className)
            w.field("identifier", c.identifier)
            w.field("description", c.description)
            w.field("line", l.entry.line.number)
            w.field("column", l.entry.column)
            if c.priority != 1000 { w.field("priority", c.priority) }
            if let s = c.source { w.key("source"); w.beginObject(); w.field("file", s.file); w.field("line", s.line); w.endObject() }
            w.endObject()
        }
        w.endArray()
        w.key("document")
        w.raw(document)
        w.key("frames")
        w.beginObject()
        for f in answer.frames {
            w.frameMember(id: f.id, x: f.frame.x, y: f.frame.y, width: f.frame.width, height: f.frame.height)
        }
        w.endObject()
        w.key("diagnostics")
        w.beginArray()
        for d in answer.diagnostics {
            w.beginObject()
            w.field("severity", d.severity.rawValue)
            w.field("code", d.code.rawValue)
            w.field("message", d.message)
            if !d.constraints.isEmpty {
                w.key("constraints")
                w.beginArray()
                for m in d.constraints { member(m, listedByID[m.id], nonNegativeByID[m.id], &w) }
                w.endArray()
            }
            if !d.broken.isEmpty {
                w.key("broken")
                w.beginArray()
                for b in d.broken {
                    w.beginObject(); w.field("id", b.id); w.field("attribute", b.attribute)
                    w.field("address", listedByID[b.id]?.constraint.address); w.endObject()
                }
                w.endArray()
            }
            if !d.views.isEmpty {
                w.key("views")
                w.beginObject()
                for v in d.views {
                    w.key(v.id)
                    w.beginArray(); for a in v.attributes { w.string(a) }; w.endArray()
                }
                w.endObject()
            }
            if let e = d.explanation { w.field("explanation", inLogTerms(e, d.constraints, listedByID)) }
            if d.code == .unsatisfiable {
                let members = d.constraints.compactMap { listedByID[$0.id] }
                w.key("suggestions")
                w.beginArray()
                for s in Patterns.suggestions(members.map(\.constraint)) + Patterns.generic(members) { w.string(s) }
                w.endArray()
            }
            w.endObject()
        }
        w.endArray()
        w.key("autoLayoutBroke")
        if let b = broke {
            w.beginObject()
            w.field("address", b.address)
            w.field("description", b.description)
            w.field("line", b.line)
            w.field("column", b.column)
            w.field("id", reconstruction.listed.first { $0.constraint.address != nil && $0.constraint.address == b.address && !dropped.contains($0.id) }?.id)
            w.endObject()
        } else {
            w.null()
        }
        w.endObject()
    }

    /// The engine's sentence with the log's own words: each listed member's description as
    /// the log printed it, each view as the log names it (`UILabel:0x…'Leo Nicholson'`).
    private func inLogTerms(_ text: String, _ members: [ConstraintReference], _ listed: [String: Reconstruction.Listed]) -> String {
        var out = text
        for m in members {
            if let l = listed[m.id] { out = out.replacing("\(m.id) (\(m.description))", with: "\(m.id) (\(l.constraint.description))") }
        }
        for n in nonNegative {
            out = out.replacing("but \(n.id) (\(n.expression)) needs it to be at least 0", with: "but no \(n.attribute) is below 0")
            out = out.replacing("\(n.id) (\(n.expression))", with: "\(n.view).\(n.attribute) >= 0 (no \(n.attribute) is below 0)")
        }
        // Only the views the members name can appear (a log may hold a thousand).
        var named = Set(nonNegative.filter { n in members.contains { $0.id == n.id } }.map(\.view))
        for m in members { if let l = listed[m.id] { named.formUnion(reconstruction.viewIDs(of: l.constraint)) } }
        for v in reconstruction.views where v.logged.address != nil && named.contains(v.id) {
            let name = v.logged.className + ":" + (v.logged.address ?? "") + (v.logged.text.map { "'\($0)'" } ?? "")
            out = out.replacing(v.id, with: name)
        }
        return out
    }

    private func member(_ m: ConstraintReference, _ listed: Reconstruction.Listed?, _ n: Reconstruction.NonNegative?,
                        _ w: inout JSONWriter) {
        w.beginObject()
        w.field("id", m.id)
        w.field("attribute", m.attribute)
        if let l = listed {
            w.field("address", l.constraint.address)
            w.field("class", l.constraint.className)
            w.field("identifier", l.constraint.identifier)
            w.field("description", l.constraint.description)
            w.field("line", l.entry.line.number)
            w.field("column", l.entry.column)
            w.key("views")
            w.beginArray(); for v in reconstruction.viewIDs(of: l.constraint) { w.string(v) }; w.endArray()
        } else if let n {
            w.field("address", nil)
            w.field("implicit", true)
            w.field("view", n.view)
            w.field("description", n.expression)
            w.key("views"); w.beginArray(); w.string(n.view); w.endArray()
        } else {
            w.field("address", nil)
            w.field("description", m.description)
        }
        w.endObject()
    }
}

/// Fixes for the conflicts everyone meets, recognised from the members' classes and
/// identifiers (docs/explain.md §5).
enum Patterns {
    static func suggestions(_ members: [LoggedConstraint]) -> [String] {
        var out: [String] = []
        if let m = members.first(where: { $0.className.hasSuffix("AutoresizingMaskLayoutConstraint") }) {
            out.append("\(m.className):\(m.address ?? "?") comes from a view whose translatesAutoresizingMaskIntoConstraints is true: "
                       + "set it to false on the view you constrain yourself (SnapKit's makeConstraints does this for the view it is "
                       + "called on, not for its superview or a view added later)")
        }
        for m in members {
            guard let id = m.identifier, id.hasPrefix("UIView-Encapsulated-Layout-") else { continue }
            let axis = id.hasSuffix("Width") ? "width" : "height"
            if m.constant == 0 {
                out.append("'\(id)' is 0: the cell was measured before it had a \(axis) (a first layout pass). Lower the priority "
                           + "of one of your constraints along that axis to 999 (often the \(axis == "width" ? "trailing" : "bottom") one), "
                           + "so it gives way during that pass and holds afterwards")
            } else {
                out.append("'\(id)' (\(Reconstruction.number(m.constant))) is the \(axis) the table or collection view gave the cell: "
                           + "let the cell size itself (automaticDimension and an estimated size), or lower the priority of one of "
                           + "your \(axis == "width" ? "horizontal" : "vertical") constraints to 999")
            }
            break
        }
        if let m = members.first(where: { ($0.identifier ?? "").hasPrefix("UISV-") }) {
            out.append("'\(m.identifier ?? "")' is made by a UIStackView for its arranged subviews: constrain the stack view "
                       + "rather than its arranged subviews, or change its distribution, alignment or spacing")
        }
        if let m = members.first(where: { ($0.identifier ?? "").hasPrefix("UIView-") && !($0.identifier ?? "").hasPrefix("UIView-Encapsulated") }) {
            out.append("'\(m.identifier ?? "")' is made by UIKit (margins or a layout guide): relate to the view's edges "
                       + "instead, or change its layoutMargins")
        }
        return out
    }

    /// What resolves any conflict: the newest member (the one Trellis breaks) given way, or
    /// any listed member removed.
    static func generic(_ members: [Reconstruction.Listed]) -> [String] {
        guard let last = members.last else { return [] }
        var out = ["Lower the priority of \(last.id) (\(last.constraint.description)) to 999: it then gives way, and the rest hold"]
        if members.count > 1 {
            out.append("Or remove one of " + members.map(\.id).joined(separator: ", ")
                       + ": each of them alone is enough to end this conflict")
        }
        return out
    }
}
