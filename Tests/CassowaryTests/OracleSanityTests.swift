// The oracle checks itself: tiny LPs with hand-computed optima, and a brute-force cross-check on
// random one- and two-variable systems. These pass whatever state the solver is in.
import Testing

private func c(_ coefficients: [Double], _ constant: Double, _ relation: OracleRelation,
               _ priority: Double = 1000) -> OracleConstraint {
    OracleConstraint(coefficients: coefficients, constant: constant, relation: relation, priority: priority)
}

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-7) -> Bool { abs(a - b) <= tol * (1 + abs(a) + abs(b)) }

@Suite("Oracle sanity")
struct OracleSanityTests {
    @Test func requiredEqualitiesOnly() throws {
        // x + y = 10, x − y = 2  →  x = 6, y = 4
        let s = try #require(LexOracle.solve(variableCount: 2, [c([1, 1], -10, .equal), c([1, -1], -2, .equal)]))
        #expect(s.levels.isEmpty)
        #expect(near(s.values[0], 6) && near(s.values[1], 4))
    }

    @Test func infeasibleRequiredPair() {
        let a = c([1], -5, .greaterThanOrEqual)  // x ≥ 5
        let b = c([1], -3, .lessThanOrEqual)     // x ≤ 3
        #expect(LexOracle.solve(variableCount: 1, [a, b]) == nil)
        #expect(!LexOracle.isFeasible(variableCount: 1, [a, b]))
        #expect(LexOracle.isFeasible(variableCount: 1, [a]))
        #expect(LexOracle.isFeasible(variableCount: 1, [b]))
        // Optional constraints never make a system infeasible, but isFeasible treats all as required.
        let weak = c([1], -3, .lessThanOrEqual, 250)
        #expect(LexOracle.solve(variableCount: 1, [a, weak]) != nil)
        #expect(!LexOracle.isFeasible(variableCount: 1, [a, weak]))
    }

    @Test func strictPriorityBeatsManyWeaker() throws {
        // x == 0 @751 against twenty x == 100 @750: x = 0, level 750 pays 20·100.
        var cs = [c([1], 0, .equal, 751)]
        cs += Array(repeating: c([1], -100, .equal, 750), count: 20)
        let s = try #require(LexOracle.solve(variableCount: 1, cs))
        #expect(s.levels == [OracleLevel(priority: 751, violation: 0), OracleLevel(priority: 750, violation: 2000)])
        #expect(near(s.values[0], 0))
    }

    @Test func l1WithinOneLevelIsAMedian() throws {
        // x == 0, x == 10, x == 4, all @500: minimum of |x| + |x − 10| + |x − 4| is 10 at x = 4.
        let s = try #require(LexOracle.solve(variableCount: 1, [c([1], 0, .equal, 500), c([1], -10, .equal, 500),
                                                                 c([1], -4, .equal, 500)]))
        #expect(s.levels.count == 1 && near(s.levels[0].violation, 10))
        #expect(near(s.values[0], 4))
    }

    @Test func inequalitiesAcrossLevels() throws {
        // x ≥ 5 required; x ≤ 2 @500 (pays 3); x == 10 @250 (then x = 5, pays 5).
        let s = try #require(LexOracle.solve(variableCount: 1, [c([1], -5, .greaterThanOrEqual), c([1], -2, .lessThanOrEqual, 500),
                                                                 c([1], -10, .equal, 250)]))
        #expect(s.levels.count == 2)
        #expect(s.levels[0].priority == 500 && near(s.levels[0].violation, 3))
        #expect(s.levels[1].priority == 250 && near(s.levels[1].violation, 5))
        #expect(near(s.values[0], 5))
    }

    @Test func satisfiedInequalityCostsNothing() throws {
        // x ≤ 7 @750 and x == 3 @500: both hold at x = 3.
        let s = try #require(LexOracle.solve(variableCount: 1, [c([1], -7, .lessThanOrEqual, 750), c([1], -3, .equal, 500)]))
        #expect(s.levels.map(\.violation).allSatisfy { near($0, 0) })
        #expect(near(s.values[0], 3))
    }

    @Test func ambiguity() throws {
        // x + y == 100 required, x == 0 @500, y == 0 @500: every split costs 100 → both ambiguous;
        // z is in no constraint → ambiguous; w == 5 required → determined.
        let cs = [c([1, 1, 0, 0], -100, .equal), c([1, 0, 0, 0], 0, .equal, 500), c([0, 1, 0, 0], 0, .equal, 500),
                  c([0, 0, 0, 1], -5, .equal)]
        let s = try #require(LexOracle.solve(variableCount: 4, cs, computeAmbiguity: true))
        #expect(s.ambiguous == [0, 1, 2])
        #expect(near(s.levels[0].violation, 100))
        // With x's preference one step stronger the tie is gone: x = 0, y = 100.
        var strict = cs
        strict[1].priority = 501
        let t = try #require(LexOracle.solve(variableCount: 4, strict, computeAmbiguity: true))
        #expect(t.ambiguous == [2])
        #expect(near(t.values[0], 0) && near(t.values[1], 100))
        // Bounded on one side only → ambiguous.
        let u = try #require(LexOracle.solve(variableCount: 1, [c([1], 0, .greaterThanOrEqual)], computeAmbiguity: true))
        #expect(u.ambiguous == [0])
    }

    @Test func bealeCyclingExampleTerminates() throws {
        // Beale's classic cycling LP (degenerate); Bland's rule must reach the optimum −5/4.
        let rows = [
            LPRow(coefficients: [0.25, -8, -1, 9], relation: .lessThanOrEqual, rhs: 0),
            LPRow(coefficients: [0.5, -12, -0.5, 3], relation: .lessThanOrEqual, rhs: 0),
            LPRow(coefficients: [0, 0, 1, 0], relation: .lessThanOrEqual, rhs: 1),
        ]
        let lp = DenseSimplex(structuralCount: 4, rows: rows)
        #expect(lp.findFeasibleBasis())
        let z = try #require(lp.minimize([-0.75, 20, -0.5, 6]))
        #expect(near(z, -1.25))
    }

    @Test func unboundedIsReported() {
        let lp = DenseSimplex(structuralCount: 2, rows: [LPRow(coefficients: [1, -1], relation: .lessThanOrEqual, rhs: 1)])
        #expect(lp.findFeasibleBasis())
        #expect(lp.minimize([-1, 0]) == nil)
    }

    /// Brute force for one or two variables: the lexicographic optimum of a convex piecewise-linear
    /// objective over a polyhedron is attained at a vertex of the arrangement of all constraint
    /// lines, or (when the optimal set has no vertex) at a point on one of those lines, or anywhere
    /// (no lines at all). Evaluate every candidate; compare the best with the oracle.
    @Test(arguments: [1, 2])
    func bruteForceCrossCheck(variables n: Int) throws {
        var rng = SplitMix64(seed: 0xC0FFEE + UInt64(n))
        let priorities: [Double] = [750, 500, 250]
        for _ in 0..<1000 {
            var cs: [OracleConstraint] = []
            for _ in 0..<rng.int(1...6) {
                var a = (0..<n).map { _ in Double(rng.int(-3...3)) }
                if a.allSatisfy({ $0 == 0 }) { a[0] = 1 }
                let relation = rng.pick([OracleRelation.equal, .lessThanOrEqual, .greaterThanOrEqual])
                let priority = rng.chance(0.3) ? 1000 : rng.pick(priorities)
                cs.append(c(a, Double(rng.int(-10...10)), relation, priority))
            }
            // Candidates.
            var points: [[Double]] = [Array(repeating: 0, count: n)]
            for p in cs {  // a point on each line: the one closest to the origin
                let norm = p.coefficients.reduce(0) { $0 + $1 * $1 }
                points.append(p.coefficients.map { -p.constant * $0 / norm })
            }
            if n == 2 {
                for i in 0..<cs.count {
                    for j in (i + 1)..<max(i + 1, cs.count) {
                        let (a, b) = (cs[i].coefficients, cs[j].coefficients)
                        let det = a[0] * b[1] - a[1] * b[0]
                        if det == 0 { continue }
                        let (r, s) = (-cs[i].constant, -cs[j].constant)
                        points.append([(r * b[1] - a[1] * s) / det, (a[0] * s - r * b[0]) / det])
                    }
                }
            }
            let feasible = points.filter { x in
                cs.filter(\.isRequired).allSatisfy { $0.violation(x) <= 1e-9 * $0.scale(x) }
            }
            let oracle = LexOracle.solve(variableCount: n, cs)
            if feasible.isEmpty {
                // Then the required set has no point at all: a feasible polyhedron would contain a
                // candidate by the same argument.
                #expect(oracle == nil, "brute force found no feasible point but the oracle did")
                continue
            }
            let o = try #require(oracle, "oracle says infeasible but \(feasible[0]) is feasible")
            var best = LexOracle.levels(of: cs, at: feasible[0]).map(\.violation)
            for x in feasible.dropFirst() {
                let v = LexOracle.levels(of: cs, at: x).map(\.violation)
                for (l, r) in zip(v, best) {
                    if l < r - 1e-9 { best = v; break }
                    if l > r + 1e-9 { break }
                }
            }
            #expect(o.levels.count == best.count)
            for (l, b) in zip(o.levels.map(\.violation), best) {
                #expect(near(l, b, 1e-7), "oracle \(o.levels) brute force \(best) for \(cs)")
            }
            // The oracle's point is itself feasible and attains its reported levels.
            for p in cs where p.isRequired { #expect(p.violation(o.values) <= 1e-7 * p.scale(o.values)) }
            for (l, at) in zip(o.levels, LexOracle.levels(of: cs, at: o.values)) {
                #expect(near(l.violation, at.violation, 1e-7))
            }
        }
    }
}
