/// Entries that make several constraints of their own, a `distribute` entry (Masonry's
/// helpers) or a VFL line: `ID.1` to `ID.n`, each a description of its own that remembers its
/// entry, so that the document lists the entry whole while they are as it made them, and ops
/// may name the entry (all of them) or one of them.
extension LiveLayout {
    func makeDistribution(_ spec: ConstraintSpec, _ distribution: Distribution, compiler: ConstraintCompiler,
                          errors: inout [LayoutError]) {
        guard groupIDIsFree(spec, &errors) else { return }
        switch distribution.members(of: spec, id: spec.id ?? "c", in: state.tree) {
        case .success(let members): makeGroup(spec, members, compiler: compiler, errors: &errors)
        case .failure(let error): errors.append(error)
        }
    }

    /// A VFL line of a document (docs/semantics.md §6.6): the constraints Apple's parser makes.
    func makeVFL(_ spec: ConstraintSpec, _ line: VFLLine, compiler: ConstraintCompiler, errors: inout [LayoutError]) {
        guard groupIDIsFree(spec, &errors) else { return }
        let made = line.members(of: spec, metrics: state.metrics, in: state.tree)
        guard made.errors.isEmpty else { errors += made.errors; return }
        makeGroup(spec, made.members, compiler: compiler, errors: &errors)
    }

    private func groupIDIsFree(_ spec: ConstraintSpec, _ errors: inout [LayoutError]) -> Bool {
        guard let id = spec.id, state.registry[id] != nil || state.registry.groups[id] != nil else { return true }
        errors.append(LayoutError(code: .duplicateID, message: "constraint id '\(id)' is already taken",
                                  location: spec.location, source: spec.source))
        return false
    }

    /// Compiles every constraint an entry made, then (all of them valid) registers each as a
    /// description `ID.k` that remembers its entry. The entry counts once for `c<k>`.
    private func makeGroup(_ spec: ConstraintSpec, _ members: [ConstraintSpec], compiler: ConstraintCompiler,
                           errors: inout [LayoutError]) {
        var compiled: [[CompiledConstraint]] = []
        for member in members {
            switch compiler.compile(member, defaultFirst: nil) {
            case .success(let constraints): compiled.append(constraints)
            case .failure(let failure): errors += failure.errors
            }
        }
        guard compiled.count == members.count else { return }
        let id = state.registry.nextId(given: spec.id)
        var entry = spec
        entry.id = id
        for (k, var member) in members.enumerated() {
            let memberID = "\(id).\(k + 1)"
            guard state.registry[memberID] == nil, let first = member.first else {
                errors.append(LayoutError(code: .duplicateID, message: "constraint id '\(memberID)' (made by '\(id)') is already taken",
                                          location: spec.location, source: spec.source))
                continue
            }
            member.id = memberID
            let group = GroupMember(entry: entry, entryID: id, index: k + 1, count: members.count, priority: member.priority)
            errors += register(member, first: first, compiled[k], group: group)
        }
    }
}

extension Registry {
    /// An entry (distribute, VFL) whose constraints start at `list[i]`, if they are all there,
    /// next to each other in add order, as it made them and alike in `active`: the entry, as
    /// the document lists it, and how many descriptions it stands for. Their priorities are
    /// those the entry gave, or (a distribute entry, whose `priority` is one for all) all the
    /// same.
    func intactGroup(_ list: [InstalledDescription], at i: Int) -> (spec: ConstraintSpec, count: Int)? {
        let d = list[i]
        guard let group = d.stored.group, group.index == 1, i + group.count <= list.count,
              let priority = d.expanded.first?.compiled.priority else { return nil }
        var asMade = true, uniform = true
        for k in 0..<group.count {
            let m = list[i + k]
            guard let g = m.stored.group, g.entryID == group.entryID, g.index == k + 1, !m.edited, m.active == d.active,
                  m.id == "\(group.entryID).\(k + 1)", let p = m.expanded.first?.compiled.priority else { return nil }
            if p != g.priority { asMade = false }
            if p != priority { uniform = false }
        }
        guard asMade || (uniform && group.entry.distribution != nil) else { return nil }
        var spec = group.entry
        spec.active = d.active
        if !asMade { spec.priority = priority }
        return (spec, group.count)
    }

    /// Whether the entry `member` belongs to is listed whole (`intactGroup`): for diagnostics,
    /// which describe its constraints as the entry does only then (a scan of the descriptions).
    func isIntact(_ member: GroupMember) -> Bool {
        guard let first = self["\(member.entryID).1"] else { return false }
        let list = inOrder
        guard let start = list.firstIndex(where: { $0.seq == first.seq && $0.id == first.id }) else { return false }
        return intactGroup(list, at: start) != nil
    }
}
