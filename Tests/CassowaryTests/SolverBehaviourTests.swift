// Each operation on small hand-made systems whose answers are obvious.
import Cassowary
import Testing

@Suite("Solver operations")
struct SolverBehaviourTests {
    @Test func variables() {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable()
        #expect(Set([x, y, z]).count == 3)
        #expect(s.name(of: x) == "x" && s.name(of: y) == "y")
        #expect(s.objective().isEmpty)
    }

    @Test func requiredEqualities() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(cn([(x, 1), (y, 1)], -10, .equal))
        try s.add(cn([(x, 1), (y, -1)], -2, .equal))
        #expect(approxEqual(s.value(x), 6) && approxEqual(s.value(y), 4))
        #expect(s.objective().isEmpty)
    }

    @Test func repeatedVariableInAnExpressionIsASum() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(cn([(x, 1), (x, 1)], -10, .equal))  // 2x − 10 == 0
        #expect(approxEqual(s.value(x), 5))
    }

    @Test func strictPriorityBeatsAnyNumberOfWeaker() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(pin(x, 0, 751))
        for _ in 0..<20 { try s.add(pin(x, 100, 750)) }
        #expect(approxEqual(s.value(x), 0))
        #expect(objectiveMatches(s.objective(), [(751, 0), (750, 2000)]))
    }

    @Test func violationsAddUpWithinALevel() throws {
        // |x| + |x − 10| + |x − 4| at one priority: the median, 4, paying 10.
        let s = Solver()
        let x = s.makeVariable("x")
        for v in [0.0, 10, 4] { try s.add(pin(x, v, 500)) }
        #expect(approxEqual(s.value(x), 4))
        #expect(objectiveMatches(s.objective(), [(500, 10)]))
    }

    @Test func inequalitiesAndLevels() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(cn([(x, 1)], -5, .greaterThanOrEqual))     // x >= 5
        try s.add(cn([(x, 1)], -2, .lessThanOrEqual, 500))   // x <= 2 @500: pays 3
        try s.add(pin(x, 10, 250))                       // x == 10 @250: pays 5
        try s.add(cn([(x, 1)], -7, .lessThanOrEqual, 1))     // x <= 7 @1: holds
        #expect(approxEqual(s.value(x), 5))
        #expect(objectiveMatches(s.objective(), [(500, 3), (250, 5), (1, 0)]))
    }

    @Test func setConstantChangesALayout() throws {
        // Two views in a row inside an editable edge R (TRACE.md's example).
        let s = Solver()
        let r = s.makeVariable("R"), a = s.makeVariable("a"), b = s.makeVariable("b")
        try s.addEditVariable(r, priority: 750)
        try s.suggestValue(r, 300)
        let wa = cn([(a, 1)], -100, .equal, 250, "wa")
        let wb = cn([(b, 1)], -100, .equal, 250, "wb")
        try s.add(wa)
        try s.add(wb)
        try s.add(cn([(a, 1), (b, 1), (r, -1)], 8, .lessThanOrEqual, 1000, "fit"))
        #expect(approxEqual(s.value(a), 100) && approxEqual(s.value(b), 100) && approxEqual(s.value(r), 300))
        try s.setConstant(wa, to: -80)
        #expect(s.constant(of: wa) == -80)
        #expect(approxEqual(s.value(a), 80) && approxEqual(s.value(b), 100))
        // Squeeze: R = 150 leaves 142 for a + b; the weak widths pay 38 together.
        try s.suggestValue(r, 150)
        #expect(approxEqual(s.value(a) + s.value(b), 142))
        #expect(objectiveMatches(s.objective(), [(750, 0), (250, 38)]))
        // A set-constant that makes the required constraint itself bind differently.
        try s.suggestValue(r, 300)
        try s.setConstant(wb, to: -250)  // b wants 250: a + b <= 292 → a = 42 or b = 212, 38 paid either way
        #expect(approxEqual(s.value(a) + s.value(b), 292))
        #expect(objectiveMatches(s.objective(), [(750, 0), (250, 38)]))
    }

    @Test func setConstantsJudgesTheEquationsAsTheyEnd() throws {
        // `x == 5` twice: the second is redundant (its marker a basic dummy). Moving one alone
        // breaks the pair; moving both, one after the other, breaks it only part way.
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let first = cn([(x, 1)], -5, .equal, 1000, "first")
        let second = cn([(x, 1)], -5, .equal, 1000, "second")
        try s.add(first)
        try s.add(second)
        try s.add(cn([(y, 1), (x, -1)], -2, .equal, 1000, "y"))  // y = x + 2
        try s.add(cn([(y, 1)], 0, .equal, 1, "weak"))  // y = 0 @1: paid 7, then 9
        try s.setConstants([ConstantChange(first, -7), ConstantChange(second, -7)])
        #expect(approxEqual(s.value(x), 7) && approxEqual(s.value(y), 9))
        #expect(s.constant(of: first) == -7 && s.constant(of: second) == -7)
        // One of them alone cannot move: refused, nothing changed.
        #expect(throws: SolverError.unsatisfiable(conflict: [])) { try s.setConstants([ConstantChange(first, -9), ConstantChange(first, -8)]) }
        #expect(approxEqual(s.value(x), 7) && s.constant(of: first) == -7)
        // The last change of a constraint listed twice is the one that stays.
        try s.setConstants([ConstantChange(second, -1), ConstantChange(first, -3), ConstantChange(second, -3)])
        #expect(approxEqual(s.value(x), 3) && s.constant(of: second) == -3)
    }

    @Test func setConstantsReachesWhatOneByOneReaches() throws {
        // Two widths that share a row, hugging and compression of each moved together: the
        // batch's one dual simplex run ends where the changes made one at a time end.
        func build() throws -> (Solver, [Variable], [Constraint]) {
            let s = Solver()
            let r = s.makeVariable("R"), a = s.makeVariable("a"), b = s.makeVariable("b")
            try s.add(cn([(r, 1)], -300, .equal, 1000, "R"))
            try s.add(cn([(a, 1), (b, 1), (r, -1)], 8, .lessThanOrEqual, 1000, "fit"))
            let cs = [cn([(a, 1)], -100, .lessThanOrEqual, 250, "ha"), cn([(a, 1)], -100, .greaterThanOrEqual, 750, "ca"),
                      cn([(b, 1)], -100, .lessThanOrEqual, 251, "hb"), cn([(b, 1)], -100, .greaterThanOrEqual, 750, "cb")]
            for c in cs { try s.add(c) }
            return (s, [r, a, b], cs)
        }
        for sizes in [(-200.0, -120.0), (-90, -250), (-150, -150), (-300, -10)] {
            let (one, v1, c1) = try build(), (batch, v2, c2) = try build()
            for (k, size) in [sizes.0, sizes.0, sizes.1, sizes.1].enumerated() { try one.setConstant(c1[k], to: size) }
            try batch.setConstants(zip(c2, [sizes.0, sizes.0, sizes.1, sizes.1]).map { ConstantChange($0, $1) })
            for (p, q) in zip(v1, v2) { #expect(approxEqual(one.value(p), batch.value(q)), "\(sizes)") }
            #expect(objectiveMatches(batch.objective(), one.objective().map { ($0.priority, $0.violation) }))
        }
    }

    @Test func removeRestores() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(pin(x, 10, 500))
        try s.add(cn([(y, 1), (x, -1)], -1, .equal))  // y = x + 1
        let before = (s.value(x), s.value(y), s.objective())
        let force = pin(x, 20)
        try s.add(force)
        #expect(approxEqual(s.value(x), 20) && approxEqual(s.value(y), 21))
        #expect(objectiveMatches(s.objective(), [(500, 10)]))
        try s.remove(force)
        #expect(approxEqual(s.value(x), before.0) && approxEqual(s.value(y), before.1))
        #expect(objectiveMatches(s.objective(), before.2.map { ($0.priority, $0.violation) }))
        #expect(approxEqual(s.value(x), 10))
        // Removing an optional constraint drops its level from objective().
        let weak = pin(x, 50, 250)
        try s.add(weak)
        #expect(objectiveMatches(s.objective(), [(500, 0), (250, 40)]))
        try s.remove(weak)
        #expect(objectiveMatches(s.objective(), [(500, 0)]))
    }

    @Test func suggestValueMovesEditVariables() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(cn([(y, 1), (x, -1)], -5, .equal))  // y = x + 5
        try s.addEditVariable(x, priority: 500)
        #expect(s.hasEditVariable(x) && !s.hasEditVariable(y))
        #expect(approxEqual(s.value(x), 0) && approxEqual(s.value(y), 5))  // the suggestion starts at 0
        try s.suggestValue(x, 42)
        #expect(approxEqual(s.value(x), 42) && approxEqual(s.value(y), 47))
        try s.suggestValue(x, -7.5)
        #expect(approxEqual(s.value(x), -7.5) && approxEqual(s.value(y), -2.5))
        #expect(objectiveMatches(s.objective(), [(500, 0)]))
        // A required bound stops the edit; the edit's level pays the difference.
        try s.add(cn([(y, 1)], -30, .lessThanOrEqual))  // y <= 30 → x <= 25
        try s.suggestValue(x, 40)
        #expect(approxEqual(s.value(x), 25))
        #expect(objectiveMatches(s.objective(), [(500, 15)]))
        // Two edit variables at different priorities pulling on one quantity: the stronger wins.
        try s.addEditVariable(y, priority: 750)
        try s.suggestValue(y, 10)
        #expect(approxEqual(s.value(y), 10) && approxEqual(s.value(x), 5))
        #expect(objectiveMatches(s.objective(), [(750, 0), (500, 35)]))
        // Removing the edit variable releases it.
        try s.removeEditVariable(y)
        #expect(approxEqual(s.value(x), 25))
        try s.removeEditVariable(x)
        try s.add(pin(x, 3, 250))
        #expect(approxEqual(s.value(x), 3))
        #expect(objectiveMatches(s.objective(), [(250, 0)]))
    }

    @Test func ambiguousUnconstrainedVariable() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), free = s.makeVariable("free")
        let half = s.makeVariable("half")
        try s.add(pin(x, 5))
        try s.add(cn([(y, 1), (x, -2)], 0, .equal))           // y = 2x: determined through x
        try s.add(cn([(half, 1)], 0, .greaterThanOrEqual))       // bounded below only
        #expect(s.ambiguous([x, y, free, half]) == [free, half])
        #expect(s.ambiguous([x, y]).isEmpty)
        #expect(s.ambiguous([]).isEmpty)
    }

    @Test func ambiguousEqualPriorityTie() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        try s.add(cn([(x, 1), (y, 1)], -100, .equal))  // x + y == 100
        let px = pin(x, 0, 500)
        try s.add(px)
        try s.add(pin(y, 0, 500))                       // every split pays 100 at 500: a tie
        try s.add(pin(z, 7))
        #expect(s.ambiguous([x, y, z]) == [x, y])
        #expect(objectiveMatches(s.objective(), [(500, 100)]))
        // Break the tie with a lower priority: now everything is determined.
        try s.add(pin(x, 30, 250))
        #expect(s.ambiguous([x, y, z]).isEmpty)
        #expect(approxEqual(s.value(x), 30) && approxEqual(s.value(y), 70))
    }

    @Test func strictPriorityIsNotATie() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.add(cn([(x, 1), (y, 1)], -100, .equal))
        try s.add(pin(x, 0, 501))
        try s.add(pin(y, 0, 500))
        #expect(s.ambiguous([x, y]).isEmpty)
        #expect(approxEqual(s.value(x), 0) && approxEqual(s.value(y), 100))
    }

    @Test func ambiguousEditVariableIsDetermined() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.addEditVariable(x, priority: 250)
        try s.suggestValue(x, 12)
        #expect(s.ambiguous([x]).isEmpty)
        try s.removeEditVariable(x)
        #expect(s.ambiguous([x]) == [x])
    }

    /// The installed constraints come back in installation order, without removed ones
    /// (what `trellis-bench trace` writes out for kiwi).
    @Test func installedConstraintsInInstallationOrder() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        let a = Constraint(Expression([(x, 1)], constant: -10), .equal)
        let b = Constraint(Expression([(y, 1)], constant: -5), .greaterThanOrEqual)
        let c = Constraint(Expression([(x, 1), (y, -1)], constant: 0), .lessThanOrEqual, priority: 500)
        for k in [a, b, c] { try solver.add(k) }
        try solver.remove(b)
        let d = Constraint(Expression([(y, 1)], constant: -7), .equal, priority: 250)
        try solver.add(d)
        #expect(solver.installedConstraints() == [a, c, d])
    }

    /// Past the levels found by a scan, priorities are found by a dictionary: a level
    /// met again there is the same level, and the strongest of twenty levels wins.
    @Test func manyPriorityLevelsStayStrict() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        // x == k at priority 10 + k, k = 0..<20, added weakest first; then x == 100 + k at
        // the same priorities (levels met again, eight of them by the scan, twelve by the
        // dictionary).
        for k in 0..<20 {
            try solver.add(Constraint(Expression([(x, 1)], constant: -Double(k)), .equal, priority: 10 + Double(k)))
        }
        #expect(abs(solver.value(x) - 19) < 1e-9)
        for k in 0..<20 {
            try solver.add(Constraint(Expression([(x, 1)], constant: -Double(100 + k)), .equal, priority: 10 + Double(k)))
        }
        // At level 29 both x == 19 and x == 119 cost |x - 19| + |x - 119|, flat between: no
        // level above decides, the one below (28: x == 18 and x == 118) is flat there too,
        // and so on down; any x in [19, 100] is optimal for every level.
        #expect(solver.value(x) >= 19 - 1e-9 && solver.value(x) <= 100 + 1e-9)
        try solver.add(Constraint(Expression([(x, 1)], constant: -50), .equal, priority: 29))
        // A third wish at the strongest level breaks the tie there: the median, 50.
        #expect(abs(solver.value(x) - 50) < 1e-9)
    }
}
