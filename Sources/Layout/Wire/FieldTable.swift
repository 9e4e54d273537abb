/// The names one kind of object accepts as members (a view, a constraint, a rect, ...), or
/// one field takes as values (the ops), found by their bytes through a small open-addressed
/// index: one probe and one compare per name, where a scan compared each in turn.
/// Plain data, so that passing a table costs no reference counting: its names live in storage
/// kept for the life of the process, so tables are made once, as statics. Sendable unchecked:
/// nothing writes that storage after the initializer.
struct FieldTable: @unchecked Sendable {
    let names: UnsafeBufferPointer<StaticString>
    /// Name index + 1 by bucket, 0 for an empty one.
    private let buckets: SIMD64<Int8>
    private static let size = 64

    /// For static tables only: the names' storage is never freed.
    init(_ names: StaticString...) {
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
