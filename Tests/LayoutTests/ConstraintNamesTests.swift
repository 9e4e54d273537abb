import Testing
@testable import Layout

/// `ConstraintNames` remembers far less than every name ever used; it must still hand
/// out exactly the names the plain "skip every used name" rule gives.
@Suite struct ConstraintNamesTests {
    /// The rule as docs/api.md §2 states it, remembering every name.
    struct Reference {
        var used = Set<String>()
        var ordinal = 0
        mutating func next(given: String?) -> String {
            ordinal += 1
            if let given { used.insert(given); return given }
            var k = ordinal
            var name = "c" + String(k)
            while !used.insert(name).inserted { k += 1; name = "c" + String(k) }
            return name
        }
    }

    @Test func matchesTheSkipEveryUsedNameRule() {
        let givens = ["c1", "c2", "c3", "c5", "c8", "c01", "c0", "c-1", "c+4", "c", "card", "c10", "c11", "c12",
                      "c99999999999999999999999", "c 7", "c7"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var names = ConstraintNames(), reference = Reference()
            for _ in 0..<40 {
                let given: String? = Int.random(in: 0..<3, using: &rng) == 0 ? givens.randomElement(using: &rng) : nil
                #expect(names.next(given: given) == reference.next(given: given))
            }
        }
    }

    @Test func generatedNumberIsCanonicalOnly() {
        #expect(ConstraintNames.generatedNumber("c12") == 12)
        #expect(ConstraintNames.generatedNumber("c012") == nil)
        #expect(ConstraintNames.generatedNumber("c0") == nil)
        #expect(ConstraintNames.generatedNumber("c+1") == nil)
        #expect(ConstraintNames.generatedNumber("c") == nil)
        #expect(ConstraintNames.generatedNumber("x1") == nil)
    }
}
