// Installing constraints (removing them: Remove.swift).

extension Solver {
    /// Installs `constraint`. Throws `.unsatisfiable` (with an irreducible conflict) when it
    /// cannot hold together with the required constraints already installed,
    /// `.duplicateConstraint` when it is installed already (here or in another solver),
    /// `.nonFiniteNumber` for a coefficient or constant that is not finite,
    /// `.unknownVariable` for a variable this solver did not make, and
    /// `.invalidPriority` for a priority outside (0, 1000]; the solver is then exactly as it was.
    public func add(_ constraint: Constraint) throws(SolverError) {
        try add(constraint, constant: constraint.expression.constant)
    }

    /// Installs `constraint` with `constant` in place of its expression's: a constraint
    /// taken out after in-place constant changes goes back as it then stood. Throws as `add(_:)`.
    public func add(_ constraint: Constraint, constant: Double) throws(SolverError) {
        guard !tags.contains(constraint), !tags.isForeign(constraint), !isHeld(constraint) else { throw .duplicateConstraint }
        try insert(constraint.expression, Shape(constraint), constant: constant, constraint: constraint)
    }

    /// Installs `expression (relation) 0` at `priority` (with `below`: an equality held softly
    /// from each side, as `Constraint(_:equalAbove:below:)`) exactly as `add(_:constant:)`
    /// installs the same constraint, but makes no constraint object and keeps no record of
    /// it: it cannot be removed, changed or named in a conflict (a conflict throws
    /// `.unsatisfiable` with no members). For a system built once and read once, such as a
    /// one-shot layout's: a constraint object and its record cost more than its row. Throws as
    /// `add(_:)` (but never `.duplicateConstraint`).
    public func addAnonymous(_ expression: Expression, _ relation: Relation, priority: Double, below: Double? = nil,
                             constant: Double) throws(SolverError) {
        try insert(expression, Shape(relation: relation, priority: priority, priorityBelow: below ?? priority),
                   constant: constant, constraint: nil)
    }

    /// What installing a constraint needs beside its expression.
    struct Shape {
        let relation: Relation
        let priority: Double
        let priorityBelow: Double
        var isRequired: Bool { priority >= Priority.required }
        init(relation: Relation, priority: Double, priorityBelow: Double) {
            self.relation = relation; self.priority = priority; self.priorityBelow = priorityBelow
        }
        init(_ c: Constraint) { self.init(relation: c.relation, priority: c.priority, priorityBelow: c.priorityBelow) }
    }

    /// `add`, for a constraint object (recorded, explained in conflicts) or none (anonymous).
    private func insert(_ expression: Expression, _ shape: Shape, constant: Double, constraint: Constraint?) throws(SolverError) {
        try validate(expression, shape)
        guard constant.isFinite else { throw .nonFiniteNumber }

        definitions.invalidate()
        faceVersion &+= 1
        installed += 1
        // An optional bound on one variable waits for the rest of its run (HeldBounds.swift).
        if hold(expression, shape, constant: constant, constraint: constraint) { return }
        // What is held goes in first if this one shares a variable with it (installed after,
        // it would be the other way round for their pivots); otherwise it waits on, so that
        // optional constraints written each after a required one still make one run.
        if !held.isEmpty && sharesHeldVariable(expression) { settle() }
        // The row as written: variables stay variables (definitions expand only if needed).
        // Room for the terms plus the two symbols `makeTag` adds: one allocation per array
        // at most.
        var row = tableau.freshRow(constant: constant, capacity: expression.terms.count + 2)
        // An index loop: `for x in array` copies the array into its iterator, a retain and a
        // release per loop (so also in the other loops each add runs).
        for i in expression.terms.indices where !nearZero(expression.terms[i].coefficient) {
            row.add(Symbol(expression.terms[i].variable.id), expression.terms[i].coefficient)
        }
        try insert(consume row, shape, constant: constant, constraint: constraint, order: installed)
    }

    /// Installs the row as written (terms only) of a validated constraint that is `order`-th
    /// in installation order.
    func insert(_ written: consuming Row, _ shape: Shape, constant: Double, constraint: Constraint?, order: Int) throws(SolverError) {
        var row = consume written
        // An anonymous constraint's symbols are owned all the same (ambiguity asks whether a
        // symbol belongs to a constraint): `makeTag` marks them so.
        var tag = makeTag(shape, constant: constant, owner: constraint, into: &row)
        tag.constant = constant
        tag.order = order
        if let constraint { tags[constraint] = tag }

        pivotLog = []
        defer { pivotLog = nil }
        // Handed over, not shared: a row defining a variable is then solved in place.
        if let failure = install(consume row, tag: tag) {
            undoAdd(tag, of: constraint)
            guard explainsConflicts, let constraint else { throw .unsatisfiable(conflict: []) }
            throw .unsatisfiable(conflict: explain(failure, adding: constraint, constant: constant))
        }
        optimize()
        // Rows a substitution left a hair below zero need no repair; forget them.
        infeasible.emptyKeepingCapacity()
    }

    func validate(_ expression: Expression, _ shape: Shape) throws(SolverError) {
        func check(_ p: Double) throws(SolverError) {
            guard p.isFinite, p > 0 && p <= Priority.required else { throw .invalidPriority(p) }
        }
        try check(shape.priority)
        try check(shape.priorityBelow)
        // An equality held softly from each side is optional on both.
        if shape.priorityBelow != shape.priority {
            guard shape.relation == .equal, !shape.isRequired else { throw .invalidPriority(shape.priority) }
            guard shape.priorityBelow < Priority.required else { throw .invalidPriority(shape.priorityBelow) }
        }
        guard expression.constant.isFinite else { throw .nonFiniteNumber }
        for term in expression.terms {
            guard term.coefficient.isFinite else { throw .nonFiniteNumber }
            guard isKnown(term.variable) else { throw .unknownVariable(term.variable) }
        }
    }

    /// Adds the slack, error or dummy symbols of a constraint of `shape` to its row and the goal.
    /// `owner` nil: of an anonymous constraint.
    func makeTag(_ shape: Shape, constant: Double, owner: Constraint?, into row: inout Row) -> Tag {
        let anonymous = owner == nil
        func newSymbol(_ kind: SymbolKind) -> Symbol { self.newSymbol(kind, owner: owner, anonymous: anonymous) }
        let required = shape.isRequired
        let level = Int32(required ? -1 : goal.level(for: shape.priority))
        switch shape.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sigma: Double = shape.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(slack, sigma)
            var other: Symbol = -1
            if !required {
                other = newSymbol(.error)
                row.add(other, -sigma)
                goal.add(level: Int(level), other, 1)
            }
            return Tag(marker: slack, other: other, sigma: sigma,
                       constant: constant, level: level, otherLevel: level)
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                row.add(dummy, 1)
                return Tag(marker: dummy, other: -1, sigma: 1,
                           constant: constant, level: level, otherLevel: level)
            }
            // expression = plus - minus: plus measures the excess (at `priority`), minus the
            // shortfall (at `priorityBelow`, the same level but for a two-sided soft equality).
            let below = shape.priorityBelow == shape.priority
                ? level : Int32(goal.level(for: shape.priorityBelow))
            let plus = newSymbol(.error)
            let minus = newSymbol(.error)
            row.add(plus, -1)
            row.add(minus, 1)
            goal.add(level: Int(level), plus, 1)
            goal.add(level: Int(below), minus, 1)
            return Tag(marker: plus, other: minus, sigma: -1,
                       constant: constant, level: level, otherLevel: below)
        }
    }

    /// What made an operation fail: the row (by basic symbol, or the new row itself) whose
    /// coefficients on constraint markers locate the conflicting required constraints.
    struct Failure {
        var row: Row
        var basic: Symbol?
    }

    /// Puts the new row in: as the definition of a free variable if it has one, else into
    /// the restricted tableau. Returns a failure when the required constraints cannot hold
    /// with it; the caller then undoes.
    func install(_ written: consuming Row, tag: Tag) -> Failure? {
        // A free variable of the row as written, cheapest first, if that closes no cycle.
        if let x = freeSubject(written) {
            define(x, from: consume written)
            return nil
        }
        var row = expand(written)
        // The row as written is spent: its storage serves the next fresh row
        // (`Tableau.freshRow`), so building rows does not allocate for each.
        tableau.recycle(consume written)
        // The free variable of the expanded row with the fewest references (the first of equals).
        var free: Symbol = -1
        for i in row.cells.indices where tableau.kinds[Int(row.cells[i].symbol)] == .external {
            let s = row.cells[i].symbol
            if free < 0 || definitions.referencedBy[Int(s)].count < definitions.referencedBy[Int(free)].count { free = s }
        }
        if free >= 0 {
            define(free, from: consume row)
            return nil
        }
        if row.constant < 0 { row.negate() }
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            tableau.insertRow(consume row, basic: subject)
            return nil
        }
        if let subject = dualSubject(row, tag) ?? dualEntering(&row) {
            return installWithDualSimplex(consume row, subject: subject, tag: tag)
        }
        // No symbol can take the row to zero. At zero it already holds (a redundant required
        // equality, or one whose other coefficients are dust): its dummy becomes basic there.
        // Otherwise the row is the proof that it cannot hold.
        if !nearZero(row.constant) { return Failure(row: row, basic: nil) }
        row.solve(for: tag.marker)
        substitute(tag.marker, row)
        tableau.insertRow(consume row, basic: tag.marker)
        return nil
    }

    /// For a required row with no feasible subject: a restricted symbol whose reduced cost is
    /// zero at every level (its own slack for an inequality), shortest column first. Making
    /// it basic leaves the objective untouched, so the tableau stays dual feasible and the
    /// dual simplex can restore feasibility; no artificial phase, whose pivots would walk the
    /// widest columns of the tableau.
    func dualSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if tableau.kinds[Int(tag.marker)] == .slack { return tag.marker }
        var best: Symbol = -1
        var bestLength = Int.max
        for i in row.cells.indices {
            let s = row.cells[i].symbol
            let kind = tableau.kinds[Int(s)]
            guard kind == .slack || kind == .error, goal.sign(s) == 0, goal.isZero(s) else { continue }
            let length = tableau.columnLength(s)
            if length < bestLength { best = s; bestLength = length }
        }
        return best >= 0 ? best : nil
    }

    /// For a required equality whose restricted symbols all have a cost: the one the dual
    /// simplex's ratio test picks (least cost per unit, lexicographically, among those with a
    /// negative coefficient, which reach zero from the row's nonnegative constant). Solving
    /// for it keeps every reduced cost nonnegative, so the dual simplex restores feasibility;
    /// a phase with an artificial variable, far dearer, is never needed. With a zero constant either sign reaches zero: the row is
    /// negated if only that offers a symbol. Nil when no symbol can: the row then proves the
    /// constraint cannot hold (its symbols are nonnegative and only raise it above zero), or
    /// holds already at zero.
    func dualEntering(_ row: inout Row) -> Symbol? {
        func entering(_ row: Row) -> Symbol? {
            var best: Symbol = -1
            var bestCoefficient = 0.0
            for i in row.cells.indices {
                let cell = row.cells[i]
                guard cell.coefficient < -epsilon && tableau.kinds[Int(cell.symbol)] != .dummy else { continue }
                let a = -cell.coefficient
                if best < 0 || goal.ratioLess(cell.symbol, a, best, bestCoefficient) {
                    best = cell.symbol
                    bestCoefficient = a
                }
            }
            return best >= 0 ? best : nil
        }
        if let s = entering(row) { return s }
        guard nearZero(row.constant) else { return nil }
        // Exactly zero first: a hair above it, negated, would make the new basic value a
        // hair below zero, which a small coefficient can stretch past epsilon.
        row.constant = 0
        row.negate()
        if let s = entering(row) { return s }
        row.negate()
        return nil
    }

    /// Installs `row` solved for `subject`, then repairs feasibility with the dual simplex.
    func installWithDualSimplex(_ row: consuming Row, subject: Symbol, tag: Tag) -> Failure? {
        var row = consume row
        row.solve(for: subject)
        substitute(subject, row)
        let negative = row.constant < 0
        tableau.insertRow(consume row, basic: subject)
        insertedSubject = subject
        if negative { infeasible.append(subject) }
        guard let failing = dualOptimize() else {
            insertedSubject = nil
            return nil
        }
        return Failure(row: tableau.row(of: failing) ?? Row(constant: 0), basic: failing)
    }

    /// The free variable of `row` (as written) to define from it: fewest references first,
    /// skipping any whose definition would close a cycle.
    func freeSubject(_ row: Row) -> Symbol? {
        var best: Symbol = -1
        var count = 0
        for i in row.cells.indices where tableau.kinds[Int(row.cells[i].symbol)] == .external && !definitions.isDefined(row.cells[i].symbol) {
            let s = row.cells[i].symbol
            count += 1
            if best < 0 || definitions.referencedBy[Int(s)].count < definitions.referencedBy[Int(best)].count { best = s }
        }
        if best < 0 { return nil }
        if !wouldCycle(defining: best, from: row) { return best }
        if count == 1 { return nil }
        return freeSubject(row, otherThan: best)
    }

    /// The rare rest of `freeSubject`, apart: its closures would otherwise make the common
    /// path retain and release the row's cells on every call.
    private func freeSubject(_ row: Row, otherThan best: Symbol) -> Symbol? {
        let rest = row.symbols.filter { $0 != best && tableau.kinds[Int($0)] == .external && !definitions.isDefined($0) }
            .sorted { definitions.referencedBy[Int($0)].count < definitions.referencedBy[Int($1)].count }
        return rest.first { !wouldCycle(defining: $0, from: row) }
    }

    /// Makes free variable `x` defined by the equation `0 = row`.
    func define(_ x: Symbol, from row: consuming Row) {
        var def = consume row
        def.solve(for: x)
        definitions.define(x, consume def)
    }

    /// Rolls back a failed add: pivots, the inserted row, the objective terms and the tag.
    func undoAdd(_ tag: Tag, of constraint: Constraint?) {
        if let log = pivotLog { undoPivots(log) }
        // A row installed for the dual simplex: pivoting the new marker in for its subject is
        // the exact inverse of the installation; then the marker's row goes.
        if let subject = insertedSubject {
            let saved = pivotLog
            pivotLog = nil
            if subject != tag.marker { pivot(entering: tag.marker, leaving: subject) }
            _ = tableau.removeRow(basic: tag.marker)
            pivotLog = saved
            insertedSubject = nil
        }
        if tag.level >= 0 {
            for s in tag.symbols where tableau.kinds[Int(s)] == .error {
                goal.add(level: tag.level(of: s), s, -1)
            }
        }
        infeasible.removeAll()
        if let constraint { tags[constraint] = nil }
    }

    /// For a row of restricted symbols only: one of the constraint's own new symbols that can
    /// be solved for while staying feasible (kiwi's rule).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        for s in tag.symbols {
            let kind = tableau.kinds[Int(s)]
            if (kind == .slack || kind == .error) && row.coefficient(of: s) < 0 { return s }
        }
        return nil
    }
}
