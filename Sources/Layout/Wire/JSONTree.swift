// Public face of the JSON reader: a parsed document and cursor-style values that know
// where they stand (byte offset, line, column, JSON pointer). The spec decoders use the
// tape directly (WireReader); this API is for everything else (tests, tools, the server
// peeking at a field) and for turning syntax errors into located LayoutErrors.

/// A parsed JSON text. Keeps its bytes: string values are slices of them.
public struct JSONTree: Sendable {
    public let bytes: [UInt8]
    let nodes: [JSONNode]

    /// Parses strict RFC 8259 JSON. Malformed text gives one `invalid-json` error (HTTP 400);
    /// nesting deeper than 512 or a body over 4 GiB gives `too-large` (413).
    public static func parse(_ bytes: [UInt8]) -> Result<JSONTree, LayoutProblem> {
        let result = bytes.withUnsafeBytes { buffer in
            JSONParser.parse(buffer).mapError { error in error.problem(buffer) }
        }
        return result.map { JSONTree(bytes: bytes, nodes: $0) }
    }

    public var root: JSONElement { JSONElement(tree: self, index: 0, pointer: "") }
}

/// One value of a JSONTree.
public struct JSONElement: Sendable {
    public let tree: JSONTree
    let index: Int
    /// RFC 6901 pointer from the root (`""` for the root itself).
    public let pointer: String

    var node: JSONNode { tree.nodes[index] }

    public var kind: JSONKind { node.kind }
    /// Byte offset of the value's first byte.
    public var offset: Int { Int(node.offset) }
    /// 1-based line of the value's first byte.
    public var line: Int { Int(node.line) }
    /// 1-based column of the value's first byte, counted in Unicode scalars.
    public var column: Int {
        tree.bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return 1 }
            return TextPosition.column(base, lineStart: Int(node.lineStart), offset: offset)
        }
    }
    public var location: RequestLocation { RequestLocation(pointer: pointer, line: line, column: column) }

    public var isNull: Bool { kind == .null }
    public var bool: Bool? { kind == .bool ? node.b != 0 : nil }
    public var number: Double? { kind == .number ? node.number : nil }
    public var string: String? {
        guard kind == .string else { return nil }
        return tree.bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return "" }
            return TextPosition.string(base, node)
        }
    }

    /// Elements of an array (empty for anything else).
    public var elements: [JSONElement] {
        guard kind == .array else { return [] }
        var out: [JSONElement] = []
        var child = index + 1
        for k in 0..<node.count {
            out.append(JSONElement(tree: tree, index: child, pointer: pointer + "/\(k)"))
            child = tree.nodes.after(child)
        }
        return out
    }

    /// Members of an object in document order (empty for anything else).
    public var members: [(key: String, value: JSONElement)] {
        guard kind == .object else { return [] }
        var out: [(key: String, value: JSONElement)] = []
        var child = index + 1
        for _ in 0..<node.count {
            let key = JSONElement(tree: tree, index: child, pointer: pointer).string ?? ""
            out.append((key, JSONElement(tree: tree, index: child + 1, pointer: pointer + "/" + JSONPointer.escape(key))))
            child = tree.nodes.after(child + 1)
        }
        return out
    }

    public subscript(key: String) -> JSONElement? { members.first { $0.key == key }?.value }
    public subscript(index: Int) -> JSONElement? {
        let all = elements
        return all.indices.contains(index) ? all[index] : nil
    }
}

/// Line/column arithmetic shared by the tree and the decoders.
enum TextPosition {
    /// 1-based column of `offset` on the line starting at `lineStart`: Unicode scalars,
    /// i.e. UTF-8 bytes that are not continuation bytes.
    static func column(_ p: UnsafePointer<UInt8>, lineStart: Int, offset: Int) -> Int {
        var column = 1
        var k = lineStart
        while k < offset {
            if p[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return column
    }

    /// The value of a string node.
    static func string(_ p: UnsafePointer<UInt8>, _ node: JSONNode) -> String {
        if node.escaped { return String(decoding: JSONString.unescape(p, node.stringStart, node.stringEnd), as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(start: p + node.stringStart, count: node.stringEnd - node.stringStart), as: UTF8.self)
    }
}

extension JSONSyntaxError {
    /// The located `invalid-json` (400) or `too-large` (413) problem for this error.
    func problem(_ buffer: UnsafeRawBufferPointer) -> LayoutProblem {
        var column = 1
        if let base = buffer.baseAddress {
            column = TextPosition.column(base.assumingMemoryBound(to: UInt8.self), lineStart: lineStart, offset: min(offset, buffer.count))
        }
        let location = RequestLocation(pointer: pointer, line: line, column: column)
        if overLimit {
            return LayoutProblem(status: 413, title: "Request too large",
                                 errors: [LayoutError(code: ErrorCode.tooLarge, message: message, location: location)])
        }
        return LayoutProblem(status: 400, title: "Malformed JSON",
                             errors: [LayoutError(code: ErrorCode.invalidJSON, message: message, location: location)])
    }
}
