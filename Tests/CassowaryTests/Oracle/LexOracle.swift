// The test oracle: lexicographic L1 optimisation of a small constraint system, computed from
// scratch with DenseSimplex. Independent of the Cassowary module: its own types, dense rows.

enum OracleRelation: Sendable, Equatable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// `constant + Σ coefficients[k]·x[k]  relation  0` at `priority` (1000 = required).
struct OracleConstraint: Sendable {
    var coefficients: [Double]
    var constant: Double
    var relation: OracleRelation
    var priority: Double

    var isRequired: Bool { priority >= 1000 }

    func evaluate(_ x: [Double]) -> Double {
        var e = constant
        for k in 0..<coefficients.count { e += coefficients[k] * x[k] }
        return e
    }

    /// How far `x` is from satisfying the constraint (L1, weight 1).
    func violation(_ x: [Double]) -> Double {
        let e = evaluate(x)
        switch relation {
        case .equal: return abs(e)
        case .lessThanOrEqual: return max(0, e)
        case .greaterThanOrEqual: return max(0, -e)
        }
    }

    /// A scale for tolerances: the magnitude of the terms at `x`.
    func scale(_ x: [Double]) -> Double {
        var s = abs(constant)
        for k in 0..<coefficients.count { s += abs(coefficients[k] * x[k]) }
        return 1 + s
    }
}

struct OracleLevel: Sendable, Equatable {
    var priority: Double
    var violation: Double
}

struct OracleSolution: Sendable {
    /// One entry per distinct optional priority, highest first: the minimal total violation at
    /// that level given that every higher level is at its minimum.
    var levels: [OracleLevel]
    /// One optimal point.
    var values: [Double]
    /// Variables whose value is not the same at every lexicographic optimum (only when asked for).
    var ambiguous: Set<Int>
}

enum LexOracle {
    /// Whether all `constraints` can hold at once, every one treated as required.
    static func isFeasible(variableCount: Int, _ constraints: [OracleConstraint]) -> Bool {
        let required = constraints.map { c -> OracleConstraint in
            var r = c
            r.priority = 1000
            return r
        }
        return solve(variableCount: variableCount, required, computeAmbiguity: false) != nil
    }

    /// The lexicographic optimum, or nil when the required constraints cannot all hold.
    static func solve(variableCount n: Int, _ constraints: [OracleConstraint],
                      computeAmbiguity: Bool = false) -> OracleSolution? {
        // Columns: x⁺_k, x⁻_k for each variable (free x = x⁺ − x⁻), then the violation columns
        // of the optional constraints: e == 0 gets e = p − q (violation p + q); e <= 0 gets
        // e − v <= 0; e >= 0 gets e + v >= 0 (violation v).
        var violationColumns: [[Int]] = []
        var columns = 2 * n
        for c in constraints {
            if c.isRequired {
                violationColumns.append([])
            } else if c.relation == .equal {
                violationColumns.append([columns, columns + 1])
                columns += 2
            } else {
                violationColumns.append([columns])
                columns += 1
            }
        }
        var rows: [LPRow] = []
        for (index, c) in constraints.enumerated() {
            precondition(c.coefficients.count == n, "constraint width")
            var a = Array(repeating: 0.0, count: columns)
            for k in 0..<n {
                a[2 * k] = c.coefficients[k]
                a[2 * k + 1] = -c.coefficients[k]
            }
            let v = violationColumns[index]
            if !c.isRequired {
                switch c.relation {
                case .equal: a[v[0]] = -1; a[v[1]] = 1
                case .lessThanOrEqual: a[v[0]] = -1
                case .greaterThanOrEqual: a[v[0]] = 1
                }
            }
            let relation: LPRelation = switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
            rows.append(LPRow(coefficients: a, relation: relation, rhs: -c.constant))
        }
        let lp = DenseSimplex(structuralCount: columns, rows: rows)
        guard lp.findFeasibleBasis() else { return nil }

        let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
        var levels: [OracleLevel] = []
        for p in priorities {
            var cost = Array(repeating: 0.0, count: columns)
            for (index, c) in constraints.enumerated() where !c.isRequired && c.priority == p {
                for j in violationColumns[index] { cost[j] = 1 }
            }
            guard let z = lp.minimize(cost) else { fatalError("a sum of violations cannot be unbounded") }
            levels.append(OracleLevel(priority: p, violation: max(0, z)))
            lp.restrictToOptimalFace()
        }
        let y = lp.solution()
        let x = (0..<n).map { y[2 * $0] - y[2 * $0 + 1] }

        var ambiguous: Set<Int> = []
        if computeAmbiguity {
            for k in 0..<n {
                var cost = Array(repeating: 0.0, count: columns)
                cost[2 * k] = 1
                cost[2 * k + 1] = -1
                guard let low = lp.minimize(cost) else { ambiguous.insert(k); continue }
                cost[2 * k] = -1
                cost[2 * k + 1] = 1
                guard let negHigh = lp.minimize(cost) else { ambiguous.insert(k); continue }
                let high = -negHigh
                if high - low > 1e-7 * (1 + abs(high) + abs(low)) { ambiguous.insert(k) }
            }
        }
        return OracleSolution(levels: levels, values: x, ambiguous: ambiguous)
    }

    /// The violation at each optional priority (highest first) of the point `x`.
    static func levels(of constraints: [OracleConstraint], at x: [Double]) -> [OracleLevel] {
        let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
        return priorities.map { p in
            OracleLevel(priority: p, violation: constraints.filter { !$0.isRequired && $0.priority == p }
                .reduce(0) { $0 + $1.violation(x) })
        }
    }
}
