import Testing
@testable import Cassowary

/// `IndexList` behaves as an array of Int32 across its inline and heap forms.
@Suite struct IndexListTests {
    @Test func matchesAnArrayThroughEveryForm() {
        var list = IndexList()
        var model: [Int32] = []
        #expect(list.isEmpty)
        // Grow past the inline two, shrink back, overwrite, trim, grow again.
        for x in Int32(1)...7 {
            list.append(x); model.append(x)
            #expect(Array(list) == model)
        }
        list[0] = 42; model[0] = 42
        list.removeLast(4); model.removeLast(4)
        #expect(Array(list) == model)
        list.trim()
        #expect(Array(list) == model)
        list.removeLast(1); model.removeLast(1)
        list.trim()  // two left: back inline
        #expect(Array(list) == model && list.count == 2)
        list[1] = -5; model[1] = -5
        list.append(9); model.append(9)
        #expect(Array(list) == model)
        list.removeLast(list.count); model.removeAll()
        #expect(list.isEmpty && Array(list) == model)
        list.removeLast(0)
        list.append(3)
        #expect(Array(list) == [3])
    }

    /// Negative values are never stored by the solver, but the list still holds them.
    @Test func negativeValuesGoToTheHeapForm() {
        var list = IndexList()
        list.append(-1)
        #expect(Array(list) == [-1])
        var other = IndexList()
        other.append(4); other.append(5)
        other[1] = -7
        #expect(Array(other) == [4, -7])
        other.trim()
        #expect(Array(other) == [4, -7])
        #expect(MemoryLayout<IndexList>.size == 16)
    }

    @Test func copiesAreIndependent() {
        var a = IndexList()
        for x in Int32(0)..<5 { a.append(x) }
        var b = a
        b[0] = 100
        b.append(7)
        #expect(Array(a) == [0, 1, 2, 3, 4])
        #expect(Array(b) == [100, 1, 2, 3, 4, 7])
    }

    /// With a pool of spare storage, as the tableau and the definitions use it: the same
    /// lists, the heap form taken from the pool and given back emptied, within its bounds.
    @Test func spareStorageComesFromAndGoesBackToThePool() {
        var spares: [[Int32]] = []
        var rng = SystemRandomNumberGenerator()
        for round in 0..<50 {
            var lists = Array(repeating: IndexList(), count: 20)
            var models = Array(repeating: [Int32](), count: 20)
            var wentToHeap = Array(repeating: false, count: 20)
            let pooled = spares.count
            for _ in 0..<200 {
                let k = Int.random(in: 0..<20, using: &rng)
                let x = Int32.random(in: (round % 5 == 0 ? -3 : 0)...100, using: &rng)
                if lists[k].leavesInlineForm(appending: x) {
                    #expect(!wentToHeap[k], "a list took the heap form twice")
                    wentToHeap[k] = true
                    lists[k].append(x, movingToHeapOn: spares.popLast() ?? [])
                } else {
                    lists[k].append(x)
                }
                models[k].append(x)
                #expect(Array(lists[k]) == models[k])
            }
            // Lists past two entries (or holding a negative) took the heap form, each once,
            // from the pool first.
            let heap = wentToHeap.filter { $0 }.count
            #expect(heap == models.filter { $0.count > 2 || $0.contains { $0 < 0 } }.count)
            #expect(spares.count == max(0, pooled - heap))
            for k in lists.indices { lists[k].empty(into: &spares) }
            #expect(lists.allSatisfy { $0.isEmpty })
            #expect(spares.allSatisfy { $0.isEmpty })
            #expect(spares.count <= IndexListPool.kept)
            #expect(spares.allSatisfy { $0.capacity <= IndexListPool.capacity })
        }
        // A full pool takes no more; a large list's storage is not kept.
        spares = Array(repeating: [Int32](), count: IndexListPool.kept)
        var list = IndexList()
        for x in Int32(0)..<5 {
            if list.leavesInlineForm(appending: x) { list.append(x, movingToHeapOn: spares.popLast() ?? []) } else { list.append(x) }
        }
        #expect(spares.count == IndexListPool.kept - 1)
        list.empty(into: &spares)
        spares.removeAll()
        var large = IndexList()
        for x in Int32(0)..<Int32(IndexListPool.capacity * 4) { large.append(x) }
        large.empty(into: &spares)
        #expect(spares.isEmpty && large.isEmpty)
    }
}
