/// The body of `set` (docs/api.md §4): new constants and priorities in place, and the
/// lifecycle's `active`. Every id is checked and every new spec compiled before anything
/// changes. The entry keeps its place in add order unless `active: true` activates it.
extension LiveLayout {
    func set(_ op: SetOp, at location: RequestLocation) -> [LayoutError] {
        let unknown = unknownIDs(op.ids, at: location)
        guard unknown.isEmpty else { return unknown }
        var errors: [LayoutError] = []
        for id in op.ids where op.constant != nil && state.registry[id] == nil && state.registry.groupMembers(id) != nil {
            errors.append(LayoutError(code: .wrongType,
                                      message: "'\(id)' made several constraints (a distribute entry or a VFL line), each with "
                                          + "its own constant; set one of them ('\(id).2') or remake the document",
                                      location: location))
        }
        guard errors.isEmpty else { return errors }
        let ids = state.registry.expandingGroups(op.ids)
        var plans: [(id: String, spec: ConstraintSpec, compiled: [CompiledConstraint], constantChanged: Bool)] = []
        let compiler = state.compiler
        for id in ids {
            if let whole = composite(of: id), ids.contains(whole) {
                errors.append(LayoutError(code: .conflictingFields,
                                          message: "'set' names both '\(whole)' and its member '\(id)'; name the members one by one",
                                          location: location))
                continue
            }
            guard op.constant != nil || op.priority != nil, let base = currentSpec(of: id) else { continue }
            var spec = base
            if let constant = op.constant {
                if let error = spec.replaceConstant(with: constant, id: id, at: location) { errors.append(error); continue }
            }
            if let priority = op.priority { spec.priority = priority }
            switch compiler.compile(spec, defaultFirst: nil) {
            case .success(let compiled): plans.append((id, spec, compiled, op.constant != nil))
            case .failure(let failure): errors += failure.errors
            }
        }
        guard errors.isEmpty else { return errors }

        if op.active == false { errors += setActive(false, .ids(ids), at: location) }
        for plan in plans {
            if state.registry[plan.id] == nil, let whole = composite(of: plan.id) { splitIntoMembers(whole) }
            errors += restate(plan.id, as: plan.spec, plan.compiled, keepsGroup: !plan.constantChanged)
        }
        if op.active == true { errors += setActive(true, .ids(ids), at: location) }
        return errors
    }

    /// What an id's constraints are now, as a spec: the entry as written (or, after an
    /// `update` edited it, its constraint stated explicitly), or one member of a composite.
    private func currentSpec(of id: String) -> ConstraintSpec? {
        if let description = state.registry[id] {
            return description.edited ? description.memberSpec(0, id: id) : description.spec
        }
        guard let whole = composite(of: id), let description = state.registry[whole],
              let k = description.expanded.firstIndex(where: { "\(whole).\($0.compiled.firstAttribute.name)" == id })
        else { return nil }
        return description.memberSpec(k, id: id)
    }

    /// Gives description `id` the spec `spec` (compiled: `compiled`, constraint for constraint
    /// as it has them): constants and priorities change in registry and solver, in place.
    /// `keepsGroup`: the constraint of a distribute entry stays one of its (a new priority);
    /// a new constant makes it a constraint of its own.
    private func restate(_ id: String, as spec: ConstraintSpec, _ compiled: [CompiledConstraint],
                         keepsGroup: Bool) -> [LayoutError] {
        guard let description = state.registry[id], description.expanded.count == compiled.count else { return [] }
        var errors: [LayoutError] = []
        for (k, new) in compiled.enumerated() {
            let old = description.expanded[k].compiled
            do {
                if old.constant != new.constant { _ = try setUserConstant(new.constant, id: id, index: k) }
                if old.priority != new.priority {
                    state.registry.setPriority(new.priority, id: id, index: k)
                    recordUndo { $0.state.registry.setPriority(old.priority, id: id, index: k) }
                    try changePriority(.user(id: id, attribute: old.firstAttribute), to: new.priority)
                }
            } catch {
                errors.append(error)
            }
        }
        let oldStored = description.stored, wasEdited = description.edited
        state.registry.restate(id: id, as: StoredSpec(spec, group: keepsGroup ? oldStored.group : nil))
        recordUndo { layout in
            layout.state.registry.restate(id: id, as: oldStored)
            if wasEdited { layout.state.registry.markEdited(id: id) }
        }
        return errors
    }
}

extension ConstraintSpec {
    /// The spec with its constant given the new way (SnapKit's `update(offset:)` and
    /// `update(inset:)` on any constraint): a constant target takes the new constant as its
    /// value, an item target as its offset or inset. A size or point needs a constant target.
    mutating func replaceConstant(with constant: SetConstant, id: String, at location: RequestLocation) -> LayoutError? {
        switch (constant, target) {
        case (.to(let value), .constant):
            target = .constant(value)
        case (.to(.scalar(let value)), .item), (.offset(let value), .item):
            modifier = value == 0 ? .none : .offset(value)
        case (.to, .item):
            return LayoutError(code: .wrongType,
                               message: "'\(id)' is attached to an item, so a size or point cannot be its constant; "
                                   + "give 'offset' or 'inset'", location: location, source: source)
        case (.offset(let value), .constant):
            target = .constant(.scalar(value))
        case (.inset(let inset), .constant):
            switch inset {
            case .scalar(let x): target = .constant(.insets(.physical(EdgeInsets(top: x, left: x, bottom: x, right: x))))
            case .insets(let insets): target = .constant(.insets(insets))
            }
        case (.inset(let inset), .item):
            modifier = .inset(inset)
        }
        return nil
    }
}
