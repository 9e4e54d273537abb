import Testing
@testable import Layout

/// Every table of names the reader uses finds each of its names at its position, and nothing
/// else: checked against a scan of the names, for every name, near misses, and random strings.
@Suite struct FieldTableTests {
    static let tables: [FieldTable] = [
        WireReader.documentFields, WireReader.viewFields, WireReader.rectFields, WireReader.insetFields,
        WireReader.axisFields, WireReader.sizeFields, WireReader.baselineFields, WireReader.constraintFields,
        WireReader.sourceFields, WireReader.targetFields, WireReader.batchFields, OpField.table, EditOps.names,
    ]

    static func bytes(_ name: StaticString) -> [UInt8] {
        Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    @Test func findsExactlyItsNames() {
        var rng = SystemRandomNumberGenerator()
        var checked = 0
        for table in Self.tables {
            var candidates: [[UInt8]] = []
            for k in 0..<table.count {
                let name = Self.bytes(table[k])
                candidates += [name, name + [UInt8(ascii: "s")], Array(name.dropLast()), [UInt8(ascii: "x")] + name.dropFirst()]
                // One byte changed at every position (names are compared eight bytes at a time).
                for i in name.indices {
                    var changed = name
                    changed[i] ^= 0x01
                    candidates.append(changed)
                }
            }
            let letters = Array(Set(candidates.joined()))
            for _ in 0..<300 {
                candidates.append((0..<Int.random(in: 0...12, using: &rng)).map { _ in letters.randomElement(using: &rng) ?? 0 })
            }
            for name in candidates {
                let scan = (0..<table.count).first { Self.bytes(table[$0]) == name }
                let found = name.withUnsafeBufferPointer { table.index(of: $0) }
                #expect(found == scan, "\(String(decoding: name, as: UTF8.self))")
                checked += 1
            }
        }
        #expect(checked > 4_000)
    }
}
