import Testing
@testable import Layout

/// A field table finds each of its names at its position, and nothing else: checked against
/// a scan of the names, for every name, near misses, and random byte strings.
@Suite struct FieldTableTests {
    static let table: FieldTable = [
        "id", "view", "attributes", "relation", "to", "multiplier", "dividedBy", "offset", "inset",
        "priority", "label", "source", "expr",
    ]

    static func scan(_ name: [UInt8]) -> Int? {
        (0..<table.count).first { k in name.withUnsafeBufferPointer { Names.equal(table[k], $0) } }
    }

    @Test func findsExactlyItsNames() {
        var candidates: [[UInt8]] = []
        for k in 0..<Self.table.count {
            let name = Array(UnsafeBufferPointer(start: Self.table[k].utf8Start, count: Self.table[k].utf8CodeUnitCount))
            candidates.append(name)
            candidates.append(name + [UInt8(ascii: "s")])
            candidates.append(Array(name.dropLast()))
            candidates.append([UInt8(ascii: "x")] + name.dropFirst())
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            candidates.append((0..<Int.random(in: 0...12, using: &rng)).map { _ in Array("aeiostdrxv".utf8).randomElement(using: &rng) ?? 0 })
        }
        for name in candidates {
            let found = name.withUnsafeBufferPointer { Self.table.index(of: $0) }
            #expect(found == Self.scan(name), "\(String(decoding: name, as: UTF8.self))")
        }
        #expect((0..<Self.table.count).allSatisfy { k in
            Array(UnsafeBufferPointer(start: Self.table[k].utf8Start, count: Self.table[k].utf8CodeUnitCount))
                .withUnsafeBufferPointer { Self.table.index(of: $0) } == k
        })
    }
}
