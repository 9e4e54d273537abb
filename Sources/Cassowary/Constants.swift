// Changing constants in place: `setConstant` and the edit variables built on it.

/// One constant of `Solver.setConstants`. A struct, not a tuple: an array of tuples holding a
/// reference is destroyed through the runtime's generic tuple witness, an element at a time.
public struct ConstantChange {
    public var constraint: Constraint
    public var constant: Double
    public init(_ constraint: Constraint, _ constant: Double) { self.constraint = constraint; self.constant = constant }
}

extension Solver {
    /// Changes the constant of an installed constraint's expression in place (no remove and
    /// re-add), then re-optimises with the dual simplex. Throws `.unsatisfiable` when the
    /// new constant makes the required constraints conflict, `.unknownConstraint` when it is
    /// not installed here, `.nonFiniteNumber` for a constant that is not finite; nothing
    /// changes then.
    public func setConstant(_ constraint: Constraint, to constant: Double) throws(SolverError) {
        settle()
        guard let tag = tags[constraint] else { throw .unknownConstraint }
        guard constant.isFinite else { throw .nonFiniteNumber }
        let delta = constant - tag.constant
        if delta == 0 { return }

        pivotLog = []
        defer { pivotLog = nil }
        let broken = shift(tag, by: delta)
        tags.setConstant(constraint, constant)
        guard let failing = broken ?? dualOptimize() else { return }

        let failure = Failure(row: tableau.row(of: failing) ?? Row(constant: 0), basic: failing)
        var conflict: [Constraint] = []
        if explainsConflicts { conflict = explain(failure, changing: constraint, to: constant) }
        if let log = pivotLog { undoPivots(log) }
        infeasible.removeAll()
        _ = shift(tag, by: -delta)
        infeasible.removeAll()
        tags.setConstant(constraint, constant - delta)
        throw .unsatisfiable(conflict: conflict)
    }

    /// Changes the constants of several installed constraints, then re-optimises once: one
    /// dual simplex run serves every change (a warm one-shot's numbers, docs/api.md "Warm
    /// one-shots"), where `setConstant` runs one after each, and pairs such as a view's
    /// hugging and compression at the same size pivot there and back. The optimum reached is
    /// the one the changes made one by one reach wherever that optimum is unique.
    /// All or nothing: when the new constants leave a required equality broken or the
    /// required constraints conflict, every constant is put back and `.unsatisfiable` is
    /// thrown with no conflict set (the caller makes the changes one by one to learn which
    /// breaks); nothing changes on any other error either.
    public func setConstants(_ changes: [ConstantChange]) throws(SolverError) {
        settle()
        // By index: each element read in place, no reference count for its constraint.
        for k in changes.indices {
            guard tags.contains(changes[k].constraint) else { throw .unknownConstraint }
            guard changes[k].constant.isFinite else { throw .nonFiniteNumber }
        }
        pivotLog = []
        defer { pivotLog = nil }
        var broken: Symbol?
        // The constant each change moved from (NaN: it moved nothing), to put back.
        var before: [Double] = []
        before.reserveCapacity(changes.count)
        for k in changes.indices {
            let constant = changes[k].constant
            guard let tag = tags[changes[k].constraint], constant != tag.constant else { before.append(.nan); continue }
            before.append(tag.constant)
            // Later shifts are made even after a break, so that putting back is one loop.
            if let b = shift(tag, by: constant - tag.constant), broken == nil { broken = b }
            tags.setConstant(changes[k].constraint, constant)
        }
        // A required equality one shift broke, a later one may have mended (two constraints of
        // `x == 5` both moved to 7): what counts is how the rows stand after the last.
        if broken != nil { broken = brokenEquality(among: changes) }
        guard broken != nil || dualOptimize() != nil else { return }

        if let log = pivotLog { undoPivots(log) }
        infeasible.removeAll()
        for (change, old) in zip(changes, before).reversed() where !old.isNaN {
            guard let tag = tags[change.constraint] else { continue }
            _ = shift(tag, by: old - tag.constant)
            tags.setConstant(change.constraint, old)
        }
        infeasible.removeAll()
        throw .unsatisfiable(conflict: [])
    }

    /// A basic dummy (a required equality) left nonzero in a row that one of `changes` moved.
    private func brokenEquality(among changes: [ConstantChange]) -> Symbol? {
        for change in changes {
            guard let marker = tags[change.constraint]?.marker else { continue }
            func broken(_ slot: Int32) -> Symbol? {
                let basic = tableau.basicOf[Int(slot)]
                return basic >= 0 && tableau.kinds[Int(basic)] == .dummy && !nearZero(tableau.constant(slot: slot)) ? basic : nil
            }
            let own = tableau.slotOf[Int(marker)]
            if own >= 0 {
                if let b = broken(own) { return b }
                continue
            }
            for slot in tableau.slots(containing: marker) { if let b = broken(slot) { return b } }
        }
        return nil
    }

    /// Moves the constraint's marker so that its equation reads with the constant changed
    /// by `delta`; every row's constant moves by (its marker coefficient)·sigma·delta.
    /// Returns a basic dummy left nonzero (a required equality now broken), if any.
    /// Only constants move, so the values to refresh are those that read the moved rows' basic
    /// symbols and the compensated definitions (`Definitions.invalidate(moving:)`).
    func shift(_ tag: Tag, by delta: Double) -> Symbol? {
        var broken: Symbol?
        let marker = tag.marker
        let step = tag.sigma * delta
        definitions.invalidate(moving: marker)
        let slot = tableau.slotOf[Int(marker)]
        if slot >= 0 {
            let before = tableau.rows[Int(slot)].constant
            tableau.rows[Int(slot)].constant -= step  // the marker's own value: moved above
            if nearTight(before, tableau.rows[Int(slot)].constant) { faceVersion &+= 1 }
            note(slot: slot, &broken)
        } else {
            let slots = tableau.slots(containing: marker)
            let tightness = tableau.shiftConstants(slots, by: marker, step) { slot in
                note(slot: slot, &broken)
            }
            if tightness { faceVersion &+= 1 }
            for slot in slots where !definitions.movedAll {
                let basic = tableau.basicOf[Int(slot)]
                if basic >= 0 { definitions.invalidate(moving: basic) }
            }
        }
        // Definitions read the marker's value lazily, so each compensates in its constant
        // whether the marker is basic or not.
        for x in definitions.definitions(mentioning: marker) {
            definitions.addConstant(x, definitions.coefficient(x, marker) * step)
            definitions.invalidate(moving: x)
        }
        return broken
    }

    @inline(__always) private func note(slot: Int32, _ broken: inout Symbol?) {
        let basic = tableau.basicOf[Int(slot)]
        let c = tableau.constant(slot: slot)
        switch tableau.kinds[Int(basic)] {
        case .external: break
        case .dummy: if !nearZero(c) && broken == nil { broken = basic }
        case .slack, .error: if c < 0 { infeasible.append(basic) }
        }
    }
}
