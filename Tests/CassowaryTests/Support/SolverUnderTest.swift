// What the property harness drives: the real Solver (RealSolver), or, to check the harness and the
// generator themselves, a stand-in that answers from the oracle (OracleBackedSolver). Variables
// are addressed by index, constraints by the Constraint objects the harness makes.
import Cassowary

protocol SolverUnderTest: AnyObject {
    func makeVariables(_ count: Int)
    func expression(terms: [(Int, Double)], constant: Double) -> Expression
    /// `model` is what the harness believes `c` means (only the oracle stand-in reads it).
    func add(_ c: Constraint, model: OracleConstraint) throws(SolverError)
    func remove(_ c: Constraint) throws(SolverError)
    func contains(_ c: Constraint) -> Bool
    func setConstant(_ c: Constraint, to constant: Double) throws(SolverError)
    /// All or nothing, one re-optimisation (`Solver.setConstants`).
    func setConstants(_ changes: [ConstantChange]) throws(SolverError)
    /// Optional to optional only.
    func setPriority(_ c: Constraint, to priority: Double) throws(SolverError)
    func constant(of c: Constraint) -> Double?
    func addEditVariable(_ k: Int, priority: Double) throws(SolverError)
    func removeEditVariable(_ k: Int) throws(SolverError)
    func hasEditVariable(_ k: Int) -> Bool
    func suggestValue(_ k: Int, _ value: Double) throws(SolverError)
    func value(_ k: Int) -> Double
    func ambiguous(_ ks: [Int]) -> Set<Int>
    func objective() -> [(priority: Double, violation: Double)]
}

/// The Cassowary Solver itself.
final class RealSolver: SolverUnderTest {
    let solver: Solver
    private(set) var variables: [Variable] = []

    /// A new solver, or a reused one (`Solver.reset`).
    init(solver: Solver = Solver()) { self.solver = solver }

    func makeVariables(_ count: Int) {
        variables = (0..<count).map { solver.makeVariable("x\($0)") }
    }
    func expression(terms: [(Int, Double)], constant: Double) -> Expression {
        Expression(terms.map { (variables[$0.0], $0.1) }, constant: constant)
    }
    func add(_ c: Constraint, model: OracleConstraint) throws(SolverError) { try solver.add(c) }
    func remove(_ c: Constraint) throws(SolverError) { try solver.remove(c) }
    func contains(_ c: Constraint) -> Bool { solver.contains(c) }
    func setConstant(_ c: Constraint, to constant: Double) throws(SolverError) { try solver.setConstant(c, to: constant) }
    func setConstants(_ changes: [ConstantChange]) throws(SolverError) { try solver.setConstants(changes) }
    func setPriority(_ c: Constraint, to priority: Double) throws(SolverError) { try solver.setPriority(c, to: priority) }
    func constant(of c: Constraint) -> Double? { solver.constant(of: c) }
    func addEditVariable(_ k: Int, priority: Double) throws(SolverError) {
        try solver.addEditVariable(variables[k], priority: priority)
    }
    func removeEditVariable(_ k: Int) throws(SolverError) { try solver.removeEditVariable(variables[k]) }
    func hasEditVariable(_ k: Int) -> Bool { solver.hasEditVariable(variables[k]) }
    func suggestValue(_ k: Int, _ value: Double) throws(SolverError) { try solver.suggestValue(variables[k], value) }
    func value(_ k: Int) -> Double { solver.value(variables[k]) }
    func ambiguous(_ ks: [Int]) -> Set<Int> {
        let got = solver.ambiguous(ks.map { variables[$0] })
        return Set(ks.filter { got.contains(variables[$0]) })
    }
    func objective() -> [(priority: Double, violation: Double)] { solver.objective() }
}

/// A deliberately naive stand-in that re-solves everything with the oracle after each change.
/// It exists to show that the harness passes a correct solver (no false alarms) and catches the
/// kinds of bug in `Bug`.
final class OracleBackedSolver: SolverUnderTest {
    enum Bug: CaseIterable, Sendable {
        case none
        /// Reports every installed required constraint as the conflict (reducible).
        case reducibleConflict
        /// Keeps a rejected required constraint's effect (no roll-back): it stays installed.
        case noRollback
        /// objective() is off at the lowest level.
        case wrongObjective
        /// Ties are not reported as ambiguous.
        case missesTies
        /// setConstant on an optional constraint is ignored.
        case ignoresOptionalSetConstant
    }

    let bug: Bug
    private var n = 0
    private var installed: [(handle: Constraint, model: OracleConstraint)] = []
    private var edits: [Int: (priority: Double, suggestion: Double)] = [:]
    private var cache: OracleSolution?

    init(bug: Bug = .none) { self.bug = bug }

    func makeVariables(_ count: Int) { n = count }
    func expression(terms: [(Int, Double)], constant: Double) -> Expression { Expression([], constant: constant) }

    private func system() -> [OracleConstraint] {
        var s = installed.map(\.model)
        for (k, e) in edits.sorted(by: { $0.key < $1.key }) {
            var a = Array(repeating: 0.0, count: n)
            a[k] = 1
            s.append(OracleConstraint(coefficients: a, constant: -e.suggestion, relation: .equal, priority: e.priority))
        }
        return s
    }

    private func solution() -> OracleSolution {
        if let c = cache { return c }
        let s = LexOracle.solve(variableCount: n, system(), computeAmbiguity: true)
            ?? OracleSolution(levels: [], values: Array(repeating: 0, count: n), ambiguous: [])
        cache = s
        return s
    }

    /// Deletion filter: drop members that are not needed for the infeasibility.
    private func conflict(with new: OracleConstraint, excluding skip: Constraint?) -> [Constraint] {
        var members = installed.filter { $0.model.isRequired && $0.handle !== skip }
        if bug == .reducibleConflict { return members.map(\.handle) }
        var i = 0
        while i < members.count {
            var rest = members
            rest.remove(at: i)
            if !LexOracle.isFeasible(variableCount: n, rest.map(\.model) + [new]) { members = rest } else { i += 1 }
        }
        return members.map(\.handle)
    }

    func add(_ c: Constraint, model: OracleConstraint) throws(SolverError) {
        if installed.contains(where: { $0.handle === c }) { throw .duplicateConstraint }
        if model.isRequired,
           !LexOracle.isFeasible(variableCount: n, installed.filter { $0.model.isRequired }.map(\.model) + [model]) {
            let conflict = conflict(with: model, excluding: nil)
            if bug == .noRollback { installed.append((c, model)); cache = nil }
            throw .unsatisfiable(conflict: conflict)
        }
        installed.append((c, model))
        cache = nil
    }

    func remove(_ c: Constraint) throws(SolverError) {
        guard let i = installed.firstIndex(where: { $0.handle === c }) else { throw .unknownConstraint }
        installed.remove(at: i)
        cache = nil
    }

    func contains(_ c: Constraint) -> Bool { installed.contains { $0.handle === c } }

    func setPriority(_ c: Constraint, to priority: Double) throws(SolverError) {
        guard let i = installed.firstIndex(where: { $0.handle === c }) else { throw .unknownConstraint }
        installed[i].model.priority = priority
        cache = nil
    }

    func setConstant(_ c: Constraint, to constant: Double) throws(SolverError) {
        guard let i = installed.firstIndex(where: { $0.handle === c }) else { throw .unknownConstraint }
        var changed = installed[i].model
        changed.constant = constant
        if changed.isRequired {
            let others = installed.enumerated().filter { $0.offset != i && $0.element.model.isRequired }.map(\.element.model)
            if !LexOracle.isFeasible(variableCount: n, others + [changed]) {
                throw .unsatisfiable(conflict: conflict(with: changed, excluding: c))
            }
        } else if bug == .ignoresOptionalSetConstant {
            return
        }
        installed[i].model = changed
        cache = nil
    }

    func setConstants(_ changes: [ConstantChange]) throws(SolverError) {
        var models = installed
        for change in changes {
            guard let i = models.firstIndex(where: { $0.handle === change.constraint }) else { throw .unknownConstraint }
            models[i].model.constant = change.constant
        }
        guard LexOracle.isFeasible(variableCount: n, models.map(\.model).filter(\.isRequired)) else { throw .unsatisfiable(conflict: []) }
        installed = models
        cache = nil
    }

    func constant(of c: Constraint) -> Double? { installed.first { $0.handle === c }?.model.constant }

    func addEditVariable(_ k: Int, priority: Double) throws(SolverError) {
        edits[k] = (priority, 0)
        cache = nil
    }
    func removeEditVariable(_ k: Int) throws(SolverError) {
        edits[k] = nil
        cache = nil
    }
    func hasEditVariable(_ k: Int) -> Bool { edits[k] != nil }
    func suggestValue(_ k: Int, _ value: Double) throws(SolverError) {
        edits[k]!.suggestion = value
        cache = nil
    }

    func value(_ k: Int) -> Double { solution().values[k] }

    func ambiguous(_ ks: [Int]) -> Set<Int> {
        let s = solution()
        if bug == .missesTies {
            // Only variables in no constraint at all.
            let used = Set(system().flatMap { c in c.coefficients.indices.filter { c.coefficients[$0] != 0 } })
            return Set(ks.filter { !used.contains($0) })
        }
        return Set(ks.filter { s.ambiguous.contains($0) })
    }

    func objective() -> [(priority: Double, violation: Double)] {
        var levels = solution().levels.map { (priority: $0.priority, violation: $0.violation) }
        if bug == .wrongObjective, !levels.isEmpty { levels[levels.count - 1].violation += 0.5 }
        return levels
    }
}
