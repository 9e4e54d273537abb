// The constraint lifecycle (docs/api.md §4, SnapKit's `Constraint.activate()` and
// `deactivate()`): by `ids` (whole entries, or one expanded constraint of a composite,
// `c2.top`) or by `view` (every entry whose first item it is, in add order).

/// `activate`: the constraints become enforced again, each as the newest (activation counts
/// as adding: the GET document lists them last). An active one is left as it is.
struct ActivateOp: EditOperation, Equatable {
    static let name: StaticString = "activate"
    static let fields: [OpField] = [.view, .ids]
    let target: ConstraintSelection

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> ActivateOp? {
        ConstraintSelection.read(input, &reader).map { ActivateOp(target: $0) }
    }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.setActive(true, target, at: location)
    }
}

/// `deactivate`: the constraints stay in the document, with their ids and places, but are not
/// enforced. An inactive one is left as it is.
struct DeactivateOp: EditOperation, Equatable {
    static let name: StaticString = "deactivate"
    static let fields: [OpField] = [.view, .ids]
    let target: ConstraintSelection

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> DeactivateOp? {
        ConstraintSelection.read(input, &reader).map { DeactivateOp(target: $0) }
    }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.setActive(false, target, at: location)
    }
}

extension EditOpKind {
    static func activate(_ target: ConstraintSelection) -> EditOpKind { EditOpKind(ActivateOp(target: target)) }
    static func deactivate(_ target: ConstraintSelection) -> EditOpKind { EditOpKind(DeactivateOp(target: target)) }
}

extension LiveLayout {
    /// Activates or deactivates what `target` names. Every id is checked before anything
    /// changes; an id of one member of a composite (`c2.top`) splits the composite into its
    /// members first (as a partial `update` does), so that the member can differ.
    func setActive(_ active: Bool, _ target: ConstraintSelection, at location: RequestLocation) -> [LayoutError] {
        var ids: [String]
        switch target {
        case .view(let view):
            guard state.tree.contains(view) else { return [.unknownView(view.name, location)] }
            ids = state.registry.ids(firstItem: view)
        case .ids(let named):
            let errors = unknownIDs(named, at: location)
            guard errors.isEmpty else { return errors }
            ids = state.registry.expandingGroups(named)
        }
        var errors: [LayoutError] = []
        for id in ids {
            if state.registry[id] == nil, let base = composite(of: id) { splitIntoMembers(base) }
            guard let description = state.registry[id], description.active != active else { continue }
            saveStructure()
            if active {
                state.registry.setActive(true, id: id)
                state.registry.makeNewest(id: id, seq: state.nextSeq)
                state.nextSeq += 1
                errors += installMembers(of: id, description.compiled, location: description.stored.location,
                                         source: description.stored.source)
            } else {
                for key in description.keys { uninstall(key) }
                state.registry.setActive(false, id: id)
            }
        }
        return errors
    }

    /// An `unknown-constraint` error, with a did-you-mean, for each id that names neither an
    /// entry nor one expanded constraint of a composite (`c2.top`).
    func unknownIDs(_ ids: [String], at location: RequestLocation) -> [LayoutError] {
        ids.filter { state.registry[$0] == nil && composite(of: $0) == nil && state.registry.groupMembers($0) == nil }.map { id in
            LayoutError(code: .unknownConstraint,
                        message: "no constraint has the id '\(id)'" + Suggestion.hint(for: id, among: knownIDs),
                        location: location)
        }
    }

    /// For `c2.top`, the composite `c2` that has a member `top` (nil otherwise).
    func composite(of id: String) -> String? {
        guard let dot = id.lastIndex(of: ".") else { return nil }
        let base = String(id[..<dot]), member = id[id.index(after: dot)...]
        guard let description = state.registry[base], description.expanded.count > 1,
              description.expanded.contains(where: { $0.compiled.firstAttribute.name == member }) else { return nil }
        return base
    }

    /// Every id a lifecycle op could name, for did-you-mean.
    private var knownIDs: [String] {
        Array(state.registry.groups.keys).sorted() + state.registry.inOrder.flatMap { d in
            [d.id] + (d.expanded.count > 1 ? d.expanded.map { "\(d.id).\($0.compiled.firstAttribute.name)" } : [])
        }
    }
}
