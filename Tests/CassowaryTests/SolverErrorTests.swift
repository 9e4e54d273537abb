// Every error path of the Solver API, and that a rejected call leaves the solver as it was.
import Cassowary
import Testing

@Suite("Solver errors")
struct SolverErrorTests {
    @Test func duplicateAdd() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let required = pin(x, 5)
        let optional = pin(x, 7, 500)
        try s.add(required)
        try s.add(optional)
        #expect(throws: SolverError.duplicateConstraint) { try s.add(required) }
        #expect(throws: SolverError.duplicateConstraint) { try s.add(optional) }
        #expect(s.contains(required) && s.contains(optional))
        #expect(approxEqual(s.value(x), 5))
        try s.remove(required)
        try s.remove(optional)
        #expect(!s.contains(required))
    }

    @Test func equalContentIsTwoConstraints() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let a = pin(x, 5), b = pin(x, 5)
        try s.add(a)
        try s.add(b)  // same content, another constraint: not a duplicate
        try s.remove(a)
        #expect(s.contains(b) && !s.contains(a))
        #expect(approxEqual(s.value(x), 5))
    }

    @Test func removeUnknown() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let c = pin(x, 1)
        #expect(throws: SolverError.unknownConstraint) { try s.remove(c) }
        try s.add(c)
        try s.remove(c)
        #expect(throws: SolverError.unknownConstraint) { try s.remove(c) }
        // Re-adding a removed constraint object is fine.
        try s.add(c)
        #expect(s.contains(c))
    }

    @Test func setConstantUnknown() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let c = pin(x, 1)
        #expect(throws: SolverError.unknownConstraint) { try s.setConstant(c, to: 3) }
        #expect(s.constant(of: c) == nil)
        try s.add(c)
        #expect(s.constant(of: c) == -1)
        try s.remove(c)
        #expect(throws: SolverError.unknownConstraint) { try s.setConstant(c, to: 3) }
        #expect(s.constant(of: c) == nil)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbers(bad: Double) throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let keep = pin(x, 4, 1000, "keep")
        try s.add(keep)
        let badCoefficient = cn([(x, 1), (y, bad)], 0, .equal, 500)
        let badConstant = cn([(y, 1)], bad, .lessThanOrEqual)
        let badOptionalConstant = cn([(y, 1)], bad, .greaterThanOrEqual, 250)
        #expect(throws: SolverError.nonFiniteNumber) { try s.add(badCoefficient) }
        #expect(throws: SolverError.nonFiniteNumber) { try s.add(badConstant) }
        #expect(throws: SolverError.nonFiniteNumber) { try s.add(badOptionalConstant) }
        #expect(!s.contains(badCoefficient) && !s.contains(badConstant) && !s.contains(badOptionalConstant))
        #expect(throws: SolverError.nonFiniteNumber) { try s.setConstant(keep, to: bad) }
        #expect(s.constant(of: keep) == -4)
        try s.addEditVariable(y, priority: 750)
        try s.suggestValue(y, 9)
        #expect(throws: SolverError.nonFiniteNumber) { try s.suggestValue(y, bad) }
        #expect(approxEqual(s.value(x), 4) && approxEqual(s.value(y), 9))
        #expect(objectiveMatches(s.objective(), [(750, 0)]))
    }

    @Test(arguments: [0, -1, -1000, 1000.0001, 1001, 1e9])
    func invalidPriorityOnAdd(priority: Double) throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let c = pin(x, 1, priority)
        #expect(throws: SolverError.invalidPriority(priority)) { try s.add(c) }
        #expect(!s.contains(c))
        #expect(s.objective().isEmpty)
    }

    @Test func nanPriority() throws {
        // NaN ≠ NaN, so `.invalidPriority(.nan)` cannot be compared with ==: match the case.
        let s = Solver()
        let x = s.makeVariable("x")
        let e1 = #expect(throws: SolverError.self) { try s.add(pin(x, 1, .nan)) }
        #expect({ if case .invalidPriority(let p)? = e1 { p.isNaN } else { false } }(), "got \(String(describing: e1))")
        let e2 = #expect(throws: SolverError.self) { try s.addEditVariable(x, priority: .nan) }
        #expect({ if case .invalidPriority(let p)? = e2 { p.isNaN } else { false } }(), "got \(String(describing: e2))")
        #expect(!s.hasEditVariable(x))
    }

    @Test(arguments: [Double.infinity, -.infinity])
    func infinitePriority(priority: Double) throws {
        // Outside (0, 1000] and not finite: either error is a fair answer, but it must be rejected.
        let s = Solver()
        let x = s.makeVariable("x")
        let e = #expect(throws: SolverError.self) { try s.add(pin(x, 1, priority)) }
        #expect(e == .invalidPriority(priority) || e == .nonFiniteNumber)
    }

    @Test(arguments: [0, -5, 1000, 1000.5, 2000])
    func invalidEditPriority(priority: Double) throws {
        let s = Solver()
        let x = s.makeVariable("x")
        #expect(throws: SolverError.invalidPriority(priority)) { try s.addEditVariable(x, priority: priority) }
        #expect(!s.hasEditVariable(x))
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(x, 1) }
    }

    @Test func editVariableErrors() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(x, 1) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.removeEditVariable(x) }
        try s.addEditVariable(x, priority: 500)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, priority: 500) }
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, priority: 250) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.suggestValue(y, 1) }
        try s.suggestValue(x, 3)
        #expect(approxEqual(s.value(x), 3))
        #expect(objectiveMatches(s.objective(), [(500, 0)]))  // the duplicate did not change the priority
        try s.removeEditVariable(x)
        #expect(!s.hasEditVariable(x))
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(x, 1) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.removeEditVariable(x) }
        #expect(s.objective().isEmpty)
        try s.addEditVariable(x, priority: 250)  // again, after removal
        #expect(s.hasEditVariable(x))
    }

    @Test func unknownVariable() throws {
        // A variable this solver never made: Variable has no public initialiser, so take one from
        // another solver that made more variables than this one.
        let s = Solver()
        let x = s.makeVariable("x")
        let other = Solver()
        var foreign = other.makeVariable()
        for _ in 0..<50 { foreign = other.makeVariable() }
        #expect(foreign != x)
        let c = cn([(x, 1), (foreign, 1)], -3, .equal)
        #expect(throws: SolverError.unknownVariable(foreign)) { try s.add(c) }
        #expect(!s.contains(c))
        #expect(throws: SolverError.unknownVariable(foreign)) { try s.add(pin(foreign, 1, 500)) }
        #expect(throws: SolverError.unknownVariable(foreign)) { try s.addEditVariable(foreign, priority: 500) }
        #expect(!s.hasEditVariable(foreign))
        #expect(s.objective().isEmpty)
    }

    @Test func unsatisfiableLeavesSolverUnchanged() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let low = cn([(x, 1)], -10, .greaterThanOrEqual, 1000, "x >= 10")
        let pref = pin(x, 12, 500, "x == 12 @500")
        try s.add(low)
        try s.add(pref)
        let high = cn([(x, 1)], -5, .lessThanOrEqual, 1000, "x <= 5")
        let e = #expect(throws: SolverError.self) { try s.add(high) }
        #expect(e == .unsatisfiable(conflict: [low]))
        #expect(!s.contains(high))
        #expect(approxEqual(s.value(x), 12))
        #expect(objectiveMatches(s.objective(), [(500, 0)]))
        // and it still works
        try s.setConstant(pref, to: -20)
        #expect(approxEqual(s.value(x), 20))
    }

    @Test func conflictIsIrreducible() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        let a = pin(x, 5, 1000, "x == 5"), b = pin(y, 5, 1000, "y == 5")
        let unrelated = cn([(z, 1)], 0, .greaterThanOrEqual, 1000, "z >= 0")
        let redundant = cn([(x, 1)], 0, .greaterThanOrEqual, 1000, "x >= 0")
        for c in [a, b, unrelated, redundant] { try s.add(c) }
        let e = #expect(throws: SolverError.self) { try s.add(cn([(x, 1), (y, 1)], -20, .equal, 1000, "x + y == 20")) }
        guard case .unsatisfiable(let conflict)? = e else {
            Issue.record("expected .unsatisfiable, got \(String(describing: e))")
            return
        }
        #expect(Set(conflict) == [a, b], "conflict \(conflict)")
        #expect(conflict.count == 2)
    }

    @Test func unsatisfiableSetConstant() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let lower = cn([(x, 1)], 0, .greaterThanOrEqual, 1000, "x >= k")
        let upper = cn([(x, 1)], -10, .lessThanOrEqual, 1000, "x <= 10")
        try s.add(lower)
        try s.add(upper)
        try s.add(pin(x, 3, 250))
        let e = #expect(throws: SolverError.self) { try s.setConstant(lower, to: -20) }  // x >= 20
        guard case .unsatisfiable(let conflict)? = e else {
            Issue.record("expected .unsatisfiable, got \(String(describing: e))")
            return
        }
        // The conflict names `upper`; whether it also names the changed constraint is not fixed.
        #expect(Set(conflict).subtracting([lower]) == [upper], "conflict \(conflict)")
        #expect(s.constant(of: lower) == 0)
        #expect(approxEqual(s.value(x), 3))
        try s.setConstant(lower, to: -7)  // x >= 7 is fine
        #expect(approxEqual(s.value(x), 7))
        #expect(s.constant(of: lower) == -7)
    }

    @Test func constantOnlyRequiredConstraint() throws {
        let s = Solver()
        _ = s.makeVariable("x")
        // 5 == 0 cannot hold whatever else is installed: an empty conflict.
        let never = Constraint(expr([], 5), .equal)
        #expect(throws: SolverError.unsatisfiable(conflict: [])) { try s.add(never) }
        // −1 <= 0 always holds.
        let always = Constraint(expr([], -1), .lessThanOrEqual)
        try s.add(always)
        #expect(s.contains(always))
    }

    @Test func optionalConstraintsNeverConflict() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.add(cn([(x, 1)], -10, .greaterThanOrEqual))
        let c = cn([(x, 1)], -5, .lessThanOrEqual, 999.999)
        try s.add(c)
        #expect(approxEqual(s.value(x), 10))
        #expect(objectiveMatches(s.objective(), [(999.999, 5)]))
        try s.setConstant(c, to: 100)  // x <= −100 @999.999: pays 110
        #expect(objectiveMatches(s.objective(), [(999.999, 110)]))
    }
}
