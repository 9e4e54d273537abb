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
}
