/// The names one kind of object accepts as members (a view, a constraint, a rect, ...), or
/// one field takes as values (the ops), found by their bytes through a small open-addressed
/// index: one probe and one compare per name, where a scan compared each in turn.
/// Plain data, so that passing a table costs no reference counting: its names live in storage
/// kept for the life of the process, so tables are made once, as statics. Sendable unchecked:
/// nothing writes that storage after the initializer.
struct FieldTable: @unchecked Sendable {
    let names: UnsafeBufferPointer<StaticString>
    /// Each name's bytes and length, read without asking the `StaticString` each time.
    private let starts: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private let lengths: UnsafeMutablePointer<Int>
    /// Name index + 1 by bucket, 0 for an empty one: bytes in memory, where a `SIMD64` was
    /// copied to the stack for every probe.
    private let buckets: UnsafeMutablePointer<Int8>
    private static let size = 64

    /// For static tables only: the names' storage is never freed.
    init(_ names: StaticString...) { self.init(names) }

    /// For static tables only: the names' storage is never freed.
    init(_ names: [StaticString]) {
        precondition(names.count <= FieldSlots.capacity && names.count < FieldTable.size / 2, "a field table too large")
        let storage = UnsafeMutableBufferPointer<StaticString>.allocate(capacity: names.count)
        _ = storage.initialize(from: names)
        self.names = UnsafeBufferPointer(storage)
        starts = .allocate(capacity: names.count)
        lengths = .allocate(capacity: names.count)
        buckets = .allocate(capacity: FieldTable.size)
        buckets.initialize(repeating: 0, count: FieldTable.size)
        for (k, name) in names.enumerated() {
            (starts + k).initialize(to: name.utf8Start)
            (lengths + k).initialize(to: name.utf8CodeUnitCount)
            var b = FieldTable.bucket(Bytes(start: name.utf8Start, count: name.utf8CodeUnitCount))
            while buckets[b] != 0 { b = (b + 1) & (FieldTable.size - 1) }
            buckets[b] = Int8(k + 1)
        }
    }

    var count: Int { names.count }
    subscript(k: Int) -> StaticString { names[k] }

    @inline(__always) private static func bucket(_ name: Bytes) -> Int {
        guard let first = name.first, let last = name.last else { return 0 }
        return (name.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & (size - 1)
    }

    /// The position of the member named `name`, or nil.
    @inline(__always) func index(of name: Bytes) -> Int? {
        guard let base = name.baseAddress else { return nil }  // no table has an empty name
        var b = FieldTable.bucket(name)
        while buckets[b] != 0 {
            let k = Int(buckets[b]) - 1
            if lengths[k] == name.count, Names.same(starts[k], base, name.count) { return k }
            b = (b + 1) & (FieldTable.size - 1)
        }
        return nil
    }
}
