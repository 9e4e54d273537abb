// Strict RFC 8259 parser from bytes to the node tape (JSONNode.swift).
// Iterative, with an explicit container stack: nesting depth costs heap, not call
// stack, and is capped at `maxDepth` so a hostile body cannot exhaust memory or time.
// Every failure is a JSONSyntaxError carrying the byte offset, line and the JSON pointer
// of the value being read; nothing here traps on any input.
import Cassowary

/// Why the bytes are not an acceptable JSON text.
struct JSONSyntaxError: Error, Equatable {
    var message: String
    var offset: Int
    var line: Int
    var lineStart: Int
    /// JSON pointer of the innermost value being read when the error was found.
    var pointer: String
    /// The text is well-formed so far but over a limit (depth, size): HTTP 413.
    var overLimit = false
}

struct JSONParser: ~Copyable {
    static let maxDepth = 512
    /// Objects with more keys than this check duplicates with a set instead of pairwise.
    static let linearKeyLimit = 16

    /// Plain data, so that looking at the innermost frame (once per value) counts no
    /// references; the rare key sets of wide objects live beside (`keySets`).
    private struct Frame {
        var node: Int
        var count: UInt32 = 0
        var isObject: Bool
        var keysStart: Int
    }

    private let p: UnsafePointer<UInt8>
    private let end: Int
    private var i = 0
    private var line: UInt32 = 1
    private var lineStart = 0
    // The tape and the two stacks grow one element per value or key: `OwnedArray`s, whose
    // append is a compare and a store (an `Array`'s checks that its buffer is unique and
    // has room were a third of the parse).
    private var nodes = OwnedArray<JSONNode>()
    private var frames = OwnedArray<Frame>()
    /// Node indices of the keys of every open object, innermost last.
    private var keys = OwnedArray<Int>()
    /// The names seen so far of each open object wider than `linearKeyLimit`, by frame depth.
    private var keySets: [Int: Set<[UInt8]>] = [:]

    private init(_ p: UnsafePointer<UInt8>, _ end: Int) { self.p = p; self.end = end }

    /// Parses a whole JSON text; anything but whitespace after the value is an error.
    static func parse(_ buffer: UnsafeRawBufferPointer) -> Result<[JSONNode], JSONSyntaxError> {
        withTape(buffer) { Array($0) }
    }

    /// Parses a whole JSON text and runs `body` on its tape, where the parser left it: the
    /// wire reader reads it there, not from a copy (a copy is a large block's allocation and
    /// a pass over every node).
    static func withTape<R>(_ buffer: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<JSONNode>) -> R)
        -> Result<R, JSONSyntaxError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return .failure(JSONSyntaxError(message: "empty body: expected a JSON value", offset: 0, line: 1, lineStart: 0, pointer: ""))
        }
        guard buffer.count < Int(UInt32.max) else {
            return .failure(JSONSyntaxError(message: "body too large", offset: 0, line: 1, lineStart: 0, pointer: "", overLimit: true))
        }
        var parser = JSONParser(base.assumingMemoryBound(to: UInt8.self), buffer.count)
        do throws(JSONSyntaxError) {
            try parser.run()
            return .success(parser.nodes.withUnsafeBufferPointer(body))
        } catch {
            return .failure(error)
        }
    }

    private mutating func run() throws(JSONSyntaxError) {
        // Typical requests hold about one value per 7-10 bytes: room for one per 5 means the
        // tape of a small request never grows (a copy each time). Capped, so a huge body does
        // not reserve much more than it turns out to need.
        nodes.reserveCapacity(min(max(16, end / 5), 1 << 18))
        // Requests nest a few levels and name a few keys at a time: one allocation each
        // instead of growing from empty.
        frames.reserveCapacity(8)
        keys.reserveCapacity(16)
        // A UTF-8 byte order mark is tolerated (RFC 8259 section 8.1 allows ignoring it).
        if end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        skipWhitespace()
        value: while true {
            guard i < end else { throw fail("unexpected end of input: expected a value", at: i) }
            let c = p[i]
            switch c {
            case UInt8(ascii: "{"):
                try open(.object)
                skipWhitespace()
                if i < end, p[i] == UInt8(ascii: "}") { i += 1; close() } else { try key(); continue value }
            case UInt8(ascii: "["):
                try open(.array)
                skipWhitespace()
                if i < end, p[i] == UInt8(ascii: "]") { i += 1; close() } else { frames[frames.count - 1].count = 1; continue value }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: "t"): try literal("true", .bool, 1)
            case UInt8(ascii: "f"): try literal("false", .bool, 0)
            case UInt8(ascii: "n"): try literal("null", .null, 0)
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw fail("NaN and Infinity are not JSON numbers", at: i)
            default:
                throw fail("unexpected \(describe(c)): expected a value", at: i)
            }
            // A value is complete: close every container that ends here, or move on
            // to the next element or member.
            while true {
                skipWhitespace()
                guard frames.count > 0 else {
                    guard i == end else { throw fail("unexpected \(describe(p[i])) after the JSON value", at: i) }
                    return
                }
                let top = frames[frames.count - 1]
                guard i < end else { throw fail("unexpected end of input: expected ',' or '\(top.isObject ? "}" : "]")'", at: i) }
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    if top.isObject { try key() } else { frames[frames.count - 1].count += 1 }
                    continue value
                }
                if c == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1; close(); continue
                }
                throw fail("unexpected \(describe(c)): expected ',' or '\(top.isObject ? "}" : "]")'", at: i)
            }
        }
    }

    // MARK: containers

    private mutating func open(_ kind: JSONKind) throws(JSONSyntaxError) {
        guard frames.count < JSONParser.maxDepth else {
            var error = fail("nesting deeper than \(JSONParser.maxDepth) levels", at: i)
            error.overLimit = true
            throw error
        }
        frames.append(Frame(node: nodes.count, isObject: kind == .object, keysStart: keys.count))
        nodes.append(makeNode(kind, i))
        i += 1
    }

    private mutating func close() {
        guard let frame = frames.popLast() else { return }
        if !keySets.isEmpty { keySets[frames.count] = nil }
        nodes[frame.node].a = frame.count
        nodes[frame.node].b = UInt64(nodes.count)
        if frame.isObject { keys.removeSuffix(from: frame.keysStart) }
    }

    /// Reads `"name" :` of an object member and checks the name is new in its object.
    private mutating func key() throws(JSONSyntaxError) {
        guard i < end else { throw fail("unexpected end of input: expected a member name", at: i) }
        guard p[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(p[i])): expected a member name in double quotes", at: i) }
        let index = nodes.count
        let keyOffset = i
        try string()
        frames[frames.count - 1].count += 1
        try checkDuplicate(index, at: keyOffset)
        keys.append(index)
        skipWhitespace()
        guard i < end, p[i] == UInt8(ascii: ":") else {
            throw fail(i < end ? "unexpected \(describe(p[i])): expected ':'" : "unexpected end of input: expected ':'", at: i)
        }
        i += 1
        skipWhitespace()
    }

    private mutating func checkDuplicate(_ index: Int, at offset: Int) throws(JSONSyntaxError) {
        let f = frames.count - 1
        let start = frames[f].keysStart
        if keys.count - start < JSONParser.linearKeyLimit {
            for j in start..<keys.count where sameKey(keys[j], index) { throw duplicate(index, at: offset) }
            return
        }
        if keySets[f] == nil {
            keySets[f] = Set((start..<keys.count).map { keyBytes(keys[$0]) })
        }
        let name = keyBytes(index)
        guard keySets[f]?.insert(name).inserted ?? true else { throw duplicate(index, at: offset) }
    }

    /// The error for a repeated name, located at the repeat: its pointer ends with that name
    /// (not the member before it).
    private mutating func duplicate(_ index: Int, at offset: Int) -> JSONSyntaxError {
        keys.append(index)
        return fail("duplicate member name \"\(keyString(index))\"", at: offset)
    }

    private func keyBytes(_ index: Int) -> [UInt8] {
        let n = nodes[index]
        if n.escaped { return JSONString.unescape(p, n.stringStart, n.stringEnd) }
        return Array(UnsafeBufferPointer(start: p + n.stringStart, count: n.stringEnd - n.stringStart))
    }

    private func keyString(_ index: Int) -> String { String(decoding: keyBytes(index), as: UTF8.self) }

    private func sameKey(_ x: Int, _ y: Int) -> Bool {
        let a = nodes[x], b = nodes[y]
        if a.escaped || b.escaped { return keyBytes(x) == keyBytes(y) }
        let length = a.stringEnd - a.stringStart
        guard length == b.stringEnd - b.stringStart else { return false }
        for k in 0..<length where p[a.stringStart + k] != p[b.stringStart + k] { return false }
        return true
    }

    // MARK: scalars

    private mutating func string() throws(JSONSyntaxError) {
        var failAt = i
        do throws(StringError) {
            let (close, escaped) = try JSONString.scan(p, i, end, failAt: &failAt)
            var node = makeNode(.string, i)
            node.flags = escaped ? JSONNode.hasEscapes : 0
            node.b = UInt64(i + 1)
            node.a = UInt32(close)
            nodes.append(node)
            i = close + 1
        } catch {
            throw fail(error.message, at: failAt)
        }
    }

    private mutating func number() throws(JSONSyntaxError) {
        var failAt = i
        do throws(NumberError) {
            let (value, next) = try JSONNumber.scan(p, i, end, failAt: &failAt)
            var node = makeNode(.number, i)
            node.b = value.bitPattern
            nodes.append(node)
            i = next
        } catch {
            if error == .missingDigits, failAt < end, p[failAt] == UInt8(ascii: "I") {
                throw fail("NaN and Infinity are not JSON numbers", at: i)
            }
            throw fail(error.message, at: failAt)
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONKind, _ value: UInt64) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        var k = 0
        while k < n, i + k < end, p[i + k] == w[k] { k += 1 }
        guard k == n else {
            // The word as written (up to a delimiter), so `not json` reads as what it is.
            var stop = i
            while stop < end, stop - i < 24, !JSONParser.endsWord(p[stop]) { stop += 1 }
            let written = String(decoding: UnsafeBufferPointer(start: p + i, count: stop - i), as: UTF8.self)
            throw fail("unexpected '\(written)': expected a JSON value (an object, an array, a string, a number, "
                       + "true, false or null); is the body JSON?", at: i)
        }
        var node = makeNode(kind, i)
        node.b = value
        nodes.append(node)
        i += n
    }

    // MARK: helpers

    /// Bytes that end a bare word: white space and JSON's punctuation.
    static func endsWord(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ",") || c == UInt8(ascii: "]")
            || c == UInt8(ascii: "}") || c == UInt8(ascii: ":")
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < end {
            let b = p[i]
            if b > 0x20 { return }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1 } else if b == 0x0A { i += 1; line += 1; lineStart = i } else { return }
        }
    }

    @inline(__always)
    private func makeNode(_ kind: JSONKind, _ offset: Int) -> JSONNode {
        JSONNode(kind: kind, flags: 0, line: line, lineStart: UInt32(truncatingIfNeeded: lineStart),
                 offset: UInt32(truncatingIfNeeded: offset), a: 0, b: 0)
    }

    private func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// Builds the error, with the pointer of the innermost value under construction.
    private func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        var pointer = ""
        for depth in frames.indices {
            let frame = frames[depth]
            if frame.isObject {
                let stop = depth + 1 < frames.count ? frames[depth + 1].keysStart : keys.count
                guard stop > frame.keysStart else { break }
                pointer += "/" + JSONPointer.escape(keyString(keys[stop - 1]))
            } else {
                guard frame.count > 0 else { break }
                pointer += "/\(frame.count - 1)"
            }
        }
        return JSONSyntaxError(message: message, offset: offset, line: Int(line), lineStart: lineStart, pointer: pointer)
    }
}

/// RFC 6901 JSON pointers.
public enum JSONPointer {
    /// One reference token: `~` becomes `~0` and `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
