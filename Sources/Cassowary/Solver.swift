/// An incremental Cassowary solver with strictly ordered priorities.
/// (Interface first; the implementation lands in the files beside this one.)
public final class Solver {
    public init() {}

    /// A new variable; `name` is for debugging only.
    public func makeVariable(_ name: String = "") -> Variable { Variable(id: 0) }
    public func name(of variable: Variable) -> String { "" }

    /// Installs `constraint`. Throws `.unsatisfiable` (with an irreducible conflict) when it
    /// cannot hold together with the required constraints already installed; the solver is
    /// then exactly as it was.
    public func add(_ constraint: Constraint) throws(SolverError) {}
    public func remove(_ constraint: Constraint) throws(SolverError) {}
    public func contains(_ constraint: Constraint) -> Bool { false }

    /// Changes the constant of an installed constraint's expression in place (no remove and
    /// re-add), then re-optimises with the dual simplex.
    public func setConstant(_ constraint: Constraint, to constant: Double) throws(SolverError) {}
    public func constant(of constraint: Constraint) -> Double? { nil }

    public func addEditVariable(_ variable: Variable, priority: Double) throws(SolverError) {}
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {}
    public func hasEditVariable(_ variable: Variable) -> Bool { false }
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {}

    /// The variable's value in the current optimal solution.
    public func value(_ variable: Variable) -> Double { 0 }

    /// Which of `variables` are not uniquely determined among the optimal solutions.
    public func ambiguous(_ variables: [Variable]) -> Set<Variable> { [] }

    /// The total violation at each optional priority in use, highest priority first.
    public func objective() -> [(priority: Double, violation: Double)] { [] }
}
