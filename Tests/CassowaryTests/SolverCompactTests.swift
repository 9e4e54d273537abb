import Testing
@testable import Cassowary

/// `compact()` gives back spare capacity and changes no value.
@Suite struct SolverCompactTests {
    @Test func compactKeepsValuesAndShrinksRows() throws {
        let s = Solver()
        var vs: [Variable] = []
        for i in 0..<200 { vs.append(s.makeVariable("v\(i)")) }
        for i in 1..<200 { try s.add(Constraint(Expression([(vs[i], 1), (vs[i - 1], -1)], constant: -8), .equal)) }
        for i in 0..<200 { try s.add(Constraint(Expression([(vs[i], 1)], constant: -5), .greaterThanOrEqual, priority: 250)) }
        let before = vs.map { s.value($0) }
        func capacity() -> Int { s.tableau.rows.withUnsafeBufferPointer { $0.reduce(0) { $0 + $1.cells.capacity } } }
        let cells = s.tableau.rows.withUnsafeBufferPointer { $0.reduce(0) { $0 + $1.symbols.count } }
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

    /// Reserving room up front changes nothing but allocation: same values, and the
    /// solver keeps working past the reserved size.
    @Test func reserveCapacityKeepsBehaviour() throws {
        func build(reserve: Bool) throws -> (Solver, [Variable]) {
            let s = Solver()
            if reserve { s.reserveCapacity(variables: 10, constraints: 10) }
            var vs: [Variable] = []
            for _ in 0..<50 { vs.append(s.makeVariable()) }
            for i in 1..<50 { try s.add(Constraint(Expression([(vs[i], 1), (vs[i - 1], -1)], constant: -3), .greaterThanOrEqual)) }
            for i in 0..<50 { try s.add(Constraint(Expression([(vs[i], 1)], constant: -Double(i)), .equal, priority: 100 + Double(i))) }
            return (s, vs)
        }
        let (plain, pv) = try build(reserve: false)
        let (reserved, rv) = try build(reserve: true)
        #expect(pv.map { plain.value($0) } == rv.map { reserved.value($0) })
        reserved.compact()
        reserved.reserveCapacity(variables: 100, constraints: 100)
        try reserved.add(Constraint(Expression([(rv[0], 1)], constant: -7), .equal))
        #expect(abs(reserved.value(rv[49]) - max(49, 7 + 3 * 49)) < 1e-6)
    }
}
