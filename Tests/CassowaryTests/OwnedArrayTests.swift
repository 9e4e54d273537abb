import Testing
@testable import Cassowary

/// `OwnedArray` behaves as an `Array` does, and owns its elements: each is released exactly
/// once, whether removed, replaced or dropped with the table.
@Suite struct OwnedArrayTests {
    /// Counts the instances alive, to see that the table releases what it holds.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) { self.value = value; Tracked.alive += 1 }
        deinit { Tracked.alive -= 1 }
    }

    @Test func matchesAnArrayThroughGrowthEditsAndShrinking() {
        var table = OwnedArray<Int32>()
        var model: [Int32] = []
        #expect(table.isEmpty && table.indices == 0..<0)
        var rng = SplitMix64(seed: 7)
        for step in 0..<2_000 {
            switch rng.int(0...9) {
            case 0...5:
                let x = Int32(rng.int(-1_000...1_000))
                table.append(x); model.append(x)
            case 6:
                let n = rng.int(0...40), x = Int32(step)
                table.append(x, times: n); model.append(contentsOf: repeatElement(x, count: n))
            case 7 where !model.isEmpty:
                let i = rng.int(0...(model.count - 1))
                table[i] += 3; model[i] += 3
            case 8:
                table.shrinkToFit()
                #expect(table.capacity == table.count)
            default:
                if rng.chance(0.1) { table.removeAll(); model.removeAll() }
            }
            #expect(table.count == model.count)
            #expect(table.capacity >= table.count)
        }
        #expect(table.withUnsafeBufferPointer { Array($0) } == model)
        #expect(table.indices.map { table[$0] } == model)
        table.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { buffer[i] = Int32(i) }
        }
        #expect(table.indices.allSatisfy { table[$0] == Int32($0) })
    }

    @Test func releasesEveryElementExactlyOnce() {
        Tracked.alive = 0
        do {
            var table = OwnedArray<Tracked?>()
            for k in 0..<100 { table.append(Tracked(k)) }  // grows several times, moving them
            #expect(Tracked.alive == 100)
            table[3] = nil  // a write releases what it replaces
            table[4] = Tracked(-4)
            #expect(Tracked.alive == 99)
            #expect(table[4]?.value == -4 && table[99]?.value == 99)
            table.shrinkToFit()
            #expect(Tracked.alive == 99 && table[50]?.value == 50)
            table.removeAll()  // releases all, keeps the storage
            #expect(Tracked.alive == 0 && table.isEmpty && table.capacity >= 100)
            table.append(Tracked(1), times: 3)  // one instance, held three times
            #expect(Tracked.alive == 1)
        }  // the table goes: its elements with it
        #expect(Tracked.alive == 0)
    }

    /// Editing an element in place (an `IndexList` spilling to the heap) needs no copy.
    @Test func editsElementsInPlace() {
        var table = OwnedArray<IndexList>()
        table.append(IndexList(), times: 4)
        for slot in Int32(0)..<10 { table[2].append(slot) }
        #expect(Array(table[2]) == Array(Int32(0)..<10))
        #expect(table[1].isEmpty && table[3].isEmpty)
    }
}
