import Testing
@testable import Cassowary

/// `compact()` gives back spare capacity and changes no value.
@Suite struct SolverCompactTests {
    @Test func compactKeepsValuesAndShrinksRows() throws {
        let s = Solver()
        var vs: [Variable] = []
        for i in 0..<200 { vs.append(s.makeVariable("v\(i)")) }
        for i in 1..<200 { try s.add(Constraint(Expression([(vs[i], 1), (vs[i - 1], -1)], constant: -8), .equal)) }
        for i in 0..<200 { try s.add(Constraint(Expression([(vs[i], 1)], constant: -5), .greaterOrEqual, priority: 250)) }
        let before = vs.map { s.value($0) }
        func capacity() -> Int { s.tableau.rows.reduce(0) { $0 + $1.symbols.capacity + $1.coefficients.capacity } }
        let cells = s.tableau.rows.reduce(0) { $0 + $1.symbols.count }
        let loose = capacity()
        s.compact()
        #expect(capacity() < loose)
        #expect(capacity() <= 2 * (cells + cells / 8 + 4 * s.tableau.rows.count))
        #expect(vs.map { s.value($0) } == before)
        // Still a working solver afterwards.
        let pin = Constraint(Expression([(vs[0], 1)], constant: -100), .equal)
        try s.add(pin)
        #expect(abs(s.value(vs[199]) - (100 + 8 * 199)) < 1e-6)
    }
}
