import Cassowary

/// `constant + Σ coefficient·variable`.
func expr(_ terms: [(Variable, Double)], _ constant: Double = 0) -> Expression {
    Expression(terms, constant: constant)
}

/// `coefficient·v + constant  relation  0` at `priority`.
func cn(_ terms: [(Variable, Double)], _ constant: Double, _ relation: Relation,
        _ priority: Double = Priority.required, _ name: String = "") -> Constraint {
    Constraint(expr(terms, constant), relation, priority: priority, name: name)
}

/// `v == value` at `priority`.
func pin(_ v: Variable, _ value: Double, _ priority: Double = Priority.required, _ name: String = "") -> Constraint {
    cn([(v, 1)], -value, .equal, priority, name)
}

func approxEqual(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool {
    abs(a - b) <= tol * (1 + abs(a) + abs(b))
}

func objectiveMatches(_ got: [(priority: Double, violation: Double)], _ want: [(Double, Double)]) -> Bool {
    got.count == want.count && zip(got, want).allSatisfy { $0.priority == $1.0 && approxEqual($0.violation, $1.1) }
}
