// The parsed form of a JSON text: a "tape", one flat array of nodes in document order.
// A flat array instead of an enum tree means one allocation for the whole document, no
// reference counting per value, and cache-friendly walks; children of a container are
// the nodes that follow it, and the container records where its subtree ends so a
// reader can skip it in O(1).

/// The JSON value kinds.
public enum JSONKind: UInt8, Sendable {
    case null, bool, number, string, array, object

    /// How the kind is named in error messages ("expected a number, found a string").
    public var article: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One value of the tape. 32 bytes; the meaning of `a` and `b` depends on the kind:
/// - number: `b` holds the Double's bit pattern;
/// - string: `a` = byte offset just past the content (before the closing quote),
///   `b` = byte offset of the content (after the opening quote);
/// - bool: `b` = 0 or 1;
/// - array / object: `a` = element (member) count, `b` = index of the first node after
///   the subtree. Object members are stored as key node (a string) then value subtree.
@usableFromInline
struct JSONNode: Sendable {
    var kind: JSONKind
    /// Bit 0: a string contains escapes (its bytes are not its value).
    var flags: UInt8
    /// 1-based line of the first byte.
    var line: UInt32
    /// Byte offset of the first byte of `line` (columns are computed from it lazily).
    var lineStart: UInt32
    /// Byte offset of the value's first byte.
    var offset: UInt32
    var a: UInt32
    var b: UInt64

    static let hasEscapes: UInt8 = 1

    @inline(__always) var isContainer: Bool { kind == .array || kind == .object }
    @inline(__always) var number: Double { Double(bitPattern: b) }
    @inline(__always) var stringStart: Int { Int(truncatingIfNeeded: b) }
    @inline(__always) var stringEnd: Int { Int(a) }
    @inline(__always) var count: Int { Int(a) }
    @inline(__always) var escaped: Bool { flags & JSONNode.hasEscapes != 0 }

    /// Index of the first node after this value, which is at `i` (its next sibling, if any).
    @inline(__always) func end(at i: Int) -> Int { isContainer ? Int(truncatingIfNeeded: b) : i + 1 }
}

extension Array where Element == JSONNode {
    /// Index of the first node after the value at `i` (its next sibling, if any).
    @inline(__always) func after(_ i: Int) -> Int { self[i].end(at: i) }
}

/// The node indices of an array's elements, in order (`WireReader.elements`).
struct TapeElements: Sequence, IteratorProtocol {
    let nodes: Tape
    var first: Int, count: Int

    mutating func next() -> Int? {
        guard count > 0 else { return nil }
        count -= 1
        defer { first = nodes.after(first) }
        return first
    }
}

/// The parser's tape, read where it lies (`JSONParser.withTape`): a reader lives only
/// inside that call. Every index the reader uses comes from the tape itself; one out of
/// range (a bug) reads as a `null` node, neither memory outside the tape nor a trap.
struct Tape {
    private let nodes: UnsafeBufferPointer<JSONNode>
    init(_ nodes: UnsafeBufferPointer<JSONNode>) { self.nodes = nodes }

    var count: Int { nodes.count }

    @inline(__always) subscript(_ i: Int) -> JSONNode {
        guard UInt(bitPattern: i) < UInt(bitPattern: nodes.count) else {
            return JSONNode(kind: .null, flags: 0, line: 1, lineStart: 0, offset: 0, a: 0, b: 0)
        }
        return nodes[i]
    }

    /// Index of the first node after the value at `i` (its next sibling, if any).
    @inline(__always) func after(_ i: Int) -> Int { self[i].end(at: i) }
}
