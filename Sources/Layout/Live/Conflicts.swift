import Cassowary

extension LiveLayout {
    /// The irreducible conflict of a required entry that cannot hold (docs/sessions.md,
    /// "Conflicts"): among the required constraints enforced before it, in add order, the
    /// set whose newest member is oldest (`Solver.earliestConflict`). It depends on the
    /// layout's constraints and constants alone, so a session and a fresh solve of its
    /// document report the same set.
    func conflict(of entry: SolverEntry) -> [Constraint] {
        if let index = addOrder?.required {
            let members = Solver.earliestConflict(adding: (entry.constraint, entry.constant), after: index.constraints,
                                                  candidates: index.candidates(for: entry.constraint),
                                                  deadline: solver.deadline)
            // Probes that ran out of time found only part of the set: the request is then
            // out of time as a whole (refused), never answered with a conflict cut short.
            _ = solver.checkDeadline()
            return members.map { index.constraints[$0].0 }
        }
        var prior: [SolverEntry] = []
        state.forEachEntry { _, e in
            if e.seq < entry.seq && !e.isBroken && e.constraint.isRequired { prior.append(e) }
        }
        prior.sort { $0.seq < $1.seq }
        let members = Solver.earliestConflict(adding: (entry.constraint, entry.constant),
                                              after: prior.map { ($0.constraint, $0.constant) })
        return members.map { prior[$0].constraint }
    }
}
