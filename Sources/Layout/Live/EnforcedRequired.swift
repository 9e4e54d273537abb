import Cassowary

/// The required constraints a solver enforces, in add order, kept while a build, a
/// re-evaluation or a rebuild adds constraints one by one in that order: what a broken
/// constraint's conflict is chosen among (`LiveLayout.conflict(of:)`). The constraints are
/// grouped by the variables they link (a union-find over variable ids), because only the
/// group of a broken constraint's own variables can take part in its conflict: a document
/// of many small independent conflicts then costs little per conflict. The groups are made
/// only when a conflict first asks for them: most builds break nothing and never do.
final class EnforcedRequired {
    private(set) var constraints: [(Constraint, Double)] = []
    /// Each constraint's place in document order (`LiveLayout.documentRank`), by index.
    private var ranks: [DocumentRank] = []
    /// Union-find parent by variable id (-1: not seen yet).
    private var parent: [Int32] = []
    /// Indices into `constraints` of each group, by its root (unordered).
    private var members: [Int32: [Int32]] = [:]
    /// How many of `constraints` are in the groups.
    private var grouped = 0

    func append(_ constraint: Constraint, constant: Double, rank: DocumentRank) {
        constraints.append((constraint, constant))
        ranks.append(rank)
    }

    /// Puts the constraints appended since the last call into the groups.
    private func group() {
        while grouped < constraints.count {
            join(constraints[grouped].0, index: Int32(truncatingIfNeeded: grouped))
            grouped += 1
        }
    }

    private func join(_ constraint: Constraint, index: Int32) {
        var root: Int32 = -1
        for term in constraint.expression.terms {
            let r = find(Int32(truncatingIfNeeded: term.variable.id))
            root = root < 0 ? r : union(root, r)
        }
        if root >= 0 { members[root, default: []].append(index) }
    }

    /// Indices of the enforced constraints linked to `constraint`'s variables, in document
    /// order: a conflict is chosen by the order a fresh solve of the layout's document adds
    /// them in, which differs from a session's add order only for views added later (whose
    /// own constraints no conflict can order against older ones, but the choice of members
    /// could).
    func candidates(for constraint: Constraint) -> [Int] {
        group()
        var roots: [Int32] = []
        for term in constraint.expression.terms {
            let id = term.variable.id
            guard id >= 0, id < parent.count, parent[id] >= 0 else { continue }
            let r = find(Int32(truncatingIfNeeded: id))
            if !roots.contains(r) { roots.append(r) }
        }
        var out: [Int] = []
        for r in roots { out += (members[r] ?? []).map(Int.init) }
        return out.sorted { ranks[$0] < ranks[$1] }
    }

    /// Where a constraint stands in document order: a view's own constraints first (by the
    /// view's place, superviews first, then which of them), then the others by add order.
    struct DocumentRank: Comparable {
        let group: Int, position: Int, index: Int
        static func < (a: DocumentRank, b: DocumentRank) -> Bool {
            (a.group, a.position, a.index) < (b.group, b.position, b.index)
        }
    }

    private func find(_ x: Int32) -> Int32 {
        let i = Int(x)
        if i >= parent.count { parent += [Int32](repeating: -1, count: i + 1 - parent.count) }
        if parent[i] < 0 { parent[i] = x; return x }
        var root = x
        while parent[Int(root)] != root { root = parent[Int(root)] }
        var at = x
        while parent[Int(at)] != root {
            let next = parent[Int(at)]
            parent[Int(at)] = root
            at = next
        }
        return root
    }

    /// Joins two groups (the smaller's members move into the larger's list).
    private func union(_ a: Int32, _ b: Int32) -> Int32 {
        if a == b { return a }
        let (big, small) = (members[a]?.count ?? 0) >= (members[b]?.count ?? 0) ? (a, b) : (b, a)
        parent[Int(small)] = big
        if let moving = members.removeValue(forKey: small) { members[big, default: []] += moving }
        return big
    }
}
