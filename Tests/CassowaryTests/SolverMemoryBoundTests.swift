// Issue #13 item 1: a thousand distinct priorities on one variable (`w >= i @(1 + i % 999)`)
// must not cost memory out of proportion to the system. Two structures grew with the work
// instead of the system: the objective (a dense row per priority level: levels x symbols)
// and the column index (entries for cells removed again, never swept from the lists of
// symbols that are seldom substituted: 10 million entries for 3,000 constraints).
import Testing
@testable import Cassowary

@Suite struct SolverMemoryBoundTests {
    @Test func manyPriorityLevelsKeepTheIndexesInProportion() throws {
        let s = Solver()
        let w = s.makeVariable()
        let n = 2_000
        for i in 0..<n {
            try s.add(Constraint(Expression([(w, 1)], constant: -Double(i)), .greaterThanOrEqual, priority: Double(1 + i % 999)))
        }
        // The answer: the highest priority's bound, n - 1 (every bound is below it).
        #expect(s.value(w) == Double(n - 1))
        let symbols = s.symbolCount
        let liveCells = s.tableau.rows.indices.filter { s.tableau.basicOf[$0] >= 0 }.reduce(0) { $0 + s.tableau.rows[$1].cells.count }
        let entries = s.tableau.columns.withUnsafeBufferPointer { $0.reduce(0) { $0 + $1.count } }
        // Swept: at most eight times what was live at the last sweep, plus the sweep's slack
        // (unswept, the lists hold 4 million entries here).
        #expect(entries <= 8 * (liveCells + symbols) + 8 * symbols + Tableau.minimumSweep,
                "column index holds \(entries) entries for \(liveCells) live cells")
        #expect(s.tableau.columnEntries == entries)
        // The objective holds a symbol's costs only where they are not zero: a handful each,
        // not one per level (999 levels x 4,000 symbols dense).
        var costs = 0
        for x in 0..<symbols { for l in 0..<s.goal.priorities.count where s.goal.coefficient(level: l, Symbol(x)) != 0 { costs += 1 } }
        #expect(s.goal.priorities.count == 999)
        #expect(costs < 4 * symbols, "\(costs) objective entries for \(symbols) symbols")
    }
}
