import Cassowary

/// The only places the live layout touches the solver. Each records its inverse in the
/// undo log (when one is open) and keeps the state's entries in step with the solver.
extension LiveLayout {
    /// Adds a constraint. If the required constraints already installed rule it out, it is
    /// kept installed but broken (Auto Layout's recovery: the newest member of a conflict
    /// is the one broken), with the conflict for the diagnostic.
    func install(_ key: ConstraintKey, form: LinearForm, relation: Relation, priority: Double)
        throws(LayoutError) {
        try install(key, Constraint(form.expression, relation.solverRelation, priority: priority), constant: form.constant)
    }

    /// Installs `form == 0` held softly: a violation above costs at `above`, one below at
    /// `below` (both optional; see `Constraint.init(_:equalAbove:below:)`).
    func installSoft(_ key: ConstraintKey, form: LinearForm, above: Double, below: Double) throws(LayoutError) {
        try install(key, Constraint(form.expression, equalAbove: above, below: below), constant: form.constant)
    }

    private func install(_ key: ConstraintKey, _ constraint: Constraint, constant: Double) throws(LayoutError) {
        let seq = state.nextSeq
        state.nextSeq += 1
        var entry = SolverEntry(constraint: constraint, constant: constant, conflict: nil, seq: seq)
        do {
            try solver.add(constraint)
            structureVersion += 1
            if undo != nil { recordSolver { try? $0.remove(constraint) } }
        } catch .unsatisfiable(let conflict) {
            entry.conflict = conflict.filter { $0 !== constraint }
        } catch {
            throw solverFailure(error, key)
        }
        setEntry(entry, for: key)
    }

    /// Takes a constraint out (active or broken). Broken constraints whose conflict it was
    /// part of get another chance at the end of the batch.
    func uninstall(_ key: ConstraintKey) {
        guard let entry = state.entry(key) else { return }
        if !entry.isBroken {
            let constraint = entry.constraint, constant = entry.constant
            try? solver.remove(constraint)
            structureVersion += 1
            recordSolver { solver in
                try? solver.add(constraint)
                if constraint.expression.constant != constant { try? solver.setConstant(constraint, to: constant) }
            }
            markConflictsDirty(containing: constraint)
        }
        setEntry(nil, for: key)
        dirty.remove(key)
    }

    /// Changes a constraint's constant in place (update, setFrame: the hot path, no
    /// remove and re-add). If the new constant makes the required constraints
    /// unsatisfiable, this change is the newest, so this constraint is the one broken.
    func changeConstant(_ key: ConstraintKey, to constant: Double) throws(LayoutError) {
        guard var entry = state.entry(key), entry.constant != constant else { return }
        let old = entry.constraint, oldConstant = entry.constant
        if entry.isBroken {
            entry.constraint = old.withConstant(constant)
            entry.constant = constant
            setEntry(entry, for: key)
            dirty.insert(key)
            return
        }
        do {
            try solver.setConstant(old, to: constant)
        } catch .unsatisfiable(let conflict) {
            try? solver.remove(old)
            structureVersion += 1
            recordSolver { solver in
                try? solver.add(old)
                if old.expression.constant != oldConstant { try? solver.setConstant(old, to: oldConstant) }
            }
            entry.constraint = old.withConstant(constant)
            entry.constant = constant
            entry.conflict = conflict.filter { $0 !== old }
            markConflictsDirty(containing: old)
            setEntry(entry, for: key)
            return
        } catch {
            throw solverFailure(error, key)
        }
        // The hot path (update, setFrame): the entry keeps its constraint and stays active,
        // so only its constant changes, in place, with one undo step for solver and entry.
        state.setEntryConstant(constant, for: key)
        if undo != nil {
            undo?.record { layout in
                try? layout.solver.setConstant(old, to: oldConstant)
                layout.state.setEntryConstant(oldConstant, for: key)
            }
        }
        markConflictsDirty(containing: old)
    }

    /// Adding constraints never heals another one, so one pass suffices.
    func heal() {
        let candidates = dirty.compactMap { key in state.entry(key).map { (key, $0) } }
            .filter { $0.1.isBroken }
            .sorted { $0.1.seq < $1.1.seq }
        dirty.removeAll()
        for (key, var entry) in candidates {
            let constraint = entry.constraint
            do {
                try solver.add(constraint)
                structureVersion += 1
                recordSolver { try? $0.remove(constraint) }
                entry.conflict = nil
            } catch .unsatisfiable(let conflict) {
                entry.conflict = conflict.filter { $0 !== constraint }
            } catch {
                continue  // leave it broken; it will be reported with its old conflict
            }
            setEntry(entry, for: key)
        }
    }

    // MARK: - plumbing

    private func setEntry(_ entry: SolverEntry?, for key: ConstraintKey) {
        guard undo != nil else { return state.setEntry(entry, for: key) }
        let old = state.entry(key)
        state.setEntry(entry, for: key)
        undo?.record { $0.state.setEntry(old, for: key) }
    }

    @inline(__always)
    private func recordSolver(_ inverse: @escaping (Solver) -> Void) {
        guard undo != nil else { return }
        undo?.record { inverse($0.solver) }
    }

    private func markConflictsDirty(containing constraint: Constraint) {
        for key in state.broken where state.entry(key)?.conflict?.contains(where: { $0 === constraint }) == true {
            dirty.insert(key)
        }
    }

    private func solverFailure(_ error: SolverError, _ key: ConstraintKey) -> LayoutError {
        LayoutError(code: "solver-error", message: "the solver refused \(key.id): \(error)",
                    location: location(of: key))
    }
}

extension Constraint {
    /// The same constraint with another constant (for a constraint not in the solver:
    /// a broken one whose constant is edited).
    func withConstant(_ constant: Double) -> Constraint {
        let expression = Expression(terms: expression.terms, constant: constant)
        if priorityBelow != priority { return Constraint(expression, equalAbove: priority, below: priorityBelow, name: name) }
        return Constraint(expression, relation, priority: priority, name: name)
    }
}

extension Layout.Relation {
    var solverRelation: Cassowary.Relation {
        switch self {
        case .equal: return .equal
        case .lessThanOrEqual: return .lessOrEqual
        case .greaterThanOrEqual: return .greaterOrEqual
        }
    }
}
