// Issue #40 item 3: optional bounds on one quantity, added in a run, are held and installed
// deciding ones first (HeldBounds.swift), so N of them at distinct priorities cost N log N,
// not N^2. Pivots are counted (deterministic), never times. Their answers are checked
// against the oracle by the property tests ("runs of bounds").
import Testing
@testable import Cassowary

@Suite struct HeldBoundsTests {
    /// `w >= i` for i in 0..<n at priorities in three orders: rising with i, falling with i
    /// (installed as written, each bound moved `w` and rewrote every row before: n pivots of
    /// n cells), and cycling through 999 levels (the shape).
    @Test(arguments: ["rising", "falling", "cycling"])
    func manyLowerBoundsPivotAFewTimes(_ order: String) throws {
        let s = Solver()
        let w = s.makeVariable()
        let n = 4_000
        for i in 0..<n {
            let p = switch order {
            case "rising": 1 + Double(i) * 998 / Double(n)
            case "falling": 999 - Double(i) * 998 / Double(n)
            default: Double(1 + i % 999)
            }
            try s.add(Constraint(Expression([(w, 1)], constant: -Double(i)), .greaterThanOrEqual, priority: p))
        }
        #expect(s.constraintCount == n)
        #expect(s.value(w) == Double(n - 1))
        #expect(s.statistics.pivots < 10, "\(s.statistics.pivots) pivots")
        #expect(s.ambiguous([w]) == [w], "nothing bounds w from above")
    }

    /// Lower and upper bounds on one quantity of two variables (`x + w`, a view's right
    /// edge), the highest priority's window deciding: the value is where the strongest
    /// bounds leave it, found with a handful of pivots.
    @Test func boundsOnBothSidesOfAMixOfTwoVariables() throws {
        let s = Solver()
        let x = s.makeVariable(), w = s.makeVariable()
        try s.add(Constraint(Expression([(x, 1)], constant: -10), .equal))  // x == 10
        let n = 3_000
        for i in 0..<n {
            // right >= i and right <= 5000 - i, both at falling priorities, each lower
            // bound a little above the upper bound of the same i.
            let f = Double(i) / Double(n)
            try s.add(Constraint(Expression([(x, 1), (w, 1)], constant: -Double(i)), .greaterThanOrEqual, priority: 999 - 998 * f))
            try s.add(Constraint(Expression([(x, 2), (w, 2)], constant: -2 * (5_000 - Double(i))), .lessThanOrEqual, priority: 998.9 - 998 * f))
        }
        // Priority by priority the window [i, 5000 - i] narrows until it closes at 2500.
        let right = s.value(x) + s.value(w)
        #expect(abs(right - 2_500) < 1e-6, "right = \(right)")
        #expect(s.statistics.pivots < 50, "\(s.statistics.pivots) pivots")
    }

    /// Bounds written each after a required constraint on other variables (a view's width
    /// bounded, its top pinned, in turn) still make one run: the required ones go in past
    /// what is held, which waits for a constraint that shares a variable with it.
    @Test func requiredConstraintsOnOtherVariablesDoNotBreakARun() throws {
        let s = Solver()
        let w = s.makeVariable(), y = s.makeVariable()
        let n = 3_000
        for i in 0..<n {
            try s.add(Constraint(Expression([(w, 1)], constant: -Double(i)), .greaterThanOrEqual, priority: 999 - Double(i) * 998 / Double(n)))
            try s.add(Constraint(Expression([(y, 1)], constant: -5), .equal))
        }
        #expect(s.value(w) == Double(n - 1) && s.value(y) == 5)
        #expect(s.statistics.pivots < 10, "\(s.statistics.pivots) pivots")
    }

    /// A held constraint is known (`contains`, a second add is a duplicate, here or in another
    /// solver) before anything is installed, and is installed by the first read.
    @Test func aHeldConstraintIsKnownBeforeItIsInstalled() throws {
        let s = Solver(), other = Solver()
        let w = s.makeVariable()
        _ = other.makeVariable()
        let c = Constraint(Expression([(w, 1)], constant: -5), .greaterThanOrEqual, priority: 500)
        try s.add(c)
        #expect(s.contains(c) && s.constraintCount == 1)
        #expect(throws: SolverError.duplicateConstraint) { try s.add(c) }
        #expect(throws: SolverError.duplicateConstraint) { try other.add(c) }
        #expect(s.value(w) == 5)
        try s.remove(c)
        #expect(!s.contains(c))
        try other.add(c)
        #expect(other.contains(c))
    }

    /// A solver emptied or gone while it holds constraints lets them go: they can be added
    /// elsewhere (their slot no longer says "held here").
    @Test func heldConstraintsOfAnEmptiedOrGoneSolverAreFree() throws {
        let c = Constraint(Expression([(Variable(id: 0), 1)], constant: -5), .greaterThanOrEqual, priority: 500)
        do {
            let s = Solver()
            _ = s.makeVariable()
            try s.add(c)
            s.reset()
            _ = s.makeVariable()
            try s.add(c)
            #expect(s.value(Variable(id: 0)) == 5)
            try s.remove(c)
            try s.add(c)  // held again, then the solver goes away
        }
        let t = Solver()
        _ = t.makeVariable()
        try t.add(c)
        #expect(t.value(Variable(id: 0)) == 5)
    }

    /// Installed in another order, they keep their place in installation order.
    @Test func heldConstraintsKeepTheirInstallationOrder() throws {
        let s = Solver()
        let w = s.makeVariable()
        let cs = (0..<5).map { Constraint(Expression([(w, 1)], constant: -Double($0)), .greaterThanOrEqual, priority: Double(100 - $0)) }
        for c in cs { try s.add(c) }
        #expect(s.installedConstraints().map(ObjectIdentifier.init) == cs.map(ObjectIdentifier.init))
    }
}
