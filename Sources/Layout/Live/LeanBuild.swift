import Cassowary

/// A one-shot document built without a session's bookkeeping (`LiveLayout.solve`).
///
/// A one-shot answer needs the registry, the constraint ids, the add-order index of
/// required constraints and their sequence numbers only to explain a conflict or an
/// error. So the document is first built without them: each constraint goes straight from
/// the compiler to the solver, in the same order, as the same solver constraint, so the
/// solver ends exactly where a full build would leave it. The views' implicit constraints go
/// to the solver the same way, without keys or entries in the tree. At the first thing that
/// would need the bookkeeping (an error, a conflict, a repeated id, views to reorder) the lean
/// build stops, and the document is built again in full, which then answers exactly as it
/// always has.
struct LeanBuild {
    /// The layout constraints installed, implicit ones included (`stats.constraints`).
    var entries = 0
    /// Explicit ids seen so far (a document decoded from the wire has unique ids; one made
    /// otherwise may not, and a repeat is an error the full build reports).
    var explicitIDs: Set<String> = []
    /// The form of each implicit constraint, `variable - value`, built in one reused array
    /// (the solver keeps nothing of it): a new one was an allocation per constraint.
    var implicitForm = LinearForm()
}

extension LiveLayout {
    /// How a lean build ended.
    enum LeanOutcome {
        case built(LiveLayout)
        case refused(LayoutProblem)
        case needsFullBuild
    }

    /// `make(document:seconds:)`, lean (see `LeanBuild`), on `solver`, a new one.
    static func makeLean(document: LayoutDocument, seconds: Double, stop: (@Sendable () -> Bool)? = nil,
                         solver: Solver) -> LeanOutcome {
        let layout = LiveLayout(direction: document.direction, solver: solver)
        layout.activity = .lean(LeanBuild())
        layout.state.tree.reserveCapacity(document.views.count)
        layout.solver.reserveCapacity(variables: 4 * document.views.count,
                                      constraints: 4 * document.views.count + 2 * document.constraints.count)
        let clock = ContinuousClock()
        let start = clock.now
        layout.startBudget(seconds: seconds, stop: stop)
        defer { layout.endBudget() }
        guard layout.addViewsLean(document.views) else { return .needsFullBuild }
        layout.state.metrics = document.metrics
        let compiler = layout.state.compiler, linearizer = layout.state.linearizer
        // Through the buffer: each spec is read where it is, not copied out (232 bytes, a
        // retain of every string and location in it).
        var compiled: [PlacedConstraint] = []
        var form = LinearForm()
        let complete = document.constraints.withUnsafeBufferPointer { specs in
            guard let base = specs.baseAddress else { return true }
            for k in specs.indices {
                if k & 31 == 31, solver.checkDeadline() { break }
                // `solver` is the layout's, handed on as a constant: read as `layout.solver` (a
                // variable, which a rebuild replaces) it was retained around every add.
                guard layout.installLean(base + k, into: solver, compiler: compiler, linearizer: linearizer,
                                         compiled: &compiled, form: &form) else {
                    return false
                }
            }
            return true
        }
        guard complete else { return .needsFullBuild }
        // Asked first: it installs the bounds the solver held (Cassowary's HeldBounds.swift).
        if layout.solver.ranOutOfTime { return .refused(.invalid([SolveBudget.error(seconds)])) }
        layout.lastSolveMicros = micros(clock.now - start)
        let overflow = layout.overflowErrors()
        guard overflow.isEmpty else { return .refused(.invalid(overflow)) }
        layout.state.revision = 1
        return .built(layout)
    }

    /// The document's views as listed, each straight into the tree with its implicit
    /// constraints, as `addViews` adds them when nothing needs reordering or reporting: false
    /// (the full build takes over, which orders and reports) unless each view is new, has its
    /// priorities in range, and names a superview listed before it (a guide must).
    private func addViewsLean(_ views: [ViewSpec]) -> Bool {
        structureVersion += 1
        // Through the buffer, as the constraints are: each spec read where it is, not copied out.
        return views.withUnsafeBufferPointer { specs in
            guard let base = specs.baseAddress else { return true }
            for k in specs.indices where !addViewLean(base + k) { return false }
            return true
        }
    }

    private func addViewLean(_ spec: UnsafePointer<ViewSpec>) -> Bool {
        guard ViewTree.isPlaceableAlone(at: spec) else { return false }
        var parentSlot: Int?
        if let parent = spec.pointee.superview {
            // The reader's hint, checked: no id hashed per view.
            guard let p = state.tree.slot(of: ItemRef(view: parent, slot: Int(spec.pointee.superviewSlot.value))) else { return false }
            parentSlot = p
        }
        let node = ViewNode.reading(at: spec, variables: FrameVariables(solver: solver),
                            depth: parentSlot.map { state.tree.storage[$0].depth + 1 } ?? 0, direction: state.direction)
        // Lean, they go to the solver alone (the tree keeps no entries), so before the node
        // joins the tree as after.
        do { try installImplicitConstraints(of: node) } catch { return false }
        // A repeated id (possible in a document not read from the wire) is the full build's
        // to report.
        return state.tree.appendIfNew(node, parentSlot: parentSlot, listsChild: false)
    }

    /// The constraints a distribute entry or a VFL line makes, each installed lean; false (the
    /// full build takes over, and reports) when they cannot be made.
    private func installGroupLean(_ entry: ConstraintSpec, into solver: Solver, compiler: ConstraintCompiler,
                                  linearizer: Linearizer, compiled: inout [PlacedConstraint], form: inout LinearForm) -> Bool {
        if let id = entry.id {
            var repeated = false
            changeLeanBuild { repeated = !$0.explicitIDs.insert(id).inserted }
            if repeated { return false }
        }
        var members: [ConstraintSpec]
        if let line = entry.vfl {
            let made = line.members(of: entry, metrics: state.metrics, in: state.tree)
            guard made.errors.isEmpty else { return false }
            members = made.members
        } else if let distribution = entry.distribution,
                  case .success(let list) = distribution.members(of: entry, id: entry.id ?? "c", in: state.tree) {
            members = list
        } else {
            return false
        }
        for k in members.indices { members[k].id = nil }  // named by the entry: `ID.k` is no id of the document's
        // Each read where it is, as the document's own constraints are.
        return members.withUnsafeBufferPointer { specs in
            guard let base = specs.baseAddress else { return true }
            for k in specs.indices {
                guard installLean(base + k, into: solver, compiler: compiler, linearizer: linearizer,
                                  compiled: &compiled, form: &form) else { return false }
            }
            return true
        }
    }

    /// One description of a lean build: compiled, each expanded constraint linearized and
    /// added as `register` and `install` would add it. False when the full build must take over.
    /// `compiled` and `form` are scratch, one of each for the whole build.
    private func installLean(_ spec: UnsafePointer<ConstraintSpec>, into solver: Solver, compiler: ConstraintCompiler, linearizer: Linearizer,
                             compiled constraints: inout [PlacedConstraint], form: inout LinearForm) -> Bool {
        // Entries that make constraints of their own (distribute, VFL): each of them, as a
        // constraint of the document would be.
        if case .some = spec.pointee.distribution {
            return installGroupLean(spec.pointee, into: solver, compiler: compiler, linearizer: linearizer,
                                    compiled: &constraints, form: &form)
        }
        if case .some = spec.pointee.vfl {
            return installGroupLean(spec.pointee, into: solver, compiler: compiler, linearizer: linearizer,
                                    compiled: &constraints, form: &form)
        }
        if let id = spec.pointee.id {
            var repeated = false
            changeLeanBuild { repeated = !$0.explicitIDs.insert(id).inserted }
            if repeated { return false }
        }
        if case nil = spec.pointee.first { return false }  // (`!= nil` copied the item out to compare it)
        constraints.emptyKeepingCapacity()
        guard compiler.compile(at: spec, defaultFirst: nil, checksAncestry: false, emit: { constraints.append($0) }) == nil else {
            return false
        }
        // By index (a loop over the array would copy it into its iterator); a placed constraint is
        // a plain value, copied out without reference counting.
        // An inactive constraint is checked as any other, and then only named: a one-shot
        // answer never mentions it (it is not enforced, so no conflict or count has it).
        let active = spec.pointee.active
        for k in constraints.indices {
            let c = constraints[k]
            guard linearizer.expression(of: c, into: &form) else { return false }
            let expression = form.takeExpression()
            guard active else {
                form.restore(from: consume expression)
                continue
            }
            do {
                try solver.addAnonymous(expression, c.relation, priority: c.priority, constant: expression.constant)
            } catch { return false }
            form.restore(from: consume expression)
            structureVersion += 1
            changeLeanBuild { $0.entries += 1 }
        }
        return true
    }
}
