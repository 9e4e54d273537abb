/// The view ids of one request, each with its position, found by their UTF-8 bytes.
///
/// The reader checks a views array for repeated ids with it. Once a document's views are
/// read, the items its constraints name are resolved here, from the bytes of the name: the
/// item shares the view's id string (no new string) and carries the view's position as its
/// slot hint (`ItemRef.slotHint`), since the document's views become the tree's slots in
/// that order. So the compiler finds each item's view without hashing its id again (a
/// `String` key means hashing the string at each lookup; here a short id is a few
/// multiplications and one compare). A hint is checked before use: a wrong one costs a
/// lookup, never a wrong answer. A class, held by the reader; the parsers look names up
/// through an unretained handle (`Unowned`).
final class NameTable {
    private struct Entry {
        var start: Int32, length: Int32, hash: UInt32, value: Int32
    }
    /// The names' bytes, one after another.
    private var blob: [UInt8] = []
    /// Plain data, so that a probe copies no reference; the names beside, by entry.
    private var entries: [Entry] = []
    private var names: [String] = []
    /// Open addressing, linear probing: entry index + 1, 0 for an empty bucket.
    private var buckets: [Int32]

    init(expected count: Int) {
        var size = 8
        while size < 2 * count, size < 1 << 30 { size <<= 1 }
        buckets = Array(repeating: 0, count: size)
        entries.reserveCapacity(count)
        names.reserveCapacity(count)
        blob.reserveCapacity(8 * count)
    }

    var count: Int { entries.count }

    /// FNV-1a: ids are short, and a table of one request's ids needs no seed.
    @inline(__always) private static func hash(_ name: Bytes) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in name { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// The bucket holding `name`, or the empty one where it would go. Every index below is
    /// in range by construction: buckets hold entry indices, entries ranges of `blob`.
    @inline(__always) private func bucket(_ name: Bytes, _ hash: UInt32) -> Int {
        buckets.withUnsafeBufferPointer { buckets in
            entries.withUnsafeBufferPointer { entries in
                blob.withUnsafeBufferPointer { blob in
                    let mask = buckets.count - 1
                    var b = Int(hash) & mask
                    while true {
                        let e = Int(buckets[b]) - 1
                        if e < 0 { return b }
                        let entry = entries[e]
                        if entry.hash == hash, Int(entry.length) == name.count {
                            // (an entry's bytes are in range by construction; an empty name matches)
                            guard let stored = blob.baseAddress, let given = name.baseAddress else { return b }
                            if Names.same(stored + Int(entry.start), given, name.count) { return b }
                        }
                        b = (b + 1) & mask
                    }
                }
            }
        }
    }

    /// The name stored with bytes `name`, and its value.
    func find(_ name: Bytes) -> (name: String, value: Int)? {
        let e = Int(buckets[bucket(name, NameTable.hash(name))]) - 1
        return e < 0 ? nil : (names[e], Int(entries[e].value))
    }

    /// Stores `text` (whose bytes are `name`) with `value` unless `name` is there already;
    /// returns the value it had. Names longer than 2^31 bytes or past 2^31 in all are not
    /// stored (no request has them).
    func insert(_ name: Bytes, text: String, value: Int) -> Int? {
        let hash = NameTable.hash(name)
        let b = bucket(name, hash)
        let e = Int(buckets[b]) - 1
        if e >= 0 { return Int(entries[e].value) }
        guard blob.count + name.count < Int(Int32.max), value >= 0, value < Int(Int32.max) else { return nil }
        entries.append(Entry(start: Int32(blob.count), length: Int32(name.count), hash: hash, value: Int32(value)))
        names.append(text)
        blob.append(contentsOf: name)
        buckets[b] = Int32(entries.count)
        if 2 * entries.count > buckets.count { grow() }
        return nil
    }

    private func grow() {
        buckets = Array(repeating: 0, count: 2 * buckets.count)
        let mask = buckets.count - 1
        for (k, entry) in entries.enumerated() {
            var b = Int(entry.hash) & mask
            while buckets[b] != 0 { b = (b + 1) & mask }
            buckets[b] = Int32(k + 1)
        }
    }
}

extension NameTable {
    /// The table without reference counting, for the parsers (a class reference passed on
    /// was an atomic retain and release per item read). Sound because the reader sets
    /// `documentViews` once, never clears it, and the parsers run inside its `document()`.
    struct Unowned {
        let table: Unmanaged<NameTable>
        func find(_ name: Bytes) -> (name: String, value: Int)? { table._withUnsafeGuaranteedRef { $0.find(name) } }
    }

    /// Valid while something else holds the table.
    var unowned: Unowned { Unowned(table: .passUnretained(self)) }
}
