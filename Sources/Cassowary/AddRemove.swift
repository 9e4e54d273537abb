// Installing and removing constraints.

extension Solver {
    /// Installs `constraint`. Throws `.unsatisfiable` (with an irreducible conflict) when it
    /// cannot hold together with the required constraints already installed; the solver is
    /// then exactly as it was.
    public func add(_ constraint: Constraint) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        guard tags[id] == nil else { throw .duplicateConstraint }
        try validate(constraint)

        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let s = Symbol(term.variable.id)
            if let basicRow = tableau.row(of: s) {
                row.constant += term.coefficient * basicRow.constant
                for i in basicRow.symbols.indices {
                    _ = row.add(basicRow.symbols[i], term.coefficient * basicRow.coefficients[i])
                }
            } else {
                _ = row.add(s, term.coefficient)
            }
        }

        var tag = makeTag(for: constraint, into: &row)
        installed += 1
        tag.order = installed
        if row.constant < 0 { row.negate() }
        tags[id] = tag

        pivotLog = []
        defer { pivotLog = nil }
        if let failure = install(row, tag: tag) {
            undoAdd(tag)
            throw .unsatisfiable(conflict: explainsConflicts ? explain(failure, adding: constraint) : [])
        }
        optimize()
        // Rows a substitution left a hair below zero need no repair; forget them.
        infeasible.removeAll(keepingCapacity: true)
    }

    func validate(_ constraint: Constraint) throws(SolverError) {
        let p = constraint.priority
        guard p.isFinite else { throw .invalidPriority(p) }
        guard p > 0 && p <= Priority.required else { throw .invalidPriority(p) }
        guard constraint.expression.constant.isFinite else { throw .nonFiniteNumber }
        for term in constraint.expression.terms {
            guard term.coefficient.isFinite else { throw .nonFiniteNumber }
            guard isKnown(term.variable) else { throw .unknownVariable(term.variable) }
        }
    }

    /// Adds the slack, error or dummy symbols of `constraint` to its row and the goal.
    func makeTag(for constraint: Constraint, into row: inout Row) -> Tag {
        let required = constraint.isRequired
        let level = required ? -1 : goal.level(for: constraint.priority)
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sigma: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack, owner: constraint)
            _ = row.add(slack, sigma)
            var other: Symbol = -1
            if !required {
                other = newSymbol(.error, owner: constraint)
                _ = row.add(other, -sigma)
                goal.add(level: level, other, 1)
            }
            return Tag(constraint: constraint, marker: slack, other: other, sigma: sigma,
                       constant: constraint.expression.constant, level: level)
        case .equal:
            if required {
                let dummy = newSymbol(.dummy, owner: constraint)
                _ = row.add(dummy, 1)
                return Tag(constraint: constraint, marker: dummy, other: -1, sigma: 1,
                           constant: constraint.expression.constant, level: level)
            }
            let plus = newSymbol(.error, owner: constraint)
            let minus = newSymbol(.error, owner: constraint)
            _ = row.add(plus, -1)
            _ = row.add(minus, 1)
            goal.add(level: level, plus, 1)
            goal.add(level: level, minus, 1)
            return Tag(constraint: constraint, marker: plus, other: minus, sigma: -1,
                       constant: constraint.expression.constant, level: level)
        }
    }

    /// What made an operation fail: the row (as basic symbol, or the artificial row) whose
    /// coefficients on constraint markers locate the conflicting required constraints.
    struct Failure {
        var row: Row
        var basic: Symbol?
    }

    /// Puts the new row into the tableau. Returns a failure when the required constraints
    /// cannot hold with it; the caller then undoes.
    func install(_ row: Row, tag: Tag) -> Failure? {
        var row = row
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            tableau.insertRow(row, basic: subject)
            return nil
        }
        if row.symbols.allSatisfy({ tableau.kinds[Int($0)] == .dummy }) {
            if !nearZero(row.constant) { return Failure(row: row, basic: nil) }
            // A redundant required equality: its dummy becomes basic at zero.
            row.solve(for: tag.marker)
            substitute(tag.marker, row)
            tableau.insertRow(row, basic: tag.marker)
            return nil
        }
        return installWithArtificial(row)
    }

    /// Phase one with an artificial variable, for rows that offer no feasible subject.
    func installWithArtificial(_ row: Row) -> Failure? {
        let art = newSymbol(.slack, owner: nil)
        artificialSymbol = art
        tableau.insertRow(row, basic: art)
        artificial = row
        let reachedZero = optimizeArtificial()
        let finalArtificial = artificial ?? row
        artificial = nil
        if !reachedZero {
            // The artificial variable is basic with a positive value: report, then let the
            // caller undo the pivots and drop its row.
            return Failure(row: finalArtificial, basic: nil)
        }
        artificialSymbol = nil
        if let artRow = tableau.removeRow(basic: art) {
            if !artRow.symbols.isEmpty {
                let entering = artRow.symbols.first { tableau.kinds[Int($0)] != .dummy }
                    ?? artRow.symbols[0]
                var r = artRow
                r.solve(art, for: entering)
                substitute(entering, r)
                tableau.insertRow(r, basic: entering)
            }
        }
        // The artificial symbol is now nonbasic; erase it wherever it is left.
        for slot in tableau.slots(containing: art) { tableau.rows[Int(slot)].remove(art) }
        for l in goal.coefficients.indices { goal.coefficients[l][Int(art)] = 0 }
        return nil
    }

    /// Rolls back a failed add: pivots, the artificial row, the objective terms and the tag.
    func undoAdd(_ tag: Tag) {
        if let log = pivotLog { undoPivots(log) }
        // After undoing, the artificial variable (if any) is basic again in its first row.
        if let art = artificialSymbol {
            _ = tableau.removeRow(basic: art)
            artificialSymbol = nil
        }
        if tag.level >= 0 {
            for s in [tag.marker, tag.other] where s >= 0 && tableau.kinds[Int(s)] == .error {
                goal.add(level: tag.level, s, -1)
            }
        }
        infeasible.removeAll()
        tags[ObjectIdentifier(tag.constraint)] = nil
    }

    /// kiwi's rule with a better external: the one whose column is shortest, so that
    /// substitution touches the fewest rows and rows stay sparse.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: Symbol = -1
        var bestCost = Int.max
        for s in row.symbols where tableau.kinds[Int(s)] == .external {
            let cost = tableau.columnLength(s)
            if cost < bestCost { best = s; bestCost = cost }
        }
        if best >= 0 { return best }
        for s in [tag.marker, tag.other] where s >= 0 {
            let kind = tableau.kinds[Int(s)]
            if (kind == .slack || kind == .error) && row.coefficient(of: s) < 0 { return s }
        }
        return nil
    }

    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknownConstraint }
        if tag.level >= 0 {
            for s in [tag.marker, tag.other] where s >= 0 && tableau.kinds[Int(s)] == .error {
                if let row = tableau.row(of: s) {
                    for i in row.symbols.indices { goal.add(level: tag.level, row.symbols[i], -row.coefficients[i]) }
                } else {
                    goal.add(level: tag.level, s, -1)
                }
            }
        }
        // Drop the one row that still involves this constraint's equation: the marker's or
        // the other error's if either is basic (no other row can then mention them),
        // otherwise pivot the marker in first.
        if tableau.removeRow(basic: tag.marker) == nil,
           tag.other < 0 || tableau.removeRow(basic: tag.other) == nil,
           let leaving = markerLeavingRow(tag.marker),
           var row = tableau.removeRow(basic: leaving) {
            row.solve(leaving, for: tag.marker)
            substitute(tag.marker, row)
        }
        // Whatever is left of this constraint's symbols is numerical dust: sweep it.
        for s in [tag.marker, tag.other] where s >= 0 {
            if tableau.isBasic(s) { _ = tableau.removeRow(basic: s) }
            for slot in tableau.slots(containing: s) { tableau.rows[Int(slot)].remove(s) }
            for l in goal.coefficients.indices { goal.coefficients[l][Int(s)] = 0 }
            owner[Int(s)] = nil
        }
        optimize()
    }

    /// Which row to pivot the marker of a constraint being removed into: a restricted row
    /// first (keeps feasibility), an unrestricted one last.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r1: Symbol = -1, r2: Symbol = -1, r3: Symbol = -1
        var ratio1 = Double.infinity, ratio2 = Double.infinity
        for slot in tableau.slots(containing: marker) {
            let basic = tableau.basicOf[Int(slot)]
            let row = tableau.rows[Int(slot)]
            let c = row.coefficient(of: marker)
            if !tableau.isRestricted(basic) {
                if r3 < 0 { r3 = basic }
            } else if c < 0 {
                let r = -row.constant / c
                if r < ratio1 { ratio1 = r; r1 = basic }
            } else {
                let r = row.constant / c
                if r < ratio2 { ratio2 = r; r2 = basic }
            }
        }
        if r1 >= 0 { return r1 }
        if r2 >= 0 { return r2 }
        return r3 >= 0 ? r3 : nil
    }
}
