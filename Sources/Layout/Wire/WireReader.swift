// The decoding context shared by every spec decoder: the tape, the input bytes, the
// errors collected so far, and typed accessors that record a located error instead of
// failing. Decoders keep going after an error so that one answer lists every problem.

/// Node indices of an object's known fields, by position in the field table.
struct FieldSlots {
    private var slots: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
        (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    static let capacity = 16

    subscript(_ field: Int) -> Int? {
        get {
            guard field >= 0, field < FieldSlots.capacity else { return nil }
            let v = withUnsafeBytes(of: slots) { $0.load(fromByteOffset: field * 4, as: Int32.self) }
            return v < 0 ? nil : Int(v)
        }
        set {
            guard field >= 0, field < FieldSlots.capacity else { return }
            withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: Int32(truncatingIfNeeded: newValue ?? -1), toByteOffset: field * 4, as: Int32.self) }
        }
    }
}

/// Up to six numbers read from one small object (a rect, insets, a size), kept inline
/// instead of in an array so reading them allocates nothing.
struct NumberSlots {
    private var slots: (Double, Double, Double, Double, Double, Double)
    init(_ fill: Double) { slots = (fill, fill, fill, fill, fill, fill) }

    subscript(_ k: Int) -> Double {
        get {
            guard k >= 0, k < 6 else { return 0 }
            return withUnsafeBytes(of: slots) { $0.load(fromByteOffset: k * 8, as: Double.self) }
        }
        set {
            guard k >= 0, k < 6 else { return }
            withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: newValue, toByteOffset: k * 8, as: Double.self) }
        }
    }
}

struct WireReader {
    let p: UnsafePointer<UInt8>
    let nodes: Tape
    /// The first `LayoutProblem.listedErrors` errors; `errorCount` counts them all.
    var errors: [LayoutError] = []
    var errorCount = 0
    /// Views and constraints a document may list (the operator's limits): a longer array is
    /// refused (413) before any of its elements is read.
    /// The request's limits: counts refused before their elements are read, the coordinate range.
    var limits = LayoutLimits.uncounted
    /// Explicit constraint ids read so far, each with the pointer of its first use: unique
    /// across the request (a document, or a whole edit batch).
    var constraintIDs: [String: String] = [:]
    /// Set when a document's array is over a limit: the whole request is refused with it.
    var tooLarge: LayoutProblem?
    /// Constraints that distribute entries and VFL lines will make: each entry is one element
    /// of `constraints` but may make many, so these count against the same limit.
    var madeConstraints = 0
    /// Ids of view entries left out of the document for their errors.
    var unreadViewIDs: [String] = []
    /// The document's views, once read without errors: the items its constraints name are
    /// resolved against them (`NameTable`). Nil for an edit batch, whose views join a tree
    /// that has others.
    var documentViews: NameTable? { didSet { documentNames = documentViews?.unowned } }
    /// `documentViews` for the parsers, which run while the reader holds the table.
    private(set) var documentNames: NameTable.Unowned?
    /// Last computed column: locations are mostly asked for in document order, so
    /// counting on from the previous one keeps long (minified) lines linear overall.
    private var cacheLineStart = -1, cacheOffset = 0, cacheColumn = 1

    /// Whether every byte of the input is ASCII (most requests): a column is then the byte
    /// distance from the line's start, with no scan (a minified document is one long line,
    /// and every view and constraint records its location).
    let asciiOnly: Bool

    init(_ p: UnsafePointer<UInt8>, count: Int, _ nodes: Tape) {
        self.p = p; self.nodes = nodes
        asciiOnly = WireReader.isASCII(p, count)
    }

    /// Eight bytes at a time: no byte has its top bit set.
    static func isASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        var high: UInt64 = 0
        let raw = UnsafeRawPointer(p)
        while k + 8 <= count {
            high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            k += 8
        }
        while k < count { high |= UInt64(p[k]); k += 1 }
        return high & 0x8080_8080_8080_8080 == 0
    }

    // MARK: positions and errors

    /// 1-based column (in Unicode scalars) of node `n`: one plus the scalars that start
    /// between its line's start and it. Counted from the previous answer when that is on
    /// the same line, forwards or backwards, so that errors reported slightly out of
    /// document order on a long minified line do not rescan the line each time.
    mutating func column(_ n: Int) -> Int {
        let node = nodes[n]
        let lineStart = Int(node.lineStart), offset = Int(node.offset)
        if asciiOnly { return offset - lineStart + 1 }
        var column = 1
        if lineStart == cacheLineStart && offset < cacheOffset && cacheOffset - offset < offset - lineStart {
            column = cacheColumn
            var k = offset
            while k < cacheOffset {
                if p[k] & 0xC0 != 0x80 { column -= 1 }
                k += 1
            }
        } else {
            var from = lineStart
            if lineStart == cacheLineStart && offset >= cacheOffset { from = cacheOffset; column = cacheColumn }
            while from < offset {
                if p[from] & 0xC0 != 0x80 { column += 1 }
                from += 1
            }
        }
        cacheLineStart = lineStart; cacheOffset = offset; cacheColumn = column
        return column
    }

    mutating func location(_ n: Int, _ pointer: String, exprColumn: Int? = nil) -> RequestLocation {
        RequestLocation(pointer: pointer, line: Int(nodes[n].line), column: column(n), exprColumn: exprColumn)
    }

    /// The location of node `n`, element `path.index` of its array.
    mutating func location(_ n: Int, _ path: ElementPath) -> RequestLocation {
        RequestLocation(path, line: Int(nodes[n].line), column: column(n))
    }

    mutating func error(_ code: ErrorCode, _ message: String, _ n: Int, _ pointer: String, exprColumn: Int? = nil) {
        guard errors.count < LayoutProblem.listedErrors else { errorCount += 1; return }
        error(code, message, at: location(n, pointer, exprColumn: exprColumn))
    }

    /// Whether another error would be listed: only those get a "did you mean" (a search
    /// each), so a body of a hundred thousand mistakes costs what its first hundred do.
    var listsMore: Bool { errors.count < LayoutProblem.listedErrors }

    /// An error at a location already known (counted always, listed up to the cap).
    mutating func error(_ code: ErrorCode, _ message: String, at location: RequestLocation?) {
        errorCount += 1
        guard errors.count < LayoutProblem.listedErrors else { return }
        errors.append(LayoutError(code: code, message: message, location: location))
    }

    mutating func wrongType(_ n: Int, _ pointer: @autoclosure () -> String, expected: String) {
        error(ErrorCode.wrongType, "expected \(expected), found \(nodes[n].kind.article)", n, pointer())
    }

    // MARK: strings

    /// Runs `body` over the UTF-8 value of a string node, unescaping only if needed.
    @inline(__always)
    func withBytes<R>(_ n: Int, _ body: (Bytes) -> R) -> R {
        let node = nodes[n]
        if node.escaped {
            return JSONString.unescape(p, node.stringStart, node.stringEnd).withUnsafeBufferPointer(body)
        }
        return body(Bytes(start: p + node.stringStart, count: node.stringEnd - node.stringStart))
    }

    func stringValue(_ n: Int) -> String { TextPosition.string(p, nodes[n]) }

    // MARK: objects

    /// Matches the members of object `n` against `table`: known fields land in the
    /// slots, unknown ones are `unknown-field` errors. The caller checked `n` is an object.
    mutating func fields(_ n: Int, _ table: FieldTable, _ pointer: @autoclosure () -> String) -> FieldSlots {
        var slots = FieldSlots()
        var child = n + 1
        for _ in 0..<nodes[n].count {
            let value = child + 1
            if let k = withBytes(child, { table.index(of: $0) }) {
                slots[k] = value
            } else {
                let name = stringValue(child)
                let known = table.names.map { "\($0)" }.joined(separator: ", ")
                let hint = listsMore ? Suggestion.question(for: name, among: table.names.map { "\($0)" }) : ""
                error(ErrorCode.unknownField, "unknown field '\(name)' (\(hint)expected one of: \(known))",
                      value, pointer() + "/" + JSONPointer.escape(name))
            }
            child = nodes.after(value)
        }
        return slots
    }

    /// The object at `n`, or a wrong-type error.
    mutating func object(_ n: Int, _ pointer: @autoclosure () -> String, _ what: String = "an object") -> Bool {
        if nodes[n].kind == .object { return true }
        wrongType(n, pointer(), expected: what)
        return false
    }

    /// Node indices of the elements of array `n`, walked in place: no array is built (one
    /// was, for every views array and every list of attributes).
    func elements(_ n: Int) -> TapeElements { TapeElements(nodes: nodes, first: n + 1, count: nodes[n].count) }

    // MARK: scalars

    @inline(__always) func isNull(_ n: Int) -> Bool { nodes[n].kind == .null }
    @inline(__always) func isNumber(_ n: Int) -> Bool { nodes[n].kind == .number }
    @inline(__always) func isObject(_ n: Int) -> Bool { nodes[n].kind == .object }

    mutating func number(_ n: Int, _ pointer: @autoclosure () -> String) -> Double? {
        guard nodes[n].kind == .number else { wrongType(n, pointer(), expected: "a number"); return nil }
        return nodes[n].number
    }

    /// A coordinate or constant: a number within `limits.maxCoordinate` of zero.
    mutating func coordinate(_ n: Int, _ pointer: @autoclosure () -> String) -> Double? {
        guard let v = number(n, pointer()) else { return nil }
        guard CoordinateRange.contains(v, within: limits.maxCoordinate) else {
            error(ErrorCode.outOfRange, CoordinateRange.message(v, limit: limits.maxCoordinate), n, pointer())
            return nil
        }
        return v
    }

    mutating func string(_ n: Int, _ pointer: @autoclosure () -> String) -> String? {
        guard nodes[n].kind == .string else { wrongType(n, pointer(), expected: "a string"); return nil }
        return stringValue(n)
    }

    mutating func bool(_ n: Int, _ pointer: @autoclosure () -> String) -> Bool? {
        guard nodes[n].kind == .bool else { wrongType(n, pointer(), expected: "true or false"); return nil }
        return nodes[n].b != 0
    }

    /// An integral number within `range`.
    mutating func integer(_ n: Int, _ pointer: @autoclosure () -> String, _ range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) -> Int? {
        let node = nodes[n]
        let v = node.number
        // Range first, so that the conversion below cannot trap; no libm rounding functions.
        let inRange = v >= Double(range.lowerBound) && v <= Double(range.upperBound)
        let exact = inRange ? Int(v) : 0
        guard node.kind == .number, inRange, Double(exact) == v else {
            let bounds = range.lowerBound == 0 ? "a non-negative integer" : "an integer"
            if node.kind == .number { error(ErrorCode.wrongType, "expected \(bounds), found \(v)", n, pointer()) } else { wrongType(n, pointer(), expected: bounds) }
            return nil
        }
        return exact
    }

    /// A priority: a number in (0, 1000] or one of required/high/medium/low.
    mutating func priority(_ n: Int, _ pointer: @autoclosure () -> String) -> Double? {
        switch nodes[n].kind {
        case .number:
            let v = nodes[n].number
            guard v > 0, v <= 1000 else {
                error(ErrorCode.priorityOutOfRange, "priority must be in (0, 1000], found \(NumberFormat.string(v))", n, pointer())
                return nil
            }
            return v
        case .string:
            if let v = withBytes(n, Names.priority) { return v }
            error(ErrorCode.wrongType, "expected a priority: a number in (0, 1000] or required, high, medium, low; found '\(stringValue(n))'", n, pointer())
            return nil
        default:
            wrongType(n, pointer(), expected: "a priority (a number in (0, 1000] or required, high, medium, low)")
            return nil
        }
    }
}

/// `pointer/name` for a field name from a static table (no escaping needed).
func child(_ pointer: String, _ name: StaticString) -> String {
    name.withUTF8Buffer { text in
        joined(pointer, text.count) { out in
            if let source = text.baseAddress { out.update(from: source, count: text.count) }
        }
    }
}

/// `pointer/index`.
func child(_ pointer: String, _ index: Int) -> String {
    var digits = 1, rest = index.magnitude
    while rest >= 10 { rest /= 10; digits += 1 }
    let negative = index < 0
    return joined(pointer, digits + (negative ? 1 : 0)) { out in
        var value = index.magnitude, k = digits + (negative ? 1 : 0)
        repeat {
            k -= 1
            out[k] = UInt8(truncatingIfNeeded: 48 + value % 10)
            value /= 10
        } while value > 0
        if negative { out[0] = UInt8(ascii: "-") }
    }
}

/// `pointer` + "/" + `count` more bytes that `write` puts in place: one string built in
/// place (every decoded op and constraint makes its pointer, so concatenation showed).
private func joined(_ pointer: String, _ count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) -> String {
    var pointer = pointer
    return pointer.withUTF8 { head in
        String(unsafeUninitializedCapacity: head.count + 1 + count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            if let source = head.baseAddress { base.update(from: source, count: head.count) }
            base[head.count] = UInt8(ascii: "/")
            write(base + head.count + 1)
            return head.count + 1 + count
        }
    }
}
