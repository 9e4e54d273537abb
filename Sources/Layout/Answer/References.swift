import Cassowary

/// How diagnostics name the constraints a layout owns.
extension LiveLayout {
    func reference(for key: ConstraintKey) -> ConstraintReference? {
        switch key {
        case .user(let id, let attribute):
            guard let description = state.registry[id],
                  let constraint = description.expanded.first(where: { $0.compiled.firstAttribute == attribute })?.compiled
            else { return nil }
            // A VFL line's constraints are described as Auto Layout's logs describe them.
            var text = ConstraintText.describe(constraint)
            // ... while the document lists the line whole (a fresh solve of it describes the same).
            if let group = description.stored.group, let line = group.entry.vfl, state.registry.isIntact(group) {
                let parent = (first: constraint.second.map { state.tree.superviewItem(of: $0)?.view == constraint.first.view } ?? false,
                              second: constraint.second.map { state.tree.superviewItem(of: constraint.first)?.view == $0.view } ?? false)
                text = ConstraintText.describeVFL(constraint, vertical: line.parsed.vertical, parent: parent) ?? text
            }
            return ConstraintReference(id: id, attribute: attribute.name, label: description.stored.label,
                                       description: text,
                                       source: description.stored.source, location: description.stored.location)
        case .frame(let view, let field):
            guard let node = state.tree[view] else { return nil }
            let value = node.stored.frame.map { NumberFormat.string($0[field]) } ?? "?"
            return ConstraintReference(id: key.id, attribute: key.attribute.name, label: nil,
                                       description: "\(view).frame.\(field.rawValue) == \(value)",
                                       source: nil, location: location(of: key))
        case .hugging(let view, let axis), .compression(let view, let axis):
            guard let node = state.tree[view] else { return nil }
            let isHugging: Bool
            if case .hugging = key { isHugging = true } else { isHugging = false }
            let size = (axis == .width ? node.stored.intrinsicWidth : node.stored.intrinsicHeight) ?? 0
            let priority = axis == .width
                ? (isHugging ? node.stored.hugging.horizontal : node.stored.compressionResistance.horizontal)
                : (isHugging ? node.stored.hugging.vertical : node.stored.compressionResistance.vertical)
            // Only a required hugging or compression resistance is ever referenced (conflicts
            // and broken constraints are required ones), and those stay inequalities of their
            // own: a soft pair (see `installIntrinsic`) never reaches this.
            return ConstraintReference(
                id: key.id, attribute: key.attribute.name, label: nil,
                description: "\(view).\(axis.rawValue) \(isHugging ? "<=" : ">=") \(NumberFormat.string(size))"
                    + ConstraintText.priority(priority),
                source: nil, location: location(of: key))
        }
    }

    /// Where the field that made a constraint stands in the request.
    func location(of key: ConstraintKey) -> RequestLocation? {
        switch key {
        case .user(let id, _):
            return state.registry[id]?.stored.location
        case .frame(let view, _):
            return state.tree[view].map { $0.stored.frameLocation ?? $0.stored.location }
        case .hugging(let view, _), .compression(let view, _):
            return state.tree[view].map { $0.stored.intrinsicSizeLocation ?? $0.stored.location }
        }
    }

    /// One `unsatisfiable` diagnostic per broken constraint, in document order: its
    /// conflict (in document order) followed by itself. Document order is the add order
    /// of the layout's `GET` document: views' own constraints (superviews first), then the
    /// constraints in order; it differs from a session's add order only for views added
    /// later, whose own constraints no conflict can order against older ones.
    func unsatisfiableDiagnostics() -> [Diagnostic] {
        guard !state.broken.isEmpty else { return [] }
        let viewRank = state.tree.documentRank()
        func rank(_ key: ConstraintKey, _ seq: Int) -> (Int, Int, Int) {
            guard let view = key.implicitView else { return (1, seq, 0) }
            return (0, viewRank[view] ?? 0, Int(key.implicitIndex))
        }
        var keyOf: [ObjectIdentifier: (ConstraintKey, (Int, Int, Int))] = [:]
        state.forEachEntry { key, entry in
            if !entry.isBroken { keyOf[ObjectIdentifier(entry.constraint)] = (key, rank(key, entry.seq)) }
        }
        let broken = state.broken.compactMap { key in state.entry(key).map { (key, rank(key, $0.seq), $0) } }
            .sorted { $0.1 < $1.1 }
        return broken.compactMap { key, _, entry -> Diagnostic? in
            guard let brokenRef = reference(for: key) else { return nil }
            let keys = (entry.conflict ?? []).compactMap { keyOf[ObjectIdentifier($0)] }
                .sorted { $0.1 < $1.1 }.map(\.0)
            let members = keys.compactMap { reference(for: $0) }
            let all = members + [brokenRef]
            let forms = (keys + [key]).compactMap { k in state.entry(k).flatMap { explanationMember(k, $0) } }
            return Diagnostic(severity: .error, code: .unsatisfiable,
                              message: "Unable to simultaneously satisfy constraints; broke \(brokenRef.description)",
                              constraints: all, broken: [brokenRef],
                              explanation: forms.count == all.count ? ConflictExplanation.explain(forms) : nil,
                              suggestions: ConflictExplanation.suggestions(all))
        }
    }

    /// A conflict member as `ConflictExplanation` reads it: its solver form and what it states.
    private func explanationMember(_ key: ConstraintKey, _ entry: SolverEntry) -> ConflictExplanation.Member? {
        guard let ref = reference(for: key) else { return nil }
        let quantity: String, target: Double, isConstant: Bool
        switch key {
        case .user(let id, let attribute):
            guard let c = state.registry[id]?.expanded.first(where: { $0.compiled.firstAttribute == attribute })?.compiled
            else { return nil }
            var text = "\(c.first.name).\(c.firstAttribute.name)"
            if let second = c.second, let a = c.secondAttribute {
                text += " - " + (c.multiplier == 1 ? "" : "\(NumberFormat.string(c.multiplier)) * ") + "\(second.name).\(a.name)"
            }
            (quantity, target, isConstant) = (text, c.constant, c.second == nil)
        case .frame(let view, let field):
            guard let frame = state.tree[view]?.stored.frame else { return nil }
            (quantity, target, isConstant) = ("\(view).frame.\(field.rawValue)", frame[field], true)
        case .hugging(let view, let axis), .compression(let view, let axis):
            guard let node = state.tree[view] else { return nil }
            let size = (axis == .width ? node.stored.intrinsicWidth : node.stored.intrinsicHeight) ?? 0
            (quantity, target, isConstant) = ("\(view).\(axis.rawValue)", size, true)
        }
        return ConflictExplanation.Member(reference: ref, terms: entry.constraint.expression.terms, constant: entry.constant,
                                          relation: entry.constraint.relation, quantity: quantity, target: target,
                                          isConstant: isConstant)
    }

    /// The errors a `strict` request fails with: one per broken constraint.
    func unsatisfiableErrors() -> [LayoutError] {
        unsatisfiableDiagnostics().map { diagnostic in
            let conflict = diagnostic.constraints.map { "\($0.id): \($0.description)" }.joined(separator: "; ")
            return LayoutError(code: .unsatisfiable, message: diagnostic.message + " (conflict: \(conflict))",
                               location: diagnostic.broken.first?.location,
                               constraints: diagnostic.constraints, broken: diagnostic.broken)
        }
    }
}
