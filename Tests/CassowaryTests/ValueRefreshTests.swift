import Testing
@testable import Cassowary

/// After constants change in place, values are refreshed only where something depends on
/// what moved. Those values must be exactly the ones a full evaluation gives.
@Suite struct ValueRefreshTests {
    /// Random systems (chains, sums, inequalities and optional constraints at a few
    /// priorities) of 70 to 140 variables, then random constant changes, some read after each change and some after
    /// several: every value equals, to the bit, what the same solver gives when told that
    /// anything may have changed.
    @Test func partialRefreshEqualsFullEvaluation() throws {
        var partialRuns = 0
        for seed in UInt64(1)...60 {
            var rng = SplitMix64(seed: seed)
            let s = Solver()
            // Large enough for partial refreshes (small programs are always evaluated whole).
            let vs = (0..<rng.int(70...140)).map { _ in s.makeVariable() }
            var constraints: [Constraint] = []
            for _ in 0..<rng.int(vs.count...(3 * vs.count)) {
                let a = rng.pick(vs), b = rng.pick(vs)
                let terms: [(Variable, Double)] = rng.chance(0.3) ? [(a, 1)] : [(a, 1), (b, -Double(rng.int(1...3)))]
                let relation: Relation = rng.chance(0.6) ? .equal : (rng.chance(0.5) ? .lessThanOrEqual : .greaterThanOrEqual)
                let priority = rng.chance(0.5) ? Priority.required : Double(rng.pick([250, 500, 750, 999]))
                let c = Constraint(Expression(terms, constant: Double(rng.int(-50...50))), relation, priority: priority)
                if (try? s.add(c)) != nil { constraints.append(c) }
            }
            guard !constraints.isEmpty else { continue }
            _ = vs.map { s.value($0) }
            for step in 0..<40 {
                let c = rng.pick(constraints)
                try? s.setConstant(c, to: Double(rng.int(-80...80)) + (rng.chance(0.5) ? 0.25 : 0))
                guard rng.chance(0.7) || step == 39 else { continue }  // sometimes several changes before a read
                if !s.definitions.movedAll { partialRuns += 1 }
                let partial = vs.map { s.value($0).bitPattern }
                s.definitions.invalidate()
                let full = vs.map { s.value($0).bitPattern }
                #expect(partial == full, "seed \(seed), step \(step)")
            }
        }
        #expect(partialRuns > 100, "the partial refresh ran \(partialRuns) times")
    }

    /// Read through `solvedValues` (as layouts read), a solver evaluates in place only the
    /// first time: from the second read on it runs its compiled program, so a constant moved
    /// in place (an edit, a resize) refreshes only what depends on it. A solver that
    /// evaluated everything in place on every read answered right but made a grid of 1,000
    /// views resize 20 times slower.
    @Test func onlyTheFirstReadEvaluatesInPlace() throws {
        for reused in [false, true] {
            let s = Solver()
            if reused { _ = s.makeVariable(); _ = s.solvedValues(); s.reset() }
            let vs = (0..<100).map { _ in s.makeVariable() }
            var pins: [Constraint] = []
            for (k, v) in vs.enumerated() {
                let c = Constraint(Expression([(v, 1)], constant: -Double(k)), .equal)
                try s.add(c)
                pins.append(c)
            }
            #expect(s.solvedValues().withReader { value in vs.map { value[$0] } } == vs.indices.map(Double.init))
            #expect(s.definitions.program.structure == 0, "the first read compiles nothing")
            for step in 1...3 {
                try s.setConstant(pins[7], to: -Double(100 * step))
                // The second read compiles the program and runs it whole; later ones, partly.
                #expect(s.definitions.movedAll == (step == 1))
                #expect(s.solvedValues().withReader { value in value[vs[7]] } == Double(100 * step))
                #expect(s.definitions.program.structure == s.definitions.structure, "read \(step + 1) runs the program")
                #expect(s.definitions.affected.count == (step == 1 ? 0 : 1), "read \(step + 1): a partial refresh")
            }
        }
    }
}
