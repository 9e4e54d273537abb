/// Apple's Visual Format Language grammar (docs/semantics.md §6.6), read from a line as sent:
/// whitespace between tokens is skipped but counted, so every column indexes the string.
/// The grammar is ASCII, so the line is read byte by byte where it stands; a view name is
/// found in the document's name table (its one String and its slot) rather than copied out.
struct VFLParser {
    struct Failure: Error {
        /// 1-based, in Unicode scalars; the line's length + 1 at its end.
        let column: Int
        /// Apple's words where Apple has them, then ours.
        let message: String
    }

    private let s: Bytes
    private let ascii: Bool
    private let names: NameTable.Unowned?
    private var i = 0

    private init(_ bytes: Bytes, names: NameTable.Unowned?) {
        s = bytes
        ascii = !bytes.contains { $0 >= 0x80 }
        self.names = names
    }

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

    /// Parses `bytes`; view names are resolved against `names` (the document's views).
    static func parse(_ bytes: Bytes, names: NameTable.Unowned? = nil) -> Result<VFLParsed, Failure> {
        var p = VFLParser(bytes, names: names)
        do { return .success(try p.line()) } catch { return .failure(error) }
    }

    static func parse(_ text: String) -> Result<VFLParsed, Failure> {
        var copy = text
        return copy.withUTF8 { parse($0) }
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
        if let c = byte(), c == UInt8(ascii: "H") || c == UInt8(ascii: "V") {
            let save = i
            i += 1
            skip()
            if byte() == UInt8(ascii: ":") {
                vertical = c == UInt8(ascii: "V")
                i += 1
            } else {
                i = save
            }
        }
        var parsed = VFLParsed(vertical: vertical, leading: nil, views: [], connections: [], trailing: nil)
        skip()
        if byte() == UInt8(ascii: "|") {
            let bar = column
            i += 1
            let connection = try self.connection()
            skip()
            guard byte() == UInt8(ascii: "[") else {
                throw fail("Expected a view", "after the superview '|' and its connection, a view '[name]' must follow")
            }
            parsed.leading = (bar, connection)
        }
        skip()
        guard byte() == UInt8(ascii: "[") else { throw fail("Expected a view", "a line needs at least one view, written '[name]'") }
        parsed.views.append(try view())
        while true {
            skip()
            guard let c = byte() else { break }
            guard c == UInt8(ascii: "-") || c == UInt8(ascii: "[") || c == UInt8(ascii: "|") else {
                throw fail("Expected a connection or a view", "after a view comes '-', '[' or the closing '|'; found '\(found)'")
            }
            let connection = try self.connection()
            skip()
            if byte() == UInt8(ascii: "|") {
                parsed.trailing = (column, connection)
                i += 1
                skip()
                if byte() != nil { throw fail("Expected the end of the line", "nothing may follow the closing '|'") }
                break
            }
            guard byte() == UInt8(ascii: "[") else {
                throw fail("Expected a view", "a connection must be followed by a view '[name]' or the closing '|'")
            }
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
        guard let (name, slot) = identifier() else {
            throw fail("Expected a view name", "a view name starts with a letter or '_'")
        }
        skip()
        var predicates: [VFLPredicate] = []
        if byte() == UInt8(ascii: "(") {
            predicates = try predicateList(inView: true)
            skip()
        }
        guard byte() == UInt8(ascii: "]") else { throw fail("Expected ']'", "a view is written '[name]' or '[name(predicates)]'") }
        i += 1
        return VFLView(name: name, slot: slot, column: start, predicates: predicates)
    }

    /// Nothing (flush), `-` (standard), or `-N-`, `-metric-`, `-(predicates)-`.
    private mutating func connection() throws(Failure) -> VFLConnection {
        skip()
        let start = column
        guard byte() == UInt8(ascii: "-") else { return .flush(column: start) }
        i += 1
        skip()
        guard let c = byte() else { return .standard(column: start) }
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "|") { return .standard(column: start) }
        if c == UInt8(ascii: "-") { throw fail("Expected a number, metric or predicate list", "'--' has nothing between its dashes") }
        var predicates: [VFLPredicate]
        if c == UInt8(ascii: "(") {
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
        guard byte() == UInt8(ascii: "-") else { throw fail("Expected '-'", "a spacing is closed by a dash: '-8-', '-(>=8)-'") }
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
            if let c = byte(), c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") {
                guard i + 1 < s.count, s[i + 1] == UInt8(ascii: "=") else {
                    throw fail("Unknown relation. Must be ==, >=, or <=", "a relation is '==', '<=' or '>='")
                }
                relation = c == UInt8(ascii: "=") ? .equal : c == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual
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
            if byte() == UInt8(ascii: "@") {
                i += 1
                skip()
                guard let p = try simpleValue() else { throw fail("Expected a priority", "after '@' comes a number or a metric") }
                priority = p
                skip()
            }
            out.append(VFLPredicate(relation: relation, object: object, priority: priority, column: at))
            if byte() == UInt8(ascii: ",") { i += 1; continue }
            guard byte() == UInt8(ascii: ")") else { throw fail("Expected ')' or ','", "predicates are separated by ',' and closed by ')'") }
            i += 1
            return out
        }
    }

    /// A number (with an optional sign) or a name; nil when neither starts here.
    private mutating func simpleValue() throws(Failure) -> VFLValue? {
        let at = column
        if let (name, slot) = identifier() { return .name(name, slot: slot, column: at) }
        let start = i
        if let c = byte(), c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { i += 1 }
        // Most numbers in a line are small whole ones (`8`, `20`, `@750`): read those directly.
        var whole = 0, digits = 0
        while let c = byte(), c >= 0x30 && c <= 0x39, digits < 15 { whole = whole * 10 + Int(c - 0x30); digits += 1; i += 1 }
        if digits > 0, byte().map({ $0 != 0x2E && $0 != 0x65 && $0 != 0x45 && !($0 >= 0x30 && $0 <= 0x39) }) ?? true {
            return .number(s[start] == UInt8(ascii: "-") ? -Double(whole) : Double(whole))
        }
        while let c = byte(), (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x65 || c == 0x45 { i += 1 }
        if i == start { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: s[start..<i]), as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            i = start
            throw fail("Expected a number", "'\(text)' is not a finite number")
        }
        return .number(v)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: the document's own String for a view's name (and its slot),
    /// else a new one (a metric).
    private mutating func identifier() -> (String, Int)? {
        func letter(_ c: UInt8) -> Bool { c == 0x5F || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) }
        guard let c = byte(), letter(c) else { return nil }
        let start = i
        while let c = byte(), letter(c) || (c >= 0x30 && c <= 0x39) { i += 1 }
        let bytes = UnsafeBufferPointer(rebasing: s[start..<i])
        if let found = names?.find(bytes) { return (found.name, found.value) }
        return (String(decoding: bytes, as: UTF8.self), -1)
    }

    // MARK: - plumbing

    /// The 1-based column of byte `i`, in scalars.
    private var column: Int {
        ascii ? i + 1 : UnsafeBufferPointer(rebasing: s[..<min(i, s.count)]).reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
    private func byte() -> UInt8? { i < s.count ? s[i] : nil }
    /// The character at `i`, for messages.
    private var found: String {
        var end = i + 1
        while end < s.count, s[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: s[i..<min(end, s.count)]), as: UTF8.self)
    }
    private mutating func skip() { while let c = byte(), c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 } }
    private func fail(_ apple: String, _ plain: String) -> Failure { Failure(column: column, message: "\(apple): \(plain)") }
}
