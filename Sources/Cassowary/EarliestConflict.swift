// A conflict chosen by the order of the constraints alone.
//
// `explain` (Conflict.swift) finds an irreducible set from the row that proved a failure,
// so which set it finds, when several would do, depends on the pivots that led there. A
// live layout must answer what a fresh solve of the same constraints answers whatever its
// history, so it asks this instead: given the required constraints already enforced, in
// the order they were added, the irreducible set whose newest member is as old as it can
// be, then the same for the rest (QuickXplain's preferred set for that order). Each step
// adds constraints to a fresh probe until one fails, so no solver state takes part.

extension Solver {
    /// Indices into `prior` (ascending) of an irreducible set that cannot hold together
    /// with `new`: the one whose newest member comes first in `prior`'s order, then the
    /// same for the remaining members. `prior` (constraints with their current constants)
    /// must hold together. Empty if `new` cannot hold alone, or (numerical trouble) if the
    /// probes find no conflict at all.
    /// `candidates`, when given, are the indices of the constraints of `prior` linked to
    /// `new` through shared variables, in the order to choose by (ascending indices: `prior`'s
    /// order); otherwise they are found here. The result is ascending in that order.
    public static func earliestConflict(adding new: (Constraint, Double), after prior: [(Constraint, Double)],
                                        candidates given: [Int]? = nil,
                                        deadline: ContinuousClock.Instant? = nil) -> [Int] {
        let candidates = given ?? sharingVariables(with: new.0, prior)
        var base = [new]
        var chosen: [Int] = []  // positions in `candidates`
        var limit = candidates.count
        while true {
            let probe = Probe()
            probe.solver.setBudget(deadline: deadline)
            guard probe.addAll(base), !probe.solver.ranOutOfTime else { break }
            var failing: Int?
            for p in 0..<limit where !probe.add(prior[candidates[p]]) {
                failing = p
                break
            }
            guard let k = failing, !probe.solver.ranOutOfTime else { break }
            chosen.append(k)
            base.append(prior[candidates[k]])
            limit = k
        }
        return chosen.sorted().map { candidates[$0] }
    }

    /// The indices of `prior` whose constraints are linked to `new` through shared
    /// variables (directly or along a chain): only those can take part in its conflict.
    static func sharingVariables(with new: Constraint, _ prior: [(Constraint, Double)]) -> [Int] {
        var parent: [Int: Int] = [:]
        func find(_ x: Int) -> Int {
            var x = x
            while let p = parent[x], p != x {
                let grand = parent[p] ?? p
                parent[x] = grand
                x = grand
            }
            return x
        }
        func union(_ terms: [(variable: Variable, coefficient: Double)]) {
            guard let first = terms.first?.variable.id else { return }
            if parent[first] == nil { parent[first] = first }
            let root = find(first)
            for t in terms.dropFirst() {
                if parent[t.variable.id] == nil { parent[t.variable.id] = t.variable.id }
                let r = find(t.variable.id)
                if r != root { parent[r] = root }
            }
        }
        union(new.expression.terms)
        for (c, _) in prior { union(c.expression.terms) }
        guard let anchor = new.expression.terms.first?.variable.id else { return [] }
        let root = find(anchor)
        return prior.indices.filter { i in
            prior[i].0.expression.terms.first.map { find($0.variable.id) == root } ?? true
        }
    }

    /// A fresh solver that only says whether constraints (all taken as required) fit.
    private final class Probe {
        let solver = Solver()
        var variables: [Int: Variable] = [:]

        init() { solver.explainsConflicts = false }

        func add(_ item: (Constraint, Double)) -> Bool {
            let (c, constant) = item
            var terms: [(Variable, Double)] = []
            terms.reserveCapacity(c.expression.terms.count)
            for t in c.expression.terms {
                let v = variables[t.variable.id] ?? solver.makeVariable()
                variables[t.variable.id] = v
                terms.append((v, t.coefficient))
            }
            return (try? solver.add(Constraint(Expression(terms, constant: constant), c.relation))) != nil
        }

        func addAll(_ items: [(Constraint, Double)]) -> Bool { items.allSatisfy(add) }
    }
}
