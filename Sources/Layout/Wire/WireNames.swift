// Error codes and name tables shared by the request decoders and the expression parser.
// Names are matched on raw UTF-8 bytes so that reading an attribute or a field name does
// not build a String (or hash one) per occurrence.

/// A byte string to match against: a view of some UTF-8 bytes.
typealias Bytes = UnsafeBufferPointer<UInt8>

enum Names {
    /// Every attribute and composite name with its attributes, in the order suggestions list them.
    private static var attributeEntries: [(String, AttributeSet)] {
        Attribute.allCases.map { ($0.name, AttributeSet($0)) }
            + AttributeSet.composites.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
            + [("baseline", AttributeSet(.lastBaseline))]
    }

    /// The names `attribute(_:)` finds, built once, in one static: each static of its own was a
    /// `swift_once` per use, three per lookup, most of the reader's.
    private static let attributeTable = AttributeTable(attributeEntries)

    /// Every name `attribute(_:)` knows, for suggestions.
    static let attributeNames: [String] = attributeEntries.map(\.0)

    /// `"; did you mean 'width'?"` for a misspelled attribute, or "".
    static func attributeHint(_ name: String) -> String { Suggestion.hint(for: name, among: attributeNames) }

    /// An attribute or composite by name (`AttributeSet(name:)` on bytes).
    static func attribute(_ name: Bytes) -> AttributeSet? { attributeTable.find(name) }

    static func guide(_ name: Bytes) -> GuideName? {
        if equal("layoutMarginsGuide", name) { return .layoutMarginsGuide }
        if equal("safeAreaLayoutGuide", name) { return .safeAreaLayoutGuide }
        return nil
    }

    static func isSuperview(_ name: Bytes) -> Bool { equal("superview", name) }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    static func isIdentifier(_ name: Bytes) -> Bool {
        guard let first = name.first, isIdentifierStart(first) else { return false }
        for b in name.dropFirst() where !isIdentifierStart(b) && !(b >= 48 && b <= 57) { return false }
        return true
    }

    @inline(__always) static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b | 0x20 >= 97 && b | 0x20 <= 122) || b == 95
    }

    static func isReserved(_ name: Bytes) -> Bool {
        attribute(name) != nil || guide(name) != nil || isSuperview(name)
    }

    /// Why `name` cannot be a view id, or nil if it can.
    static func viewIDProblem(_ name: Bytes) -> String? {
        if name.isEmpty { return "a view id must not be empty" }
        if !isIdentifier(name) { return "a view id must match [A-Za-z_][A-Za-z0-9_]*" }
        if isReserved(name) { return "'\(string(name))' is a reserved word (attribute, composite or guide name, or superview) and cannot be a view id" }
        return nil
    }

    @inline(__always)
    static func equal(_ a: StaticString, _ b: Bytes) -> Bool {
        let n = a.utf8CodeUnitCount
        guard n == b.count, let base = b.baseAddress else { return n == b.count }
        return same(a.utf8Start, base, n)
    }

    /// Whether `n` bytes at `a` and `b` are equal: eight at a time while eight remain.
    @inline(__always) static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var k = 0
        while k + 8 <= n {
            let x = UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self)
            if x != y { return false }
            k += 8
        }
        while k < n { if a[k] != b[k] { return false }; k += 1 }
        return true
    }

    static func string(_ b: Bytes) -> String { String(decoding: b, as: UTF8.self) }

    /// Wire names of the relations, including SnapKit's method-name aliases.
    static func relation(_ name: Bytes) -> Relation? {
        switch name.count {
        case 2:
            if equal("==", name) { return .equal }
            if equal("<=", name) { return .lessThanOrEqual }
            if equal(">=", name) { return .greaterThanOrEqual }
        default:
            if equal("equalTo", name) { return .equal }
            if equal("lessThanOrEqualTo", name) { return .lessThanOrEqual }
            if equal("greaterThanOrEqualTo", name) { return .greaterThanOrEqual }
        }
        return nil
    }

    /// SnapKit's named priorities (UIKit values).
    static func priority(_ name: Bytes) -> Double? {
        if equal("required", name) { return 1000 }
        if equal("high", name) { return 750 }
        if equal("medium", name) { return 500 }
        if equal("low", name) { return 250 }
        return nil
    }
}

/// The attribute and composite names in one byte blob, with plain (start, length, bits)
/// entries found by an open-addressed hash of (length, first byte, last byte): a lookup
/// usually compares one candidate and retains nothing. The storage is made once, for a
/// static, and never freed nor written again (hence Sendable).
private struct AttributeTable: @unchecked Sendable {
    private let blob: UnsafeMutablePointer<UInt8>
    private let entries: UnsafeMutableBufferPointer<(start: Int, length: Int, bits: UInt32)>
    /// Entry index + 1 by bucket; 0 is empty.
    private let slots: UnsafeMutableBufferPointer<Int32>
    private static let size = 128

    init(_ names: [(String, AttributeSet)]) {
        let bytes = names.flatMap { Array($0.0.utf8) }
        blob = .allocate(capacity: bytes.count)
        blob.initialize(from: bytes, count: bytes.count)
        entries = .allocate(capacity: names.count)
        slots = .allocate(capacity: AttributeTable.size)
        slots.initialize(repeating: 0)
        var start = 0
        for (k, (name, set)) in names.enumerated() {
            let length = name.utf8.count
            entries.initializeElement(at: k, to: (start, length, set.rawValue))
            var h = AttributeTable.hash(length, bytes[start], bytes[start + length - 1])
            while slots[h] != 0 { h = (h + 1) & (AttributeTable.size - 1) }
            slots[h] = Int32(k + 1)
            start += length
        }
    }

    @inline(__always) private static func hash(_ length: Int, _ first: UInt8, _ last: UInt8) -> Int {
        (length &* 31 &+ Int(first) &* 7 &+ Int(last)) & (size - 1)
    }

    func find(_ name: Bytes) -> AttributeSet? {
        guard let first = name.first, let last = name.last, let base = name.baseAddress else { return nil }
        var h = AttributeTable.hash(name.count, first, last)
        while slots[h] != 0 {
            let entry = entries[Int(slots[h]) - 1]
            if entry.length == name.count, Names.same(blob + entry.start, base, name.count) {
                return AttributeSet(rawValue: entry.bits)
            }
            h = (h + 1) & (AttributeTable.size - 1)
        }
        return nil
    }
}
