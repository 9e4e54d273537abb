/// Apple's Visual Format Language grammar (docs/semantics.md §6.6), read from a line as sent:
/// whitespace between tokens is skipped but counted, so every column indexes the string.
struct VFLParser {
    struct Failure: Error {
        /// 1-based; the line's length + 1 at its end.
        let column: Int
        /// Apple's words where Apple has them, then ours.
        let message: String
    }

    private let s: [Unicode.Scalar]
    private var i = 0

    private init(_ text: String) { s = Array(text.unicodeScalars) }

    /// Whether a constraint string is a VFL line: after optional spaces, `|` or `[`, or `H` or
    /// `V`, optional spaces, then `:`.
    static func isLine(_ bytes: Bytes) -> Bool {
        var k = 0
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        guard k < bytes.count else { return false }
        let c = bytes[k]
        if c == UInt8(ascii: "|") || c == UInt8(ascii: "[") { return true }
        guard c == UInt8(ascii: "H") || c == UInt8(ascii: "V") else { return false }
        k += 1
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        return k < bytes.count && bytes[k] == UInt8(ascii: ":")
    }

    static func parse(_ text: String) -> Result<VFLParsed, Failure> {
        var p = VFLParser(text)
        do { return .success(try p.line()) } catch { return .failure(error) }
    }

    /// The message of a failure with the line and a caret under its column.
    static func caret(_ text: String, _ failure: Failure) -> String {
        let pad = String(repeating: " ", count: max(0, failure.column - 1))
        return failure.message + "\n" + text + "\n" + pad + "^"
    }

    // MARK: - grammar

    private mutating func line() throws(Failure) -> VFLParsed {
        var vertical = false
        skip()
        if let c = peek(), c == "H" || c == "V" {
            let save = i
            i += 1
            skip()
            if peek() == ":" {
                vertical = c == "V"
                i += 1
            } else {
                i = save
            }
        }
        var parsed = VFLParsed(vertical: vertical, leading: nil, views: [], connections: [], trailing: nil)
        skip()
        if peek() == "|" {
            let bar = column
            i += 1
            let connection = try self.connection()
            skip()
            guard peek() == "[" else { throw fail("Expected a view", "after the superview '|' and its connection, a view '[name]' must follow") }
            parsed.leading = (bar, connection)
        }
        skip()
        guard peek() == "[" else { throw fail("Expected a view", "a line needs at least one view, written '[name]'") }
        parsed.views.append(try view())
        while true {
            skip()
            guard let c = peek() else { break }
            guard c == "-" || c == "[" || c == "|" else {
                throw fail("Expected a connection or a view", "after a view comes '-', '[' or the closing '|'; found '\(c)'")
            }
            let connection = try self.connection()
            skip()
            if peek() == "|" {
                parsed.trailing = (column, connection)
                i += 1
                skip()
                if peek() != nil { throw fail("Expected the end of the line", "nothing may follow the closing '|'") }
                break
            }
            guard peek() == "[" else { throw fail("Expected a view", "a connection must be followed by a view '[name]' or the closing '|'") }
            parsed.connections.append(connection)
            parsed.views.append(try view())
        }
        return parsed
    }

    /// `[name(predicates)?]`
    private mutating func view() throws(Failure) -> VFLView {
        i += 1  // [
        skip()
        let start = column
        guard let name = identifier() else {
            throw fail("Expected a view name", "a view name starts with a letter or '_'")
        }
        skip()
        var predicates: [VFLPredicate] = []
        if peek() == "(" {
            predicates = try predicateList(inView: true)
            skip()
        }
        guard peek() == "]" else { throw fail("Expected ']'", "a view is written '[name]' or '[name(predicates)]'") }
        i += 1
        return VFLView(name: name, column: start, predicates: predicates)
    }

    /// Nothing (flush), `-` (standard), or `-N-`, `-metric-`, `-(predicates)-`.
    private mutating func connection() throws(Failure) -> VFLConnection {
        skip()
        let start = column
        guard peek() == "-" else { return .flush(column: start) }
        i += 1
        skip()
        guard let c = peek() else { return .standard(column: start) }
        if c == "[" || c == "|" { return .standard(column: start) }
        if c == "-" { throw fail("Expected a number, metric or predicate list", "'--' has nothing between its dashes") }
        var predicates: [VFLPredicate]
        if c == "(" {
            predicates = try predicateList(inView: false)
        } else {
            let at = column
            guard let value = try simpleValue() else {
                throw fail("Expected a number or key from the metrics dictionary, but encountered something else",
                           "between dashes comes a number, a metric name or '(predicates)'")
            }
            predicates = [VFLPredicate(relation: .equal, object: value, priority: nil, column: at)]
        }
        skip()
        guard peek() == "-" else { throw fail("Expected '-'", "a spacing is closed by a dash: '-8-', '-(>=8)-'") }
        i += 1
        return .predicates(predicates)
    }

    /// `(predicate, predicate, ...)`
    private mutating func predicateList(inView: Bool) throws(Failure) -> [VFLPredicate] {
        i += 1  // (
        var out: [VFLPredicate] = []
        while true {
            skip()
            let at = column
            var relation = Relation.equal
            if let c = peek(), c == "=" || c == "<" || c == ">" {
                guard i + 1 < s.count, s[i + 1] == "=" else {
                    throw fail("Unknown relation. Must be ==, >=, or <=", "a relation is '==', '<=' or '>='")
                }
                relation = c == "=" ? .equal : c == "<" ? .lessThanOrEqual : .greaterThanOrEqual
                i += 2
                skip()
            }
            guard let object = try simpleValue() else {
                throw fail("Expected a number or key from the metrics dictionary, but encountered something else",
                           inView ? "a predicate is a number, a metric or a view name, after an optional relation"
                                  : "a spacing predicate is a number or a metric, after an optional relation")
            }
            skip()
            var priority: VFLValue?
            if peek() == "@" {
                i += 1
                skip()
                guard let p = try simpleValue() else { throw fail("Expected a priority", "after '@' comes a number or a metric") }
                priority = p
                skip()
            }
            out.append(VFLPredicate(relation: relation, object: object, priority: priority, column: at))
            if peek() == "," { i += 1; continue }
            guard peek() == ")" else { throw fail("Expected ')' or ','", "predicates are separated by ',' and closed by ')'") }
            i += 1
            return out
        }
    }

    /// A number (with an optional sign) or a name; nil when neither starts here.
    private mutating func simpleValue() throws(Failure) -> VFLValue? {
        let at = column
        if let name = identifier() { return .name(name, column: at) }
        var text = ""
        if let c = peek(), c == "-" || c == "+" { text.unicodeScalars.append(c); i += 1 }
        while let c = peek(), ("0"..."9").contains(c) || c == "." || c == "e" || c == "E" { text.unicodeScalars.append(c); i += 1 }
        if text.isEmpty { return nil }
        guard let v = Double(text), v.isFinite else {
            i -= text.unicodeScalars.count
            throw fail("Expected a number", "'\(text)' is not a finite number")
        }
        return .number(v)
    }

    private mutating func identifier() -> String? {
        guard let c = peek(), c == "_" || c.properties.isAlphabetic && c.isASCII else { return nil }
        var out = ""
        while let c = peek(), c == "_" || (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) {
            out.unicodeScalars.append(c)
            i += 1
        }
        return out
    }

    // MARK: - plumbing

    private var column: Int { i + 1 }
    private func peek() -> Unicode.Scalar? { i < s.count ? s[i] : nil }
    private mutating func skip() { while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1 } }
    private func fail(_ apple: String, _ plain: String) -> Failure { Failure(column: column, message: "\(apple): \(plain)") }
}
