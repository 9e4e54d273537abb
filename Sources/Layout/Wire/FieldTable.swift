/// The member names one kind of object accepts (a view, a constraint, a rect, ...), found by
/// their bytes through a small open-addressed index built once: a member name costs one
/// probe and one compare, where a scan of the names compared it with each in turn (a tenth
/// of reading a constraint object).
/// Sendable unchecked: nothing writes a table's storage after its initializer.
struct FieldTable: ExpressibleByArrayLiteral, @unchecked Sendable {
    /// Plain data, so that a table passed on (they are statics) costs no reference counting:
    /// the names in storage allocated once for the life of the process, the index inline.
    let names: UnsafeBufferPointer<StaticString>
    /// Name index + 1 by bucket, 0 for an empty one.
    private let buckets: SIMD64<Int8>
    private static let size = 64

    init(arrayLiteral names: StaticString...) {
        precondition(names.count <= FieldSlots.capacity && names.count < FieldTable.size / 2, "a field table too large")
        let storage = UnsafeMutableBufferPointer<StaticString>.allocate(capacity: names.count)
        _ = storage.initialize(from: names)
        self.names = UnsafeBufferPointer(storage)
        var buckets = SIMD64<Int8>(repeating: 0)
        for (k, name) in names.enumerated() {
            let bytes = Bytes(start: name.utf8Start, count: name.utf8CodeUnitCount)
            var b = FieldTable.bucket(bytes)
            while buckets[b] != 0 { b = (b + 1) & (FieldTable.size - 1) }
            buckets[b] = Int8(k + 1)
        }
        self.buckets = buckets
    }

    var count: Int { names.count }
    subscript(k: Int) -> StaticString { names[k] }

    @inline(__always) private static func bucket(_ name: Bytes) -> Int {
        guard let first = name.first, let last = name.last else { return 0 }
        return (name.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & (size - 1)
    }

    /// The position of the member named `name`, or nil.
    @inline(__always) func index(of name: Bytes) -> Int? {
        var b = FieldTable.bucket(name)
        while buckets[b] != 0 {
            let k = Int(buckets[b]) - 1
            if Names.equal(names[k], name) { return k }
            b = (b + 1) & (FieldTable.size - 1)
        }
        return nil
    }
}
