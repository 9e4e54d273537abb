// Explaining required conflicts with an irreducible set.
//
// The row that proves infeasibility (a new row that no symbol can bring to zero, or the
// row the dual simplex cannot repair) is a combination of original equations; the equations in
// it are exactly those whose marker symbols it mentions (a marker occurs in its own
// equation only). That Farkas support is a small conflicting set; a deletion filter on
// fresh solvers then makes it irreducible.

extension Solver {
    func explain(_ failure: Failure, adding new: Constraint, constant: Double) -> [Constraint] {
        let support = requiredOwners(of: failure, excluding: new)
        return deletionFilter(support, plus: new, constant: constant)
    }

    func explain(_ failure: Failure, changing c: Constraint, to constant: Double) -> [Constraint] {
        let support = requiredOwners(of: failure, excluding: c)
        return deletionFilter(support, plus: c, constant: constant)
    }

    func requiredOwners(of failure: Failure, excluding excluded: Constraint) -> [Constraint] {
        var seen = Set<ObjectIdentifier>()
        var result: [Constraint] = []
        var symbols = Array(failure.row.symbols)
        if let b = failure.basic { symbols.append(b) }
        for s in symbols {
            guard let c = owner[Int(s)], c !== excluded, c.isRequired,
                  tags[c] != nil, seen.insert(ObjectIdentifier(c)).inserted else { continue }
            result.append(c)
        }
        return result
    }

    /// Shrinks `candidates` to an irreducible set that, with `extra` (at `constant`), is
    /// infeasible. If the candidates turn out not to conflict (numerical trouble), falls
    /// back to every installed required constraint.
    func deletionFilter(_ candidates: [Constraint], plus extra: Constraint, constant: Double) -> [Constraint] {
        let extraCopy = Constraint(Expression(extra.expression.terms.map { ($0.variable, $0.coefficient) }, constant: constant),
                                   extra.relation, priority: Priority.required, name: extra.name)
        func constantOf(_ c: Constraint) -> Double { tags[c]?.constant ?? c.expression.constant }
        var set = candidates
        if Solver.isFeasible(set.map { ($0, constantOf($0)) } + [(extraCopy, constant)]) {
            set = tags.all.map(\.constraint).filter { $0.isRequired && $0 !== extra }
            if Solver.isFeasible(set.map { ($0, constantOf($0)) } + [(extraCopy, constant)]) { return [] }
        }
        var i = 0
        while i < set.count {
            var trial = set
            trial.remove(at: i)
            if Solver.isFeasible(trial.map { ($0, constantOf($0)) } + [(extraCopy, constant)]) {
                i += 1
            } else {
                set = trial
            }
        }
        return set.sorted { (tags[$0]?.order ?? 0) < (tags[$1]?.order ?? 0) }
    }

    /// Whether the given constraints (with the given constants), all taken as required, can
    /// hold together. Uses a fresh solver that does not explain its own failures.
    static func isFeasible(_ constraints: [(Constraint, Double)]) -> Bool {
        let probe = Solver()
        probe.explainsConflicts = false
        var map: [Int: Variable] = [:]
        for (c, constant) in constraints {
            var terms: [(Variable, Double)] = []
            for t in c.expression.terms {
                let v = map[t.variable.id] ?? probe.makeVariable()
                map[t.variable.id] = v
                terms.append((v, t.coefficient))
            }
            do {
                try probe.add(Constraint(Expression(terms, constant: constant), c.relation))
            } catch {
                return false
            }
        }
        return true
    }
}
