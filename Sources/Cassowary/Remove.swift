// Removing constraints (installing them: Add.swift).

extension Solver {
    /// Uninstalls `constraint` and re-optimises. Throws `.unknownConstraint` when it is not
    /// installed here (nothing changes then).
    public func remove(_ constraint: Constraint) throws(SolverError) {
        settle()
        guard let tag = tags.remove(constraint) else { throw .unknownConstraint }
        definitions.invalidate()
        faceVersion &+= 1
        if tag.level >= 0 {
            for s in tag.symbols where tableau.kinds[Int(s)] == .error {
                let level = tag.level(of: s)
                if let row = tableau.row(of: s) {
                    for cell in row.cells { goal.add(level: level, cell.symbol, -cell.coefficient) }
                } else {
                    goal.add(level: level, s, -1)
                }
            }
        }
        eliminate(tag)
        // Whatever is left of this constraint's symbols is numerical dust: sweep it.
        for s in tag.symbols {
            if tableau.isBasic(s) { _ = tableau.removeRow(basic: s) }
            for slot in tableau.slots(containing: s) { tableau.removeCell(slot: slot, s) }
            for x in definitions.definitions(mentioning: s) { _ = definitions.removeCell(x, s) }
            goal.clear(s)
            owner[Int(s)] = nil
            ownedAnonymously[Int(s)] = false
        }
        optimize()
    }

    /// Takes the constraint's equation out of the system. Exactly one row or definition
    /// still carries it once its marker (or other error) is basic, or, failing a restricted
    /// row to pivot into, once a definition is solved for the marker; that one is dropped
    /// after substituting it wherever the symbol remains.
    func eliminate(_ tag: Tag) {
        var basic: Symbol?
        if tableau.isBasic(tag.marker) {
            basic = tag.marker
        } else if tag.other >= 0 && tableau.isBasic(tag.other) {
            basic = tag.other
        } else if let leaving = markerLeavingRow(tag.marker) {
            pivot(entering: tag.marker, leaving: leaving)
            basic = tag.marker
        }
        if let t = basic, let row = tableau.removeRow(basic: t) {
            substituteInDefinitions(t, row)
            tableau.recycle(consume row)
            return
        }
        // Only definitions mention the marker: solve one for it; that variable turns free.
        // The one solved is a user that refers to no other user (the last in topological
        // order): then what replaces the marker cannot lead back to any definition it lands
        // in, and no cycle can form.
        // The users in the index's order, not a set's: a set's order follows its storage
        // address, and which user is solved here shapes every later pivot.
        let users = Array(definitions.definitions(mentioning: tag.marker))
        let mentioning = Set(users)
        if let x = definitionOrder(from: users).last(where: { mentioning.contains($0) }),
           var def = definitions.undefine(x) {
            def.solve(x, for: tag.marker)
            substituteInDefinitions(tag.marker, def)
        }
    }

    /// Replaces `symbol` by `row` in every definition that mentions it.
    func substituteInDefinitions(_ symbol: Symbol, _ row: Row) {
        for x in definitions.definitions(mentioning: symbol) {
            let c = definitions.removeCell(x, symbol)
            if c == 0 { continue }
            definitions.addConstant(x, c * row.constant)
            for i in row.cells.indices { definitions.addCell(x, row.cells[i].symbol, c * row.cells[i].coefficient) }
        }
    }

    /// Which row to pivot the marker of a constraint being removed into, keeping the
    /// tableau feasible: a row of a basic dummy (a required equality held redundantly,
    /// whose row must stay at zero: its constant is zero, so no other row moves), else the
    /// tightest row where it has a negative coefficient, else the tightest where it has a
    /// positive one. (Pivoting into another row first would move a dummy row's constant
    /// off zero: an equality silently broken.)
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r1: Symbol = -1, r2: Symbol = -1
        var ratio1 = Double.infinity, ratio2 = Double.infinity
        for slot in tableau.slots(containing: marker) {
            let basic = tableau.basicOf[Int(slot)]
            let row = tableau.rows[Int(slot)]
            let c = row.coefficient(of: marker)
            if tableau.kinds[Int(basic)] == .dummy && !nearZero(c) { return basic }
            if c < 0 {
                let r = -row.constant / c
                if r < ratio1 { ratio1 = r; r1 = basic }
            } else {
                let r = row.constant / c
                if r < ratio2 { ratio2 = r; r2 = basic }
            }
        }
        if r1 >= 0 { return r1 }
        return r2 >= 0 ? r2 : nil
    }
}
