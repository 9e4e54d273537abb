import Testing
import Cassowary

/// `Constraint(e, equalAbove: p, below: q)` is the pair `e <= 0 @p`, `e >= 0 @q` in one row.
@Suite struct SoftEqualityTests {
    /// Random systems built twice, once with soft equalities and once with the pairs they
    /// stand for: the optimum's violation at every priority is the same, through constant
    /// changes and removals.
    @Test func equalsThePairOfInequalities() throws {
        for seed in UInt64(1)...80 {
            var rng = SplitMix64(seed: seed)
            let soft = Solver(), pairs = Solver()
            let count = rng.int(3...14)
            let sv = (0..<count).map { _ in soft.makeVariable() }, pv = (0..<count).map { _ in pairs.makeVariable() }
            var softOnes: [Constraint] = [], pairOnes: [(Constraint, Constraint)] = []
            for _ in 0..<rng.int(count...(3 * count)) {
                let a = rng.int(0...(count - 1)), b = rng.int(0...(count - 1)), k = Double(rng.int(-3...3))
                let constant = Double(rng.int(-60...60))
                func terms(_ v: [Variable]) -> [(Variable, Double)] { k == 0 || a == b ? [(v[a], 1)] : [(v[a], 1), (v[b], k)] }
                if rng.chance(0.4) {
                    let above = Double(rng.pick([100, 250, 251, 500, 750, 999])), below = Double(rng.pick([100, 250, 500, 750, 999]))
                    let c = Constraint(Expression(terms(sv), constant: constant), equalAbove: above, below: below)
                    let hug = Constraint(Expression(terms(pv), constant: constant), .lessThanOrEqual, priority: above)
                    let cr = Constraint(Expression(terms(pv), constant: constant), .greaterThanOrEqual, priority: below)
                    try soft.add(c); try pairs.add(hug); try pairs.add(cr)
                    softOnes.append(c); pairOnes.append((hug, cr))
                } else {
                    let relation: Relation = rng.chance(0.5) ? .equal : (rng.chance(0.5) ? .lessThanOrEqual : .greaterThanOrEqual)
                    let priority = rng.chance(0.5) ? Priority.required : Double(rng.pick([300, 600, 1]))
                    let x = Constraint(Expression(terms(sv), constant: constant), relation, priority: priority)
                    let y = Constraint(Expression(terms(pv), constant: constant), relation, priority: priority)
                    // A required one that conflicts is refused by both alike.
                    let added = (try? soft.add(x)) != nil
                    #expect(added == ((try? pairs.add(y)) != nil), "seed \(seed)")
                }
            }
            func same(_ what: String) {
                let x = Dictionary(soft.objective().map { ($0.priority, $0.violation) }, uniquingKeysWith: +)
                let y = Dictionary(pairs.objective().map { ($0.priority, $0.violation) }, uniquingKeysWith: +)
                for p in Set(x.keys).union(y.keys) {
                    #expect(abs((x[p] ?? 0) - (y[p] ?? 0)) < 1e-6, "seed \(seed), \(what), priority \(p): \(x[p] ?? 0) vs \(y[p] ?? 0)")
                }
            }
            same("built")
            guard !softOnes.isEmpty else { continue }
            for step in 0..<10 {
                let i = rng.int(0...(softOnes.count - 1)), value = Double(rng.int(-80...80))
                try soft.setConstant(softOnes[i], to: value)
                try pairs.setConstant(pairOnes[i].0, to: value)
                try pairs.setConstant(pairOnes[i].1, to: value)
                same("constant change \(step)")
            }
            let gone = rng.int(0...(softOnes.count - 1))
            try soft.remove(softOnes[gone])
            try pairs.remove(pairOnes[gone].0); try pairs.remove(pairOnes[gone].1)
            same("removal")
        }
    }

    /// Both sides must be optional.
    @Test func bothSidesOptional() {
        let s = Solver()
        let v = s.makeVariable()
        #expect(throws: SolverError.invalidPriority(1000)) {
            try s.add(Constraint(Expression([(v, 1)], constant: -5), equalAbove: 1000, below: 750))
        }
        #expect(throws: SolverError.invalidPriority(1000)) {
            try s.add(Constraint(Expression([(v, 1)], constant: -5), equalAbove: 250, below: 1000))
        }
        #expect((try? s.add(Constraint(Expression([(v, 1)], constant: -5), equalAbove: 250, below: 750))) != nil)
        #expect(abs(s.value(v) - 5) < 1e-9)
    }
}
