import Cassowary

/// The only places the live layout touches the solver. Each records its inverse in the
/// undo log (when one is open) and keeps the state's entries in step with the solver.
///
/// Which required constraints are broken follows from the layout as it stands: going
/// through them in add order, each is enforced if it can hold together with the enforced
/// ones before it, and broken otherwise (Auto Layout's recovery; docs/sessions.md,
/// "Conflicts"). A session keeps that true after every batch: edits change the solver
/// in place, and when anything is broken before or after the batch, every required
/// constraint from the oldest one the batch touched on is taken out and put back in add
/// order (`reevaluate`). Constant edits add nothing to the order and move nothing in it.
extension LiveLayout {
    /// Adds a constraint as the newest. If the required constraints enforced before it
    /// rule it out, it is kept installed but broken, with its conflict for the diagnostic.
    func install(_ key: ConstraintKey, form: LinearForm, relation: Relation, priority: Double)
        throws(LayoutError) {
        try install(key, Constraint(form.expression, relation, priority: priority), constant: form.constant)
    }

    func install(_ key: ConstraintKey, _ constraint: Constraint, constant: Double) throws(LayoutError) {
        let seq = state.nextSeq
        state.nextSeq += 1
        try enter(SolverEntry(constraint: constraint, constant: constant, conflict: nil, seq: seq), key)
    }

    /// Puts `entry` in at its seq: enforced, or broken if the required constraints enforced
    /// before it rule it out.
    private func enter(_ entry: SolverEntry, _ key: ConstraintKey) throws(LayoutError) {
        var entry = entry
        touched(entry.seq)
        do {
            try enforce(entry, key)
        } catch .unsatisfiable {
            // In a batch the end-of-batch pass decides (earlier ops may have left the
            // solver off the add order); building a document, the solver holds exactly the
            // enforced constraints before this one.
            entry.conflict = activity.isBatch ? [] : conflict(of: entry)
        } catch {
            throw solverFailure(error, key)
        }
        setEntry(entry, for: key)
    }

    /// The entry under `key`. Read through an inout access: a plain read of `state` around
    /// the lookup's calls copied the whole state (a retain and a release of each of its
    /// tables), on every constant a warm one-shot or an `update` changes.
    @inline(__always) func entry(_ key: ConstraintKey, viewHint: Int = -1) -> SolverEntry? {
        func read(_ state: inout LayoutState) -> SolverEntry? { state.entry(key, viewHint: viewHint) }
        return read(&state)
    }

    /// A read of the registry through an inout access, for the same reason as `entry`: a
    /// plain `state.registry.…` call copied the registry (a reference count for each of its
    /// tables, there and back), three times an `update`.
    @inline(__always) func readRegistry<R>(_ body: (inout Registry) -> R) -> R { body(&state.registry) }

    /// Takes a constraint out (active or broken).
    func uninstall(_ key: ConstraintKey) {
        guard let entry = self.entry(key) else { return }
        touched(entry.seq)
        if !entry.isBroken { release(entry) }
        setEntry(nil, for: key)
    }

    /// Changes a constraint's constant in place (update, setFrame: the hot path, no
    /// remove and re-add). A change the enforced constraints cannot take leaves it broken
    /// for now; the end-of-batch pass then decides in add order which one breaks.
    /// `viewHint`: where the tree may keep the key's view (`ViewTree.slot(_:hint:)`).
    func changeConstant(_ key: ConstraintKey, to constant: Double, viewHint: Int = -1) throws(LayoutError) {
        guard var entry = self.entry(key, viewHint: viewHint), entry.constant != constant else { return }
        let oldConstant = entry.constant
        touched(entry.seq)
        if entry.isBroken {
            entry.constant = constant
            setEntry(entry, for: key)
            return
        }
        do {
            try solver.setConstant(entry.constraint, to: constant)
        } catch .unsatisfiable {
            release(entry)
            entry.constant = constant
            entry.conflict = []
            setEntry(entry, for: key)
            return
        } catch {
            throw solverFailure(error, key)
        }
        drift += 1
        // The hot path: the entry keeps its constraint and stays active, so only its
        // constant changes, in place, with one undo step for solver and entry.
        state.setEntryConstant(constant, for: key, viewHint: viewHint)
        // Asked here, not only in `recordUndo`: its closures were allocated either way, two
        // per constant of a warm one-shot, whose batch records none.
        if activity.isBatch && recordsUndo {
            let c = entry.constraint
            recordUndo(solver: true) { try? $0.solver.setConstant(c, to: oldConstant) }
            recordUndo { $0.state.setEntryConstant(oldConstant, for: key) }
        }
    }

    /// Gives views new intrinsic sizes with one re-optimisation of the solver
    /// (`Solver.setConstants`): a warm one-shot's text sizes, two constants a size (hugging
    /// and compression, installed as `size - I`; a pair held as one sits under the hugging
    /// key alone). Where a batch records undo steps, an entry is broken, or the solver refuses
    /// the changes together, they are made one by one instead (`changeConstant`), which
    /// decides what breaks.
    /// `sizes` name views by tree slot: no id (a string a size, copied and released) on the
    /// warm path.
    func changeIntrinsicSizes(_ sizes: [IntrinsicSizeChange]) throws(LayoutError) {
        func oneByOne() throws(LayoutError) {
            for s in sizes {
                guard let view = state.tree.id(slot: s.slot) else { continue }
                try changeConstant(.hugging(view: view, s.axis), to: -s.size, viewHint: s.slot)
                try changeConstant(.compression(view: view, s.axis), to: -s.size, viewHint: s.slot)
            }
        }
        guard !(activity.isBatch && recordsUndo) else { return try oneByOne() }
        // The kept lists, taken out while in use and put back empty (no constraint kept alive).
        var moves: [ConstantChange] = [], places: [ViewTree.ImplicitPlace] = []
        swap(&moves, &sizeMoves)
        swap(&places, &sizePlaces)
        defer {
            moves.removeAll(keepingCapacity: true)
            places.removeAll(keepingCapacity: true)
            swap(&moves, &sizeMoves)
            swap(&places, &sizePlaces)
        }
        moves.reserveCapacity(2 * sizes.count)
        places.reserveCapacity(2 * sizes.count)
        // Read through an inout access (see `entry(_:viewHint:)`).
        func collect(_ state: inout LayoutState) -> Bool {
            // False for a broken entry.
            func add(_ s: IntrinsicSizeChange, _ index: UInt8) -> Bool {
                guard let place = state.tree.implicitPlace(slot: s.slot, index: index) else { return true }
                let now = state.tree.constantAndBroken(at: place)
                guard now.constant != -s.size else { return true }
                guard !now.isBroken else { return false }
                moves.append(ConstantChange(state.tree[place].constraint, -s.size))
                places.append(place)
                return true
            }
            for s in sizes {
                guard add(s, ConstraintKey.huggingIndex(s.axis)), add(s, ConstraintKey.compressionIndex(s.axis)) else { return false }
            }
            return true
        }
        guard collect(&state) else { return try oneByOne() }
        guard !moves.isEmpty else { return }
        do {
            try solver.setConstants(moves)
        } catch .unsatisfiable {
            return try oneByOne()
        } catch {
            throw LayoutError(code: .solverError, message: "the solver refused an intrinsic size: \(error)", location: nil)
        }
        for (place, move) in zip(places, moves) {
            touched(state.tree[place].seq)
            state.tree.setConstant(move.constant, at: place)
        }
        drift += moves.count
    }

    /// Gives a constraint a new priority and keeps its place in add order (`set`). Optional to
    /// optional is an edit of the solver in place; to or from required, the one constraint
    /// goes out of the solver and back at the new priority, nothing else moves, and a change
    /// the enforced constraints cannot take leaves it broken for now (the end-of-batch pass
    /// decides in add order which one breaks).
    func changePriority(_ key: ConstraintKey, to priority: Double) throws(LayoutError) {
        guard let old = self.entry(key), old.constraint.priority != priority else { return }
        // Optional to optional: the solver moves the constraint's costs to the new level in
        // place (an optional constraint is never broken, and nothing in add order moves).
        let oldPriority = old.constraint.priority
        if priority < Priority.required, !old.constraint.isRequired, !old.isBroken {
            let c = old.constraint
            do { try solver.setPriority(c, to: priority) } catch { throw solverFailure(error, key) }
            structureVersion += 1  // ambiguity reads priorities
            if activity.isBatch { recordUndo(solver: true) { try? $0.solver.setPriority(c, to: oldPriority) } }
            return
        }
        let c = Constraint(old.constraint.expression, old.constraint.relation, priority: priority)
        if !old.isBroken { release(old) }
        try enter(SolverEntry(constraint: c, constant: old.constant, conflict: nil, seq: old.seq), key)
    }

    /// Restores the add-order rule after a batch's ops. Nothing to do unless some entry
    /// broken before the ops (`newestBrokenBefore`: the largest seq among them) or after them
    /// comes at or after the oldest entry the batch touched: otherwise every required
    /// constraint from there on holds together with the enforced ones before it, which is
    /// what the rule picks anyway. Else every required constraint from the oldest touched
    /// one on is taken out and put back, oldest first.
    func settle(newestBrokenBefore: Int) {
        defer { touchedFrom = .max }
        guard touchedFrom != .max else { return }
        if newestBrokenBefore < touchedFrom && newestBroken < touchedFrom { return }
        reevaluate(from: touchedFrom)
    }

    /// The largest seq among broken entries (-1 when none is).
    var newestBroken: Int {
        var newest = -1
        for key in state.broken { if let seq = state.entry(key)?.seq, seq > newest { newest = seq } }
        return newest
    }

    /// Every required entry with `seq >= from` out of the solver (newest first), then back
    /// in add order, each enforced or broken against those before it.
    func reevaluate(from: Int) {
        var later: [(key: ConstraintKey, entry: SolverEntry)] = []
        state.forEachEntry { key, entry in
            if entry.seq >= from && entry.constraint.isRequired { later.append((key, entry)) }
        }
        later.sort { $0.entry.seq < $1.entry.seq }
        for item in later.reversed() where !item.entry.isBroken { release(item.entry) }
        // The enforced required constraints before `from`, in add order, then each as it goes back.
        var before: [(ConstraintKey, SolverEntry)] = []
        state.forEachEntry { key, e in if e.seq < from && !e.isBroken && e.constraint.isRequired { before.append((key, e)) } }
        let index = EnforcedRequired()
        // The view ranks first: `documentRank` reads them, for the constraints before `from`
        // too (without them a view's own constraints among those ranked after every
        // constraint of the views re-added here, and a conflict could pick other members
        // than a fresh solve of the document picks).
        addOrder = AddOrderIndex(required: index, viewRanks: state.tree.documentRank())
        defer { addOrder = nil }
        for (key, e) in before.sorted(by: { $0.1.seq < $1.1.seq }) {
            index.append(e.constraint, constant: e.constant, rank: documentRank(key, e.seq))
        }
        for item in later {
            var entry = item.entry
            do {
                try enforce(entry, item.key)
                entry.conflict = nil
            } catch .unsatisfiable {
                entry.conflict = conflict(of: entry)
            } catch {
                entry.conflict = []  // not reached: the constraint was valid when first made
            }
            if entry.conflict != item.entry.conflict || item.entry.isBroken != entry.isBroken {
                setEntry(entry, for: item.key)
            }
        }
    }

    // MARK: - plumbing

    /// The solver enforces the entry from now on (at its current constant).
    private func enforce(_ entry: SolverEntry, _ key: ConstraintKey) throws(SolverError) {
        let c = entry.constraint
        try solver.add(c, constant: entry.constant)
        if c.isRequired, let enforced = addOrder?.required { enforced.append(c, constant: entry.constant, rank: documentRank(key, entry.seq)) }
        structureVersion += 1
        if activity.isBatch { recordUndo(solver: true) { _ = try? $0.solver.remove(c) } }
    }

    /// The solver no longer enforces the entry.
    private func release(_ entry: SolverEntry) {
        let c = entry.constraint, constant = entry.constant
        try? solver.remove(c)
        structureVersion += 1
        if activity.isBatch { recordUndo(solver: true) { try? $0.solver.add(c, constant: constant) } }
    }

    /// Where an entry stands in document order (see `EnforcedRequired.DocumentRank`): while
    /// a document is built its add order is that order; otherwise a view's own constraints
    /// go by the view's place (`viewRanks`).
    func documentRank(_ key: ConstraintKey, _ seq: Int) -> EnforcedRequired.DocumentRank {
        guard let ranks = addOrder?.viewRanks, let view = key.implicitView else { return .init(group: 1, position: seq, index: 0) }
        return .init(group: 0, position: ranks[view] ?? 0, index: Int(key.implicitIndex))
    }

    @inline(__always) private func touched(_ seq: Int) {
        if seq < touchedFrom { touchedFrom = seq }
    }

    private func setEntry(_ entry: SolverEntry?, for key: ConstraintKey) {
        guard activity.isBatch else { return state.setEntry(entry, for: key) }
        let old = self.entry(key)
        state.setEntry(entry, for: key)
        recordUndo { $0.state.setEntry(old, for: key) }
    }

    func solverFailure(_ error: SolverError, _ key: ConstraintKey) -> LayoutError {
        LayoutError(code: .solverError, message: "the solver refused \(key.id): \(error)",
                    location: location(of: key))
    }
}

/// A view's new intrinsic size on one axis (`LiveLayout.changeIntrinsicSizes`); `slot` is the
/// view's slot in the tree.
struct IntrinsicSizeChange {
    let slot: Int, axis: SizeAxis, size: Double
}
