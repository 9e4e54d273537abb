import Testing
@testable import Cassowary

@Suite struct SolverSmokeTests {
    @Test func requiredEqualitiesAndInequalities() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(Constraint(Expression([(x, 1), (y, 1)], constant: -100), .equal))
        try s.add(Constraint(Expression([(x, 1)], constant: -10), .greaterThanOrEqual))
        try s.add(Constraint(Expression([(x, 1)], constant: -30), .equal, priority: 500))
        #expect(abs(s.value(x) - 30) < 1e-9)
        #expect(abs(s.value(y) - 70) < 1e-9)
    }

    @Test func strictPriorityBeatsManyLower() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(Constraint(Expression([(x, 1)]), .equal, priority: 751))
        for _ in 0..<20 { try s.add(Constraint(Expression([(x, 1)], constant: -100), .equal, priority: 750)) }
        #expect(abs(s.value(x)) < 1e-9)
    }

    @Test func conflictIsExplainedAndRolledBack() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let a = Constraint(Expression([(x, 1)], constant: -10), .equal, name: "a")
        let b = Constraint(Expression([(y, 1), (x, -1)]), .equal, name: "b")
        let unrelated = Constraint(Expression([(y, 1)], constant: -1000), .lessThanOrEqual, name: "u")
        try s.add(a); try s.add(b); try s.add(unrelated)
        let bad = Constraint(Expression([(y, 1)], constant: -20), .equal, name: "bad")
        #expect(throws: SolverError.unsatisfiable(conflict: [a, b]) ) { try s.add(bad) }
        #expect(abs(s.value(y) - 10) < 1e-9)
        #expect(!s.contains(bad))
        try s.setConstant(a, to: -15)
        #expect(abs(s.value(y) - 15) < 1e-9)
    }

    @Test func inequalityConflict() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let lo = Constraint(Expression([(x, 1)], constant: -10), .greaterThanOrEqual, name: "lo")
        try s.add(lo)
        let hi = Constraint(Expression([(x, 1)], constant: -5), .lessThanOrEqual, name: "hi")
        #expect(throws: SolverError.unsatisfiable(conflict: [lo])) { try s.add(hi) }
        #expect(abs(s.value(x) - 10) < 1e-9)
        try s.add(Constraint(Expression([(x, 1)], constant: -12), .lessThanOrEqual))
        #expect(abs(s.value(x) - 10) < 1e-9 || abs(s.value(x) - 12) < 1e-9)
    }

    @Test func editAndSetConstant() throws {
        let s = Solver()
        let w = s.makeVariable("w"), a = s.makeVariable("a")
        try s.addEditVariable(w, priority: 750)
        try s.suggestValue(w, 300)
        let half = Constraint(Expression([(a, 2), (w, -1)]), .equal)
        try s.add(half)
        #expect(abs(s.value(a) - 150) < 1e-9)
        try s.suggestValue(w, 100)
        #expect(abs(s.value(a) - 50) < 1e-9)
        try s.setConstant(half, to: -20)
        #expect(abs(s.value(a) - 60) < 1e-9)
        let cap = Constraint(Expression([(a, 1)], constant: -40), .lessThanOrEqual)
        try s.add(cap)
        #expect(abs(s.value(a) - 40) < 1e-9)
        #expect(abs(s.value(w) - 60) < 1e-9)
        try s.remove(cap)
        #expect(abs(s.value(a) - 60) < 1e-9)
    }

    @Test func setConstantConflictRollsBack() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let lo = Constraint(Expression([(x, 1)], constant: -10), .greaterThanOrEqual, name: "lo")
        let hi = Constraint(Expression([(x, 1)], constant: -20), .lessThanOrEqual, name: "hi")
        try s.add(lo); try s.add(hi)
        #expect(throws: SolverError.unsatisfiable(conflict: [lo])) { try s.setConstant(hi, to: -5) }
        #expect(s.constant(of: hi) == -20)
        try s.setConstant(hi, to: -15)
        #expect(s.value(x) >= 10 - 1e-9 && s.value(x) <= 15 + 1e-9)
    }

    @Test func ambiguity() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(Constraint(Expression([(x, 1)], constant: -5), .equal))
        try s.add(Constraint(Expression([(y, 1), (z, 1)], constant: -100), .equal))
        #expect(s.ambiguous([x, y, z]) == [y, z])
        try s.add(Constraint(Expression([(y, 1)]), .equal, priority: 500))
        try s.add(Constraint(Expression([(z, 1)]), .equal, priority: 500))
        #expect(s.ambiguous([x, y, z]) == [y, z])
        try s.add(Constraint(Expression([(z, 1)], constant: -30), .equal, priority: 600))
        #expect(s.ambiguous([x, y, z]).isEmpty)
        #expect(abs(s.value(y) - 70) < 1e-9)
    }
}

@Suite struct SolverValueReaderTests {
    /// `solvedValues` reads what `value` reads, for every variable, after edits, and keeps
    /// reading the values of its moment when the solver moves on; unknown variables read 0.
    @Test func readerAgreesWithValue() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        try solver.add(Constraint(Expression([(x, 1)], constant: -10), .equal))
        try solver.add(Constraint(Expression([(y, 1), (x, -2)], constant: -3), .equal))
        let c = Constraint(Expression([(z, 1), (y, -1)], constant: 0), .greaterThanOrEqual)
        try solver.add(c)
        var earlier: (SolvedValues, [Double])?
        for constant in [0.0, -5, 7.5] {
            try solver.setConstant(c, to: constant)
            let values = solver.solvedValues()
            let read = [x, y, z].map { values[$0] }
            #expect(read == [x, y, z].map { solver.value($0) })
            if let (old, expected) = earlier { #expect([x, y, z].map { old[$0] } == expected) }
            earlier = (values, read)
        }
        #expect(solver.solvedValues()[Variable(id: 999)] == 0)
    }
}
