// `Solver.addAnonymous` (how a one-shot layout installs its constraints) must install exactly
// what `add` installs for the same constraint object: random systems built both ways give
// the same outcome, the same values to the bit, the same pivots and the same ambiguous
// variables after every step, refused adds (conflicts) and edit suggestions included.
import Cassowary
import Testing

@Suite struct AnonymousAddTests {
    @Test func anonymousConstraintsSolveAsNamedOnes() {
        var differences: [String] = []
        var refusals = 0, softPairs = 0
        for seed in UInt64(1)...400 {
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            let named = Self.randomAdds(on: Solver(), anonymous: false, &a)
            let anonymous = Self.randomAdds(on: Solver(), anonymous: true, &b)
            refusals += named.trail.filter { $0.hasPrefix("refused") }.count
            softPairs += named.softPairs
            if named.trail != anonymous.trail {
                let k = named.trail.indices.first { $0 >= anonymous.trail.count || named.trail[$0] != anonymous.trail[$0] } ?? 0
                differences.append("seed \(seed), step \(k): named \(named.trail[k]), anonymous \(anonymous.trail.dropFirst(k).first ?? "-")")
            }
        }
        #expect(differences.count == 0, "\(differences.count) systems differ; first: \(differences.first ?? "")")
        // The systems reach what they are meant to test.
        #expect(refusals > 100, "only \(refusals) refused adds")
        #expect(softPairs > 100, "only \(softPairs) two-sided soft equalities")
    }

    /// A conflicting anonymous add is refused with no members and leaves the solver as it
    /// was: the same values, and the next add goes in.
    @Test func aRefusedAnonymousAddChangesNothing() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.addAnonymous(Expression([(x, 1)], constant: -10), .equal, priority: 1000, constant: -10)
        #expect(solver.value(x) == 10)
        #expect(throws: SolverError.unsatisfiable(conflict: [])) {
            try solver.addAnonymous(Expression([(x, 1)], constant: -20), .equal, priority: 1000, constant: -20)
        }
        #expect(solver.value(x) == 10)
        try solver.addAnonymous(Expression([(x, 1)], constant: -30), .lessThanOrEqual, priority: 1000, constant: -30)
        #expect(solver.value(x) == 10)
        #expect(solver.constraintCount == 0, "an anonymous constraint keeps no record")
    }

    /// Adds at random (required and optional, every relation, two-sided soft equalities,
    /// conflicts), with edit suggestions between them; what each step gave.
    static func randomAdds(on solver: Solver, anonymous: Bool, _ rng: inout SplitMix64) -> (trail: [String], softPairs: Int) {
        let variables = (0..<rng.int(2...8)).map { _ in solver.makeVariable() }
        var trail: [String] = [], softPairs = 0
        for _ in 0..<rng.int(10...40) {
            var outcome: String
            if rng.int(0...9) < 8 {
                var terms: [(Variable, Double)] = []
                for _ in 0..<rng.int(1...3) { terms.append((rng.pick(variables), Double(rng.int(-3...3)) + 0.5)) }
                let expression = Expression(terms, constant: Double(rng.int(-20...20)))
                let constant = rng.chance(0.2) ? Double(rng.int(-20...20)) : expression.constant
                let priority = Double(rng.chance(0.4) ? 1000 : rng.pick([1, 250, 500, 750, 999]))
                var relation: Relation = rng.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual])
                var below: Double?
                if priority < 1000, rng.chance(0.3) {
                    relation = .equal
                    below = Double(rng.pick([1, 250, 500, 750, 999]))
                    softPairs += 1
                }
                do throws(SolverError) {
                    if anonymous {
                        try solver.addAnonymous(expression, relation, priority: priority, below: below, constant: constant)
                    } else {
                        let c = below.map { Constraint(expression, equalAbove: priority, below: $0) }
                            ?? Constraint(expression, relation, priority: priority)
                        try solver.add(c, constant: constant)
                    }
                    outcome = "added"
                } catch {
                    // Named conflicts list their members, anonymous ones cannot: the kind counts.
                    if case .unsatisfiable = error { outcome = "refused: unsatisfiable" } else { outcome = "refused: \(error)" }
                }
            } else {
                let v = rng.pick(variables)
                if !solver.hasEditVariable(v) { try? solver.addEditVariable(v, priority: 500) }
                do { try solver.suggestValue(v, Double(rng.int(-50...50))); outcome = "suggested" } catch {
                    outcome = "suggest failed \(error)"
                }
            }
            let values = variables.map { String(solver.value($0).bitPattern, radix: 16) }.joined(separator: ",")
            let loose = solver.ambiguous(variables).map(\.id).sorted()
            trail.append("\(outcome) [\(values)] pivots \(solver.currentStatistics().pivots) ambiguous \(loose)")
        }
        return (trail, softPairs)
    }
}
