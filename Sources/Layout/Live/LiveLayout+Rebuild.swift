import Cassowary

/// A session's solver, built once and edited for as long as the session lives, gathers
/// two kinds of residue that a fresh build would not have: symbols of constraints taken
/// out (never reused, and some walks visit every symbol ever made), and the rounding of
/// constants shifted in place (each shift adds a rounding error to the rows it moves).
/// When either passes its bound, the layout moves to a new solver holding the same
/// constraints at their current constants, in add order: the same answer (conflicts and
/// broken constraints are decided by the add order alone), without the residue.
extension LiveLayout {
    /// In-place constant changes after which a rebuild clears their rounding: each shift
    /// rounds the rows it moves by about 2e-16 of their magnitude, so 100,000 of them stay
    /// within 2e-11 of a coordinate (2e-8 of a point at a thousand points), far below what
    /// answers show, for a rebuild every 100,000 edits.
    static let driftLimit = 100_000

    /// Whether dead symbols outnumber live ones four to one, or rounding may have built up.
    var needsRebuild: Bool {
        let live = 4 * state.tree.count + 2 * state.entryCount
        return solver.symbolCount > 4 * live + 1024 || drift > Self.driftLimit
    }

    /// Moves the layout to a new solver: new variables for every view, then every entry
    /// (enforced or broken) put back in add order, each enforced or broken anew. Runs
    /// outside any batch (nothing to undo: the answer does not change).
    func rebuildSolver() {
        let entries = state.clearEntries().sorted { $0.1.seq < $1.1.seq }
        let fresh = Solver()
        fresh.explainsConflicts = false
        fresh.reserveCapacity(variables: 4 * state.tree.count, constraints: entries.count)
        solver = fresh
        addOrder = AddOrderIndex(required: EnforcedRequired(), viewRanks: state.tree.documentRank())
        defer { addOrder = nil }
        let map = state.tree.rebind { FrameVariables(solver: fresh) }
        let linearizer = state.linearizer
        for (key, entry) in entries {
            // A user constraint is linearised again from what the registry says: its
            // constant exactly as a fresh build makes it, not as shifts left it.
            if case .user(let id, let attribute) = key,
               let compiled = state.registry[id]?.expanded.first(where: { $0.compiled.firstAttribute == attribute })?.compiled,
               let form = linearizer.expression(of: compiled) {
                try? install(key, form: form, relation: compiled.relation, priority: compiled.priority)
                continue
            }
            let old = entry.constraint
            let terms = old.expression.terms.map { t in (variable: map[t.variable.id] ?? t.variable, coefficient: t.coefficient) }
            let expression = Expression(terms: terms, constant: entry.constant)
            let constraint = old.priorityBelow != old.priority
                ? Constraint(expression, equalAbove: old.priority, below: old.priorityBelow, name: old.name)
                : Constraint(expression, old.relation, priority: old.priority, name: old.name)
            try? install(key, constraint, constant: entry.constant)
        }
        structureVersion += 1
        ambiguityCache = nil
        drift = 0
    }
}
