import Cassowary

/// Why an irreducible conflict cannot hold, in words and numbers (docs/semantics.md §8.5).
///
/// The members' solver forms `g_i` (`lhs - m * rhs - c`, each `== 0`, `>= 0` or `<= 0`)
/// have, being irreducible, one combination (up to scale) in which every variable cancels
/// and the constants add up to an impossibility (Farkas' lemma). One member is the pivot:
/// the others, combined with those weights, bound the pivot's quantity (its left side minus
/// its right side's items), and the bound misses what the pivot asks for. That is the
/// sentence: "c1 (…), c2 (…) and c3 (…) make s.width at least 21 = 10 (c1) + 11 (c2), but
/// c4 (…) needs it to equal 1".
struct ConflictExplanation {
    struct Member {
        let reference: ConstraintReference
        let terms: [(variable: Variable, coefficient: Double)]
        /// The form's whole constant (the quantity's own constant minus `target`).
        let constant: Double
        let relation: Relation
        /// The quantity the constraint states, as text (`s.width`, `b.left - a.left`), and the
        /// value it asks of it (`c`).
        let quantity: String
        let target: Double
        /// A pure constant (`width == 1`, a frame field): the best pivot.
        let isConstant: Bool
    }

    /// Conflicts bigger than this are explained without numbers (the elimination is cubic).
    static let maxMembers = 120

    /// The sentence for `members` (the broken one last), or nil when no single certificate
    /// is found (the set is then not a plain linear contradiction, which should not happen).
    static func explain(_ members: [Member]) -> String? {
        guard members.count >= 2, members.count <= maxMembers,
              let weights = certificate(members) else { return nil }
        // Pivot: the newest pure constant, else the broken (last) member.
        let p = members.lastIndex(where: \.isConstant) ?? members.count - 1
        let sign = { (r: Relation) -> Double in r == .lessThanOrEqual ? -1 : 1 }
        // Constants of the forms turned to `>= 0` (`h_i = sign_i * g_i`), weighted.
        var total = 0.0
        for (i, m) in members.enumerated() { total += weights[i] * sign(m.relation) * m.constant }
        let alpha = weights[p] * sign(members[p].relation)
        guard abs(alpha) > 1e-12 else { return nil }
        // The others' terms, each member's constant as it counts towards the bound.
        var parts: [(String, Double)] = []
        var exact = true
        for (i, m) in members.enumerated() where i != p {
            if m.relation != .equal { exact = false }
            let t = weights[i] * sign(m.relation) * m.constant / alpha
            if clean(t) != 0 { parts.append((m.reference.id, clean(t))) }
        }
        let ownConstant = members[p].constant + members[p].target
        if abs(ownConstant) > 1e-9 { parts.append(("margins and insets", clean(ownConstant))) }
        let bound = clean(members[p].target + total / alpha)
        let side = exact ? "exactly" : (alpha > 0 ? "at most" : "at least")
        let others = members.enumerated().filter { $0.offset != p }.map { name($0.element) }
        // "10 (c1) + 11 (c2)": each member's share, named.
        var sum = parts.isEmpty ? "0" : ""
        for (k, part) in parts.enumerated() {
            let v = part.1
            sum += k == 0 ? NumberFormat.string(v) : (v < 0 ? " - " : " + ") + NumberFormat.string(abs(v))
            sum += " (\(part.0))"
        }
        let need: String
        switch members[p].relation {
        case .equal: need = "to equal"
        case .greaterThanOrEqual: need = "to be at least"
        case .lessThanOrEqual: need = "to be at most"
        }
        return "\(list(others)) \(others.count == 1 ? "makes" : "make") \(members[p].quantity) \(side) \(NumberFormat.string(bound)) = \(sum), "
            + "but \(name(members[p])) needs it \(need) \(NumberFormat.string(clean(members[p].target)))"
    }

    /// What a user can do about a conflict: give the broken member (or another) a priority
    /// below required, or remove one.
    static func suggestions(_ members: [ConstraintReference]) -> [String] {
        guard let broken = members.last else { return [] }
        var out = ["Lower the priority of \(broken.id) (\(broken.description)) below 1000, e.g. @999, so it gives way without a conflict"]
        var ids = [broken.id]
        for m in members.dropLast() where !m.id.contains(".frame.") && !ids.contains(m.id) { ids.append(m.id) }
        if ids.count > 1 { out.append("Or remove one of \(list(ids)): any one of them resolves this conflict") }
        return out
    }

    private static func name(_ m: Member) -> String {
        "\(m.reference.id) (\(m.reference.description))"
    }

    private static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Rounded for words: three decimals, noise removed.
    private static func clean(_ v: Double) -> Double {
        let r = (v * 1000).rounded() / 1000
        return r == 0 ? 0 : r
    }

    /// Weights λ (one per member, not all zero) under which the members' variable terms
    /// cancel, scaled so that the weighted constants (of the forms as `>= 0`) are negative,
    /// with every inequality's weight non-negative; nil when there is no such single vector.
    static func certificate(_ members: [Member]) -> [Double]? {
        // Columns: members (forms turned to `>= 0`); rows: variables.
        var rowOf: [Variable: Int] = [:]
        var matrix: [[Double]] = []
        for (j, m) in members.enumerated() {
            let s: Double = m.relation == .lessThanOrEqual ? -1 : 1
            for t in m.terms where t.coefficient != 0 {
                let r: Int
                if let known = rowOf[t.variable] { r = known } else {
                    r = matrix.count
                    rowOf[t.variable] = r
                    matrix.append([Double](repeating: 0, count: members.count))
                }
                matrix[r][j] += s * t.coefficient
            }
        }
        guard let null = nullVector(&matrix, columns: members.count) else { return nil }
        var weights = null
        var k = 0.0
        for (j, m) in members.enumerated() { k += weights[j] * (m.relation == .lessThanOrEqual ? -1 : 1) * m.constant }
        if k > 0 { weights = weights.map { -$0 } } else if k == 0 { return nil }
        let scale = weights.map(abs).max() ?? 1
        weights = weights.map { $0 / scale }
        for (j, m) in members.enumerated() where m.relation != .equal && weights[j] < -1e-9 { return nil }
        return weights
    }

    /// The one vector spanning the null space of `matrix` (rows x `columns`), or nil when
    /// that space is not one-dimensional. Gaussian elimination with partial pivoting.
    private static func nullVector(_ a: inout [[Double]], columns n: Int) -> [Double]? {
        var pivotColumns: [Int] = []
        var row = 0
        let epsilon = 1e-9
        for col in 0..<n where row < a.count {
            var best = row
            for r in row..<a.count where abs(a[r][col]) > abs(a[best][col]) { best = r }
            guard abs(a[best][col]) > epsilon else { continue }
            a.swapAt(row, best)
            let p = a[row][col]
            for c in col..<n { a[row][c] /= p }
            for r in 0..<a.count where r != row && a[r][col] != 0 {
                let f = a[r][col]
                for c in col..<n { a[r][c] -= f * a[row][c] }
            }
            pivotColumns.append(col)
            row += 1
        }
        let free = (0..<n).filter { !pivotColumns.contains($0) }
        guard free.count == 1, let f = free.first else { return nil }
        var v = [Double](repeating: 0, count: n)
        v[f] = 1
        for (r, col) in pivotColumns.enumerated() { v[col] = -a[r][f] }
        return v
    }
}
