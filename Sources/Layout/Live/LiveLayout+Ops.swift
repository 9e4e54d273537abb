/// The bodies of the edit ops of docs/api.md §4 (the ops themselves are `EditOps.table`), with SnapKit's semantics (docs/semantics.md §6.2). Each op
/// checks everything it can before it changes anything, so a bad op is reported without
/// side effects; later ops of the batch are still checked (against the state the earlier
/// valid ops produced), so the client hears about every error at once.
extension LiveLayout {
    func perform(_ op: EditOp) -> [LayoutError] { op.kind.body.apply(to: self, at: op.location) }

    /// `remove` by view: every constraint whose first item it is.
    func removeConstraints(of view: ItemRef, at location: RequestLocation?) -> [LayoutError] {
        guard state.tree.contains(view) else { return [.unknownView(view.name, location)] }
        saveStructure()
        for id in state.registry.ids(firstItem: view) { unregister(id) }
        return []
    }

    /// makeConstraints: compile every description, then register and install them (after
    /// taking out `replacing`, in its order: the solver's pivots depend on the order of
    /// removals, and a set's order would change from one layout to another).
    func makeConstraints(_ specs: [ConstraintSpec], view: ItemRef?, at location: RequestLocation? = nil,
                         replacing replacingInOrder: [String] = []) -> [LayoutError] {
        if let view, !state.tree.contains(view) { return [.unknownView(view.name, location)] }
        let replacing = Set(replacingInOrder)
        var errors: [LayoutError] = []
        var compiled: [(ConstraintSpec, ItemRef, [CompiledConstraint])] = []
        var idsSeen = Set<String>()
        let compiler = state.compiler
        for spec in specs {
            if let id = spec.id, (state.registry[id] != nil && !replacing.contains(id)) || !idsSeen.insert(id).inserted {
                errors.append(LayoutError(code: .duplicateID, message: "constraint id '\(id)' is already taken",
                                          location: spec.location, source: spec.source))
            }
            switch compiler.compile(spec, defaultFirst: view) {
            case .success(let constraints):
                if let first = spec.first ?? view { compiled.append((spec, first, constraints)) }
            case .failure(let failure):
                errors += failure.errors
            }
        }
        guard errors.isEmpty else { return errors }
        saveStructure()
        for id in replacingInOrder { unregister(id) }
        for (spec, first, constraints) in compiled {
            errors += register(spec, first: first, constraints)
        }
        return errors
    }

    /// One description of a document: `makeConstraints([spec], view: nil)` without the
    /// batch bookkeeping (no undo log is open while a document is built, and the views
    /// are all in place, so `compiler` is current).
    func makeDocumentConstraint(_ spec: ConstraintSpec, compiler: ConstraintCompiler, errors: inout [LayoutError]) {
        if let distribution = spec.distribution {
            return makeDistribution(spec, distribution, compiler: compiler, errors: &errors)
        }
        if let line = spec.vfl { return makeVFL(spec, line, compiler: compiler, errors: &errors) }
        var duplicate = false
        if let id = spec.id, state.registry[id] != nil {
            errors.append(LayoutError(code: .duplicateID, message: "constraint id '\(id)' is already taken",
                                      location: spec.location, source: spec.source))
            duplicate = true
        }
        switch compiler.compile(spec, defaultFirst: nil) {
        case .success(let constraints):
            guard !duplicate, let first = spec.first else { return }
            let registerErrors = register(spec, first: first, constraints)
            if !registerErrors.isEmpty { errors += registerErrors }
        case .failure(let failure):
            errors += failure.errors
        }
    }

    /// updateConstraints (docs/semantics.md §6.2, §6.3): with nothing registered on the view it is a
    /// make; otherwise every expanded constraint must match a registered one on the
    /// 7-field key, and only constants change, in place. One miss and nothing changes.
    func updateConstraints(_ specs: [ConstraintSpec], view: ItemRef, at location: RequestLocation?)
        -> [LayoutError] {
        guard state.tree.contains(view) else { return [.unknownView(view.name, location)] }
        if !readRegistry({ $0.hasActive(firstItem: view) }) {
            return makeConstraints(specs, view: view, at: location)
        }
        var errors: [LayoutError] = []
        var changes: [(id: String, index: Int, constant: Double, spec: Int)] = []
        let compiler = state.compiler
        for (k, spec) in specs.enumerated() {
            switch compiler.compile(spec, defaultFirst: view) {
            case .failure(let failure):
                errors += failure.errors
            case .success(let constraints):
                let candidates = readRegistry { $0.ids(firstItem: spec.first ?? view) }
                for constraint in constraints {
                    if let (id, index) = match(constraint, among: candidates) {
                        changes.append((id, index, constraint.constant, k))
                    } else {
                        errors.append(LayoutError(
                            code: .noMatchingConstraint,
                            message: "updated constraint could not find an existing matching constraint to update: "
                                + ConstraintText.describe(constraint),
                            location: spec.location, source: spec.source))
                    }
                }
            }
        }
        guard errors.isEmpty else { return errors }
        var composites: [String] = []
        for change in changes {
            do {
                let members = try setUserConstant(change.constant, id: change.id, index: change.index)
                if members > 1 && !composites.contains(change.id) { composites.append(change.id) }
            } catch {
                errors.append(error)
            }
        }
        for id in composites {
            restate(id, by: changes.filter { $0.id == id }.map { specs[$0.spec] }, firstItem: view)
        }
        return errors
    }

    /// After an update of a description of several constraints: a spec of the update that
    /// says what is now installed (an update of every member) becomes its spec; otherwise
    /// (some members changed) it becomes one description per member, `<id>.<attribute>`,
    /// which the document lists and `remove` accepts (docs/api.md §3).
    private func restate(_ id: String, by updates: [ConstraintSpec], firstItem view: ItemRef) {
        guard let description = state.registry[id], description.edited else { return }
        let current = description.compiled
        let compiler = state.compiler
        for update in updates {
            var spec = description.spec
            spec.target = update.target
            spec.modifier = update.modifier
            guard case .success(let compiled) = compiler.compile(spec, defaultFirst: view), compiled == current
            else { continue }
            let old = description.stored
            state.registry.restate(id: id, as: StoredSpec(spec))
            recordUndo { layout in
                layout.state.registry.restate(id: id, as: old)
                layout.state.registry.markEdited(id: id)
            }
            return
        }
        splitIntoMembers(id)
    }

    /// Replaces a composite description by one per member, `id.attribute` (made unique):
    /// what a partial `update`, or a lifecycle op on one member, leaves in the document.
    func splitIntoMembers(_ id: String) {
        guard let description = state.registry[id] else { return }
        saveStructure()
        structureVersion += 1  // the document's constraints changed (a session recounts them)
        var ids: [String] = []
        for member in description.expanded {
            var name = "\(id).\(member.compiled.firstAttribute.name)"
            var n = 1
            while state.registry[name] != nil || ids.contains(name) {
                n += 1
                name = "\(id).\(member.compiled.firstAttribute.name).\(n)"
            }
            ids.append(name)
        }
        state.split(id: id, into: ids)
    }

    /// remakeConstraints: remove every constraint whose first item is `view`, then make.
    func remakeConstraints(_ specs: [ConstraintSpec], view: ItemRef, at location: RequestLocation?)
        -> [LayoutError] {
        guard state.tree.contains(view) else { return [.unknownView(view.name, location)] }
        return makeConstraints(specs, view: view, at: location,
                               replacing: state.registry.ids(firstItem: view))
    }

    func removeConstraints(ids named: [String], at location: RequestLocation?) -> [LayoutError] {
        let ids = state.registry.expandingGroups(named)
        let unknown = ids.filter { state.registry[$0] == nil }
        guard unknown.isEmpty else {
            return unknown.map {
                LayoutError(code: .unknownConstraint, message: "no constraint has the id '\($0)'", location: location)
            }
        }
        saveStructure()
        for id in ids { unregister(id) }
        return []
    }

    /// `implicitConstraints: false` places the views without their own constraints (frames,
    /// intrinsic sizes): for checking a document without solving it (`contractErrors`).
    func addViews(_ views: [ViewSpec], implicitConstraints: Bool = true) -> [LayoutError] {
        var (ordered, errors) = state.tree.validateNewViews(views)
        saveStructure()
        structureVersion += 1  // new frame variables to judge
        let countBefore = state.tree.count
        // Usually the client lists superviews first: then the views go in as listed and
        // there is nothing to rearrange.
        let asListed = ordered.count == views.count && zip(ordered, views).allSatisfy { $0.id == $1.id }
        defer {
            if !asListed {
                let rank = Dictionary(views.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                state.tree.arrangeLast(state.tree.count - countBefore, by: rank)
            }
        }
        for spec in ordered {
            var depth = 0
            if let parent = spec.superview {
                guard let parentDepth = state.tree.depth(of: ItemRef(view: parent)) else { continue }  // reported already
                depth = parentDepth + 1
            }
            let node = ViewNode(spec: spec, variables: FrameVariables(solver: solver),
                                depth: depth, direction: state.direction)
            state.tree.insert(node)
            guard implicitConstraints else { continue }
            do { try installImplicitConstraints(of: node) } catch { errors.append(error) }
        }
        return errors
    }

    /// removeViews: the views, their subtrees, and every constraint naming any of them
    /// (UIKit's removeFromSuperview), including their implicit constraints.
    func removeViews(_ ids: [String], at location: RequestLocation?) -> [LayoutError] {
        let unknown = ids.filter { !state.tree.contains($0) }
        guard unknown.isEmpty else { return unknown.map { .unknownView($0, location) } }
        let removed = state.tree.subtrees(of: ids)
        saveStructure()
        structureVersion += 1
        for description in state.registry.inOrder where description.names(anyOf: removed) {
            unregister(description.id)
        }
        // In view order, not the set's (which differs between two equal layouts, and the
        // solver's pivots depend on the order of removals).
        for id in state.tree.order where removed.contains(id) { uninstallImplicitConstraints(ofView: id) }
        state.tree.remove(subtreesOf: ids)
        return []
    }

    /// setFrame: new constants for the four frame constraints, in place; a view without a
    /// fixed frame gets one.
    /// `viewHint`: where the tree may keep the view (`ViewTree.slot(_:hint:)`); the view is
    /// looked up once, its four constants then changed by its slot.
    func setFrame(_ frame: Rect, of id: String, at location: RequestLocation?, viewHint: Int = -1) -> [LayoutError] {
        guard let slot = state.tree.slot(id, hint: viewHint) else { return [.unknownView(id, location)] }
        // The old frame alone, read in place: a copy of the node (its ids, children and spec)
        // cost a dozen reference counts on every window resize.
        func old(_ state: inout LayoutState) -> (Rect?, RequestLocation?) {
            (state.tree.storage[slot].stored.frame, state.tree.storage[slot].stored.frameLocation)
        }
        let (oldFrame, oldLocation) = old(&state)
        var errors: [LayoutError] = []
        if entry(.frame(view: id, .x), viewHint: slot) != nil {
            for field in FrameField.allCases {
                do { try changeConstant(.frame(view: id, field), to: -frame[field], viewHint: slot) } catch { errors.append(error) }
            }
        } else {
            do { try installFrame(frame, of: state.tree.storage[slot]) } catch { errors.append(error) }
        }
        state.tree.setFrame(frame, location: location, of: id, hint: slot)
        recordUndo { $0.state.tree.setFrame(oldFrame, location: oldLocation, of: id) }
        return errors
    }

    // MARK: - registry plumbing

    /// `group`: a constraint of a distribute entry, whose id it has already (`ID.k`).
    func register(_ spec: ConstraintSpec, first: ItemRef, _ constraints: [CompiledConstraint],
                  group: GroupMember? = nil) -> [LayoutError] {
        let id = group == nil ? state.registry.nextId(given: spec.id) : spec.id ?? ""
        state.registry.insert(InstalledDescription(id: id, seq: state.nextSeq, first: first, spec: spec,
                                                   expanded: constraints, group: group))
        state.nextSeq += 1
        // An inactive one is kept, validated and named, but not enforced. Its members' places
        // in add order are kept for it, as an active one's entries take them (a split gives
        // member k the place seq + k).
        guard spec.active else {
            state.nextSeq += constraints.count
            return []
        }
        return installMembers(of: id, constraints, location: spec.location, source: spec.source)
    }

    /// Enforces a description's expanded constraints, each as the newest.
    func installMembers(of id: String, _ constraints: [CompiledConstraint], location: RequestLocation,
                        source: SourceLocation?) -> [LayoutError] {
        var errors: [LayoutError] = []
        let linearizer = state.linearizer
        for constraint in constraints {
            guard let form = linearizer.expression(of: constraint) else {
                errors.append(LayoutError(code: .noCommonAncestor,
                                          message: "cannot place \(ConstraintText.describe(constraint))",
                                          location: location, source: source))
                continue
            }
            do {
                try install(.user(id: id, attribute: constraint.firstAttribute), form: form,
                            relation: constraint.relation, priority: constraint.priority)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    func unregister(_ id: String) {
        // Entries live in the description: take them out of the solver while it is there.
        guard let description = state.registry[id] else { return }
        for key in description.keys { uninstall(key) }
        state.registry.remove(id: id)
    }

    /// The first registered layout constraint equal to `constraint` under the update key.
    private func match(_ constraint: CompiledConstraint, among ids: [String]) -> (String, Int)? {
        for id in ids {
            if let index = readRegistry({ $0.position(id: id, updating: constraint) }) { return (id, index) }
        }
        return nil
    }

    /// An update's new constant: registry and solver both change in place. Returns how
    /// many constraints the description has (0 when nothing changed).
    func setUserConstant(_ constant: Double, id: String, index: Int) throws(LayoutError) -> Int {
        // Only the parts needed, not the description: a copy held here would make the
        // registry's in-place change below copy the description's constraints.
        guard let (old, wasEdited, members) = readRegistry({ $0.expanded(id: id, index: index) }) else { return 0 }
        guard old.constant != constant else { return 0 }
        state.registry.setConstant(constant, id: id, index: index, edited: true)
        recordUndo { $0.state.registry.setConstant(old.constant, id: id, index: index, edited: wasEdited) }
        let key = ConstraintKey.user(id: id, attribute: old.firstAttribute)
        guard let entry = self.entry(key) else { return members }
        // The solver expression is `terms - constant`: shift its constant by the difference.
        try changeConstant(key, to: entry.constant + old.constant - constant)
        return members
    }

    /// Tree and registry are about to change structurally: keep a copy for rollback.
    func saveStructure() {
        guard case .batch(let log) = activity, !log.structureSaved else { return }
        let tree = state.tree, registry = state.registry, broken = state.broken
        recordUndo { $0.state.restore(tree: tree, registry: registry, broken: broken) }
        changeUndoLog { $0.structureSaved = true }
    }
}

extension InstalledDescription {
    /// Does any of its constraints name one of these views (as either item)?
    func names(anyOf views: Set<String>) -> Bool {
        views.contains(first.view) || expanded.contains { e in
            let c = e.compiled
            return views.contains(c.first.view) || c.second.map { views.contains($0.view) } == true
        }
    }
}

extension LayoutError {
    static func unknownView(_ name: String, _ location: RequestLocation?) -> LayoutError {
        LayoutError(code: .unknownView, message: "view '\(name)' does not exist", location: location)
    }
}
