extension Solver {
    /// Every table indexed by symbol, element by element: for tests that compare two solvers
    /// (a reflection of the solver cannot read these noncopyable tables).
    func symbolTables() -> String {
        settle()
        let owners = (0..<owner.count).map { s in "\(owner[s] == nil ? "-" : "owned")\(ownedAnonymously[s] ? " anonymously" : "")" }
        return ["tableau: " + tableau.describeSymbols(), "definitions: " + definitions.describeSymbols(),
                "goal: " + goal.describeSymbols(), "owners: " + owners.joined(separator: ", ")].joined(separator: "\n")
    }

    /// Counters plus the current size of the tableau and the definitions.
    public func currentStatistics() -> Statistics {
        settle()
        var s = statistics
        s.rowCount = 0
        s.rowCells = 0
        for slot in tableau.rows.indices where tableau.basicOf[slot] >= 0 {
            s.rowCount += 1
            s.rowCells += tableau.rows[slot].symbols.count
            s.longestRow = max(s.longestRow, tableau.rows[slot].symbols.count)
        }
        for sym in tableau.kinds.indices {
            s.longestColumn = max(s.longestColumn, tableau.slots(containing: Symbol(sym)).count)
        }
        s.definitionCells = 0
        definitions.rows.withReader { defs in
            definitions.rows.forEachDefinedSymbol { s.definitionCells += defs.cellCount(Int($0)) }
        }
        return s
    }

    /// A text dump of the tableau and objective, for debugging and test failure messages.
    public func dump() -> String {
        settle()
        func name(_ s: Symbol) -> String {
            let k = tableau.kinds[Int(s)]
            switch k {
            case .external: return "x\(s)"
            case .slack: return "s\(s)"
            case .error: return "e\(s)"
            case .dummy: return "d\(s)"
            }
        }
        var out = ""
        for slot in tableau.rows.indices where tableau.basicOf[slot] >= 0 {
            let r = tableau.rows[slot]
            out += "\(name(tableau.basicOf[slot])) = \(r.constant)"
            for i in r.symbols.indices { out += " + \(r.coefficients[i])*\(name(r.symbols[i]))" }
            out += "\n"
        }
        for l in goal.priorities.indices.sorted(by: { goal.priorities[$0] > goal.priorities[$1] }) {
            out += "goal@\(goal.priorities[l]):"
            for s in 0..<goal.symbolCount where goal.coefficient(level: l, Symbol(s)) != 0 {
                out += " \(goal.coefficient(level: l, Symbol(s)))*\(name(Symbol(s)))"
            }
            out += "\n"
        }
        return out
    }
}
