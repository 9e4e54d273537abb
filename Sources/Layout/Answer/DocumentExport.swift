/// The layout as it now stands (GET /v1/sessions/{id}): views in view order and every
/// installed constraint with its id, in installation order.
extension LiveLayout {
    public func document() -> LayoutDocument {
        var document = LayoutDocument()
        document.direction = state.direction
        document.views = state.tree.order.compactMap { state.tree[$0]?.spec }
        document.constraints = exportedConstraints()
        document.metrics = state.metrics
        return document
    }

    /// The constraints in add order: a distribute entry whole while its constraints are as it
    /// made them (`Registry.intactGroup`), each of them on its own otherwise.
    func exportedConstraints() -> [ConstraintSpec] {
        let list = state.registry.inOrder
        guard !state.registry.groups.isEmpty else { return list.flatMap(\.exportedSpecs) }
        var out: [ConstraintSpec] = []
        var i = 0
        while i < list.count {
            if let entry = state.registry.intactGroup(list, at: i) {
                out.append(entry.spec)
                i += entry.count
            } else {
                out += list[i].exportedSpecs
                i += 1
            }
        }
        return out
    }

    /// `document().constraints.count`, without building the document.
    public var documentConstraintCount: Int {
        state.registry.groups.isEmpty ? state.registry.exportedCount : exportedConstraints().count
    }

    /// Every installed expanded constraint, in installation order.
    public func installedConstraints() -> [InstalledConstraint] {
        state.registry.inOrder.flatMap { description in
            description.expanded.map { e in
                InstalledConstraint(id: description.id, constraint: e.compiled, isBroken: e.entry?.isBroken == true)
            }
        }
    }

    /// The expanded constraints of one description (nil for an unknown id).
    public func compiledConstraints(id: String) -> [CompiledConstraint]? {
        state.registry[id]?.compiled
    }
}

extension InstalledDescription {
    /// As written while its constants are as written; after an `update` changed the
    /// constant of a single-constraint description, that constraint stated explicitly
    /// under the same id.
    var exportedSpecs: [ConstraintSpec] {
        guard edited else { return [spec] }
        if expanded.count == 1 { return [memberSpec(0, id: id)] }
        return expanded.indices.map { memberSpec($0, id: "\(id).\(expanded[$0].compiled.firstAttribute.name)") }
    }

    /// Expanded constraint `k` as a spec of its own, stating its second item, attribute
    /// and constant explicitly so that it compiles back to itself.
    func memberSpec(_ k: Int, id: String) -> ConstraintSpec {
        let c = expanded[k].compiled
        let target: ConstraintTarget
        var modifier = ConstantModifier.none
        if let second = c.second, let attribute = c.secondAttribute {
            target = .item(.item(second), AttributeSet(attribute))
            if c.constant != 0 { modifier = .offset(c.constant) }
        } else {
            target = .constant(.scalar(c.constant))
        }
        // One value (the memberwise initializer), not a spec set field by field and copied out.
        return ConstraintSpec(id: id, first: c.first, attributes: AttributeSet(c.firstAttribute), relation: c.relation,
                              target: target, multiplier: c.multiplier, modifier: modifier, priority: c.priority,
                              label: stored.label, source: stored.source, location: stored.location, active: active)
    }
}
