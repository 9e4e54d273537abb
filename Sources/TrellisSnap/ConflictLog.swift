import Foundation

/// A conflict written the way Auto Layout logs one (docs/semantics.md §8.3): the header, the
/// conflicting constraints one per line, the one broken to recover. SnapKit's own
/// constraints print as SnapKit prints them (`label-or-id@File.swift#line`), followed by the
/// full `file:line` of the relation call, so each member can be found in the code.
enum ConflictLog {
    /// - Parameter names: item id -> how the log names it, `TrellisView:label-or-id`.
    static func text(_ conflict: LayoutConflict, names: [String: String]) -> String {
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\tAt least one constraint in the list below is probably not wanted. Check each one,",
            "\tthen fix the code that made the one you do not expect (its file:line is given).",
            "(",
        ]
        let members = conflict.members.map { "    \"\(describe($0, names))\"" + location($0) }
        lines.append(members.joined(separator: ",\n"))
        lines.append(")")
        lines.append("")
        for broken in conflict.broken {
            lines.append("Will attempt to recover by breaking constraint ")
            lines.append(describe(broken, names) + location(broken))
        }
        if let explanation = conflict.explanation {
            lines.append("")
            lines.append(explanation)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `<TrellisSnap.LayoutConstraint:c3@CardView.swift#42 TrellisView:title.top == TrellisView:card.top + 8>`;
    /// a fixed frame as Auto Layout shows an autoresizing-mask constraint; other implicit
    /// constraints under the class Auto Layout gives them.
    static func describe(_ m: ConflictMember, _ names: [String: String]) -> String {
        guard let source = m.source else {
            if let frame = m.id.range(of: ".frame."), let rhs = m.description.range(of: " == ") {
                let view = String(m.id[..<frame.lowerBound]), field = String(m.id[frame.upperBound...])
                let attribute = ["x": "minX", "y": "minY"][field] ?? field
                return "<NSAutoresizingMaskLayoutConstraint:\(m.id) h=--& v=--& \(names[view] ?? view).\(attribute) == "
                    + "\(m.description[rhs.upperBound...])>"
            }
            let kind = m.id.contains(".hugging.") || m.id.contains(".compression.") ? "NSContentSizeLayoutConstraint"
                : "NSLayoutConstraint"
            return "<\(kind):\(m.id) \(named(m.description, names))>"
        }
        let file = source.file.split(separator: "/").last.map(String.init) ?? source.file
        return "<TrellisSnap.LayoutConstraint:\(m.label ?? m.id)@\(file)#\(source.line) \(named(m.description, names))>"
    }

    /// The service's `a.left == root.left + 8` with items named as SnapKit names them.
    private static func named(_ description: String, _ names: [String: String]) -> String {
        var tokens = description.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for k in [0, 2] where k < tokens.count {
            guard let dot = tokens[k].lastIndex(of: "."), let name = names[String(tokens[k][..<dot])] else { continue }
            tokens[k] = name + tokens[k][dot...]
        }
        return tokens.joined(separator: " ")
    }

    private static func location(_ m: ConflictMember) -> String {
        m.source.map { "  (\($0))" } ?? ""
    }

    /// Auto Layout writes these to the console; here, standard error.
    static func print(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
