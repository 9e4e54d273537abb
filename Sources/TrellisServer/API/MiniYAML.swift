/// A YAML reader for the subset openapi.yaml is written in: block mappings and sequences
/// by indentation, `- key: value` items, plain and quoted scalars, flow `[...]` and `{...}`,
/// block scalars (`|`, `>`, with `-`), comments. Enough to render the spec (`APIPage`);
/// not a general YAML parser (no anchors, tags, multi-documents or complex keys).
enum YAMLNode: Sendable {
    case scalar(String)
    case sequence([YAMLNode])
    /// Members in order.
    case mapping([(String, YAMLNode)])

    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .scalar(let s) = self { return s } else { return nil } }
    var members: [(String, YAMLNode)] { if case .mapping(let m) = self { return m } else { return [] } }
    var items: [YAMLNode] { if case .sequence(let s) = self { return s } else { return [] } }
}

struct MiniYAML {
    private struct Line {
        let indent: Int
        let text: Substring  // without indentation; comments kept for block scalars
        let raw: Substring
    }

    private var lines: [Line] = []
    private var k = 0

    /// The document's root, or nil when the text is not of the subset.
    static func parse(_ text: String) -> YAMLNode? {
        var reader = MiniYAML()
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = raw.prefix { $0 == " " }.count
            reader.lines.append(Line(indent: indent, text: raw.dropFirst(indent), raw: raw))
        }
        reader.skipBlank()
        guard reader.k < reader.lines.count else { return nil }
        return reader.block(indent: reader.lines[reader.k].indent)
    }

    private static func isBlank(_ line: Line) -> Bool { line.text.isEmpty || line.text.hasPrefix("#") }

    private mutating func skipBlank() { while k < lines.count, MiniYAML.isBlank(lines[k]) { k += 1 } }

    /// A mapping or sequence whose entries start at `indent`.
    private mutating func block(indent: Int) -> YAMLNode {
        skipBlank()
        guard k < lines.count else { return .scalar("") }
        if lines[k].text.hasPrefix("- ") || lines[k].text == "-" { return sequence(indent: indent) }
        return mapping(indent: indent)
    }

    private mutating func sequence(indent: Int) -> YAMLNode {
        var items: [YAMLNode] = []
        while true {
            skipBlank()
            guard k < lines.count, lines[k].indent == indent, lines[k].text.hasPrefix("-") else { break }
            let rest = lines[k].text.dropFirst().drop { $0 == " " }
            let itemIndent = indent + (lines[k].text.count - rest.count)
            if rest.isEmpty {
                k += 1
                items.append(block(indent: lines[min(k, lines.count - 1)].indent))
            } else if MiniYAML.keySplit(rest) != nil && !rest.hasPrefix("{") && !rest.hasPrefix("[") && !rest.hasPrefix("\"") && !rest.hasPrefix("'") {
                // `- key: value` opens a mapping whose keys line up with `key`.
                lines[k] = Line(indent: itemIndent, text: rest, raw: lines[k].raw)
                items.append(mapping(indent: itemIndent))
            } else {
                k += 1
                items.append(MiniYAML.scalarOrFlow(rest))
            }
        }
        return .sequence(items)
    }

    private mutating func mapping(indent: Int) -> YAMLNode {
        var members: [(String, YAMLNode)] = []
        while true {
            skipBlank()
            guard k < lines.count, lines[k].indent == indent, let (key, value) = MiniYAML.keySplit(lines[k].text) else { break }
            k += 1
            let v = value.trimmingTrailingComment()
            if v.isEmpty {
                skipBlank()
                if k < lines.count, lines[k].indent > indent || (lines[k].indent == indent && lines[k].text.hasPrefix("- ")) {
                    members.append((key, block(indent: lines[k].indent)))
                } else {
                    members.append((key, .scalar("")))
                }
            } else if v.first == "|" || v.first == ">" {
                members.append((key, .scalar(blockScalar(folded: v.first == ">", keep: !v.contains("-"), parentIndent: indent))))
            } else if v.first == "[" || v.first == "{" {
                members.append((key, MiniYAML.scalarOrFlow(Substring(flowText(v)))))
            } else {
                members.append((key, MiniYAML.scalarOrFlow(v)))
            }
        }
        return .mapping(members)
    }

    /// A flow collection, with the lines it continues on until its brackets close.
    private mutating func flowText(_ first: Substring) -> String {
        var text = String(first)
        while MiniYAML.openBrackets(text) > 0, k < lines.count {
            text += " " + lines[k].text.trimmingTrailingComment()
            k += 1
        }
        return text
    }

    /// How many `[` and `{` are still open (outside quotes).
    static func openBrackets(_ text: String) -> Int {
        var depth = 0
        var quote: Character?
        for c in text {
            if let q = quote { if c == q { quote = nil }; continue }
            switch c {
            case "'", "\"": quote = c
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
        }
        return depth
    }

    /// The lines more indented than the key, joined (`|`) or folded (`>`).
    private mutating func blockScalar(folded: Bool, keep: Bool, parentIndent: Int) -> String {
        var body: [Substring] = []
        var bodyIndent: Int?
        while k < lines.count {
            let line = lines[k]
            if line.text.isEmpty { body.append(""); k += 1; continue }
            guard line.indent > parentIndent else { break }
            if bodyIndent == nil { bodyIndent = line.indent }
            body.append(line.raw.dropFirst(min(bodyIndent ?? 0, line.indent)))
            k += 1
        }
        while body.last?.isEmpty == true { body.removeLast() }
        var text = ""
        if folded {
            var paragraph: [String] = []
            var paragraphs: [String] = []
            for line in body {
                if line.isEmpty { paragraphs.append(paragraph.joined(separator: " ")); paragraph = [] } else { paragraph.append(String(line)) }
            }
            paragraphs.append(paragraph.joined(separator: " "))
            text = paragraphs.joined(separator: "\n")
        } else {
            text = body.joined(separator: "\n")
        }
        return keep ? text + "\n" : text
    }

    /// `key: value` (value possibly empty); nil when the line is no mapping entry.
    static func keySplit(_ text: Substring) -> (String, Substring)? {
        var key: Substring
        var rest: Substring
        if let q = text.first, q == "'" || q == "\"" {
            guard let close = text.dropFirst().firstIndex(of: q) else { return nil }
            key = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            rest = rest.dropFirst()
        } else {
            guard let colon = text.firstRange(of: ": ")?.lowerBound ?? (text.hasSuffix(":") ? text.index(before: text.endIndex) : nil)
            else { return nil }
            key = text[..<colon]
            if key.first == "{" || key.first == "[" { return nil }
            rest = text[text.index(after: colon)...]
        }
        return (String(key), rest.drop { $0 == " " })
    }

    /// A plain or quoted scalar, or a flow collection.
    static func scalarOrFlow(_ text: Substring) -> YAMLNode {
        let t = text.trimmingTrailingComment()
        if t.first == "[" || t.first == "{" {
            var i = t.startIndex
            return flow(t, &i)
        }
        return .scalar(unquote(t))
    }

    private static func unquote(_ t: Substring) -> String {
        if t.count >= 2, let q = t.first, q == "'" || q == "\"", t.last == q {
            let inner = t.dropFirst().dropLast()
            return q == "'" ? String(inner).replacing("''", with: "'") : String(inner).replacing("\\\"", with: "\"")
        }
        return String(t)
    }

    private static func flow(_ t: Substring, _ i: inout Substring.Index) -> YAMLNode {
        func skipSpaces() { while i < t.endIndex, t[i] == " " { i = t.index(after: i) } }
        skipSpaces()
        guard i < t.endIndex else { return .scalar("") }
        let open = t[i]
        if open == "[" || open == "{" {
            let close: Character = open == "[" ? "]" : "}"
            i = t.index(after: i)
            var items: [YAMLNode] = []
            var members: [(String, YAMLNode)] = []
            while true {
                skipSpaces()
                guard i < t.endIndex else { break }
                if t[i] == close { i = t.index(after: i); break }
                if t[i] == "," { i = t.index(after: i); continue }
                if open == "{" {
                    let keyStart = i
                    while i < t.endIndex, t[i] != ":" { i = t.index(after: i) }
                    let key = unquote(t[keyStart..<i].trimming(" ")[...])
                    if i < t.endIndex { i = t.index(after: i) }
                    members.append((key, flow(t, &i)))
                } else {
                    items.append(flow(t, &i))
                }
            }
            return open == "[" ? .sequence(items) : .mapping(members)
        }
        // A scalar in a flow: up to the next `,` `]` `}` outside quotes.
        let start = i
        if let q = t[i] as Character?, q == "'" || q == "\"" {
            i = t.index(after: i)
            while i < t.endIndex, t[i] != q { i = t.index(after: i) }
            if i < t.endIndex { i = t.index(after: i) }
        } else {
            while i < t.endIndex, t[i] != ",", t[i] != "]", t[i] != "}" { i = t.index(after: i) }
        }
        return .scalar(unquote(t[start..<i].trimming(" ")[...]))
    }
}

private extension Substring {
    /// Without a ` #...` comment outside quotes, and trailing spaces.
    func trimmingTrailingComment() -> Substring {
        var quote: Character?
        var i = startIndex
        while i < endIndex {
            let c = self[i]
            if let q = quote { if c == q { quote = nil } } else if c == "'" || c == "\"" {
                if i == startIndex || self[index(before: i)] == " " || self[index(before: i)] == "[" || self[index(before: i)] == "{" { quote = c }
            } else if c == "#", i == startIndex || self[index(before: i)] == " " {
                return self[..<i].trimmingSuffix()
            }
            i = index(after: i)
        }
        return trimmingSuffix()
    }

    func trimmingSuffix() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }
}

private extension Substring {
    func trimming(_ set: Character) -> String {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
