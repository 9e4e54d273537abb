// Drives a Solver alongside a plain model of what should be installed, and checks the solver
// against the oracle after every step. Used by the property tests.
import Cassowary

/// What the test believes is installed in the solver.
struct InstalledConstraint {
    let handle: Constraint
    /// The constraint as the oracle sees it (dense coefficients, current constant).
    var model: OracleConstraint
    /// setConstant was applied at least once (such a constraint is not re-added after removal:
    /// the API does not say which constant a re-added constraint has).
    var constantChanged = false
}

struct EditState {
    var priority: Double
    var suggestion: Double
}

final class SolverHarness {
    let solver: any SolverUnderTest
    let variableCount: Int
    private(set) var installed: [InstalledConstraint] = []
    private(set) var removed: [InstalledConstraint] = []
    private(set) var edits: [Int: EditState] = [:]
    /// Failure messages; the first one stops the run of a system.
    private(set) var failures: [String] = []
    private(set) var log: [String] = []
    let checkAmbiguity: Bool
    /// Counters, to see that the random systems exercise what they should.
    var stats = Stats()

    struct Stats {
        var steps = 0, adds = 0, rejected = 0, removes = 0, setConstants = 0, setConstantRejected = 0
        var suggests = 0, edits = 0, levelsSeen = 0, ambiguousSeen = 0, runs = 0
        /// `setConstants` batches, and those refused.
        var batches = 0, batchesRefused = 0
        static func + (a: Stats, b: Stats) -> Stats {
            Stats(steps: a.steps + b.steps, adds: a.adds + b.adds, rejected: a.rejected + b.rejected,
                  removes: a.removes + b.removes, setConstants: a.setConstants + b.setConstants,
                  setConstantRejected: a.setConstantRejected + b.setConstantRejected,
                  suggests: a.suggests + b.suggests, edits: a.edits + b.edits,
                  levelsSeen: a.levelsSeen + b.levelsSeen, ambiguousSeen: a.ambiguousSeen + b.ambiguousSeen,
                  runs: a.runs + b.runs, batches: a.batches + b.batches, batchesRefused: a.batchesRefused + b.batchesRefused)
        }
    }

    init(variableCount: Int, solver: any SolverUnderTest = RealSolver(), checkAmbiguity: Bool = true) {
        self.solver = solver
        self.variableCount = variableCount
        solver.makeVariables(variableCount)
        self.checkAmbiguity = checkAmbiguity
    }

    var failed: Bool { !failures.isEmpty }
    var n: Int { variableCount }

    func fail(_ message: String) {
        failures.append(message)
    }

    // MARK: building blocks

    /// A Constraint for the solver and its oracle twin. `terms` may name a variable twice (the
    /// expression is a sum).
    func makeConstraint(terms: [(Int, Double)], constant: Double, relation: OracleRelation,
                        priority: Double) -> InstalledConstraint {
        var coefficients = Array(repeating: 0.0, count: n)
        for (k, a) in terms { coefficients[k] += a }
        let solverRelation: Relation = switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let text = terms.map { "\($0.1)·x\($0.0)" }.joined(separator: " + ") + " + \(constant) \(relation) 0 @\(priority)"
        let handle = Constraint(solver.expression(terms: terms, constant: constant), solverRelation,
                                priority: priority, name: text)
        return InstalledConstraint(handle: handle, model: OracleConstraint(coefficients: coefficients, constant: constant,
                                                                           relation: relation, priority: priority))
    }

    /// The system the oracle solves: installed constraints plus edit variables as `v == suggestion`.
    func system() -> [OracleConstraint] {
        var s = installed.map(\.model)
        for (k, e) in edits.sorted(by: { $0.key < $1.key }) {
            var a = Array(repeating: 0.0, count: n)
            a[k] = 1
            s.append(OracleConstraint(coefficients: a, constant: -e.suggestion, relation: .equal, priority: e.priority))
        }
        return s
    }

    var requiredModels: [OracleConstraint] { installed.filter { $0.model.isRequired }.map(\.model) }
    var constraintCount: Int { installed.count + edits.count }

    // MARK: operations (each one checks its own outcome; call verify() afterwards)

    func add(_ c: InstalledConstraint) {
        stats.adds += 1
        log.append("add \(c.handle.name)")
        let expectFeasible = !c.model.isRequired
            || LexOracle.isFeasible(variableCount: n, requiredModels + [c.model])
        let before = snapshot()
        do throws(SolverError) {
            try solver.add(c.handle, model: c.model)
            if !expectFeasible { fail("add accepted a required constraint that cannot hold with the installed ones: \(c.handle)") }
            installed.append(c)
            removed.removeAll { $0.handle === c.handle }
            if !solver.contains(c.handle) { fail("contains() is false right after add") }
        } catch .unsatisfiable(let conflict) {
            stats.rejected += 1
            if expectFeasible {
                fail("add threw .unsatisfiable for a constraint that can hold (conflict \(conflict))")
                return
            }
            checkConflict(conflict, newModel: c.model, changed: nil)
            if solver.contains(c.handle) { fail("contains() is true for a rejected constraint") }
            checkUnchanged(before, after: "rejected add")
        } catch {
            fail("add threw \(error)")
        }
    }

    /// Adds optional constraints one after another, nothing read between them: a run of
    /// bounds on one variable is held and installed together (HeldBounds.swift). `verify()`
    /// then checks the lot.
    func addRun(_ cs: [InstalledConstraint]) {
        stats.runs += 1
        for c in cs {
            stats.adds += 1
            log.append("add (in a run) \(c.handle.name)")
            do throws(SolverError) {
                try solver.add(c.handle, model: c.model)
            } catch {
                fail("an optional add in a run threw \(error)")
                return
            }
            installed.append(c)
            removed.removeAll { $0.handle === c.handle }
            if !solver.contains(c.handle) { fail("contains() is false right after an add in a run") }
        }
    }

    func remove(at index: Int) {
        stats.removes += 1
        let c = installed[index]
        log.append("remove \(c.handle.name)")
        do throws(SolverError) {
            try solver.remove(c.handle)
            installed.remove(at: index)
            removed.append(c)
            if solver.contains(c.handle) { fail("contains() is true after remove") }
            if solver.constant(of: c.handle) != nil { fail("constant(of:) is not nil after remove") }
        } catch {
            fail("remove threw \(error)")
        }
    }

    func removeUnknown(_ c: InstalledConstraint) {
        log.append("remove (not installed) \(c.handle.name)")
        do throws(SolverError) {
            try solver.remove(c.handle)
            fail("remove of a constraint that is not installed did not throw")
        } catch .unknownConstraint {
        } catch {
            fail("remove of a constraint that is not installed threw \(error), not .unknownConstraint")
        }
    }

    /// An optional constraint's priority moved in place to another optional one: the
    /// solution must be the optimum of the system with the new priority (`verify`).
    func setPriority(at index: Int, to priority: Double) {
        let c = installed[index]
        log.append("setPriority \(priority) on \(c.handle.name)")
        do throws(SolverError) {
            try solver.setPriority(c.handle, to: priority)
            installed[index].model.priority = priority
        } catch {
            fail("setPriority threw \(error)")
        }
    }

    func setConstant(at index: Int, to constant: Double) {
        stats.setConstants += 1
        let c = installed[index]
        log.append("setConstant \(constant) on \(c.handle.name)")
        var changed = c.model
        changed.constant = constant
        let others = installed.enumerated().filter { $0.offset != index && $0.element.model.isRequired }.map(\.element.model)
        let expectFeasible = !changed.isRequired || LexOracle.isFeasible(variableCount: n, others + [changed])
        let before = snapshot()
        do throws(SolverError) {
            try solver.setConstant(c.handle, to: constant)
            if !expectFeasible { fail("setConstant accepted a constant with which the required constraints cannot hold") }
            installed[index].model = changed
            installed[index].constantChanged = true
            if solver.constant(of: c.handle) != constant {
                fail("constant(of:) is \(String(describing: solver.constant(of: c.handle))) after setConstant(\(constant))")
            }
        } catch .unsatisfiable(let conflict) {
            stats.setConstantRejected += 1
            if expectFeasible {
                fail("setConstant threw .unsatisfiable but the constraints can hold (conflict \(conflict))")
                return
            }
            checkConflict(conflict, newModel: changed, changed: c.handle)
            if solver.constant(of: c.handle) != c.model.constant {
                fail("constant(of:) changed by a rejected setConstant")
            }
            checkUnchanged(before, after: "rejected setConstant")
        } catch {
            fail("setConstant threw \(error)")
        }
    }

    /// Several constants at once (`Solver.setConstants`): refused exactly when the required
    /// constraints cannot hold with all of them, and then nothing changes.
    func setConstants(at indices: [Int], to constants: [Double]) {
        stats.batches += 1
        log.append("setConstants \(constants) on \(indices.map { installed[$0].handle.name })")
        var models = installed
        for (i, k) in zip(indices, constants) { models[i].model.constant = k }
        let expectFeasible = LexOracle.isFeasible(variableCount: n, models.map(\.model).filter(\.isRequired))
        let before = snapshot()
        do throws(SolverError) {
            try solver.setConstants(zip(indices, constants).map { ConstantChange(installed[$0.0].handle, $0.1) })
            if !expectFeasible { fail("setConstants accepted constants with which the required constraints cannot hold") }
            for (i, k) in zip(indices, constants) {
                installed[i].model.constant = k
                installed[i].constantChanged = true
            }
            for i in indices where solver.constant(of: installed[i].handle) != installed[i].model.constant {
                fail("constant(of:) is \(String(describing: solver.constant(of: installed[i].handle))) after setConstants")
            }
        } catch .unsatisfiable {
            stats.batchesRefused += 1
            if expectFeasible {
                fail("setConstants threw .unsatisfiable but the constraints can hold")
                return
            }
            for i in Set(indices) where solver.constant(of: installed[i].handle) != installed[i].model.constant {
                fail("constant(of:) changed by a rejected setConstants")
            }
            checkUnchanged(before, after: "rejected setConstants")
        } catch {
            fail("setConstants threw \(error)")
        }
    }

    func addEdit(_ k: Int, priority: Double) {
        stats.edits += 1
        log.append("addEditVariable x\(k) @\(priority)")
        do throws(SolverError) {
            try solver.addEditVariable(k, priority: priority)
            edits[k] = EditState(priority: priority, suggestion: 0)
            if !solver.hasEditVariable(k) { fail("hasEditVariable is false after addEditVariable") }
        } catch {
            fail("addEditVariable threw \(error)")
        }
    }

    func suggest(_ k: Int, _ value: Double) {
        stats.suggests += 1
        log.append("suggestValue x\(k) \(value)")
        do throws(SolverError) {
            try solver.suggestValue(k, value)
            edits[k]!.suggestion = value
        } catch {
            fail("suggestValue threw \(error)")
        }
    }

    func removeEdit(_ k: Int) {
        log.append("removeEditVariable x\(k)")
        do throws(SolverError) {
            try solver.removeEditVariable(k)
            edits[k] = nil
            if solver.hasEditVariable(k) { fail("hasEditVariable is true after removeEditVariable") }
        } catch {
            fail("removeEditVariable threw \(error)")
        }
    }

    // MARK: checks

    struct Snapshot {
        var objective: [(priority: Double, violation: Double)]
        var values: [Double]
    }

    func snapshot() -> Snapshot {
        Snapshot(objective: solver.objective(), values: (0..<n).map { solver.value($0) })
    }

    /// After a rejected operation: the solver reports what it reported before.
    private func checkUnchanged(_ before: Snapshot, after what: String) {
        let now = snapshot()
        if !sameObjective(now.objective, before.objective) {
            fail("\(what) changed objective() from \(before.objective) to \(now.objective)")
        }
        for (k, (a, b)) in zip(now.values, before.values).enumerated() where !approx(a, b, 1e-6) {
            fail("\(what) changed x\(k) from \(b) to \(a)")
            break
        }
    }

    /// `conflict` must consist of installed required constraints; with the new (or changed)
    /// constraint they cannot hold; without any one member they can.
    private func checkConflict(_ conflict: [Constraint], newModel: OracleConstraint, changed: Constraint?) {
        var members: [OracleConstraint] = []
        var seen = Set<ObjectIdentifier>()
        for c in conflict {
            if c === changed { continue }  // a setConstant conflict may or may not name the changed constraint
            guard seen.insert(ObjectIdentifier(c)).inserted else {
                fail("conflict lists \(c) twice")
                return
            }
            guard let m = installed.first(where: { $0.handle === c }) else {
                fail("conflict names \(c), which is not installed")
                return
            }
            if !m.model.isRequired { fail("conflict names the optional constraint \(c)") }
            members.append(m.model)
        }
        if LexOracle.isFeasible(variableCount: n, members + [newModel]) {
            fail("conflict \(conflict) is not a conflict: with the new constraint it can hold")
            return
        }
        for i in members.indices {
            var rest = members
            rest.remove(at: i)
            if !LexOracle.isFeasible(variableCount: n, rest + [newModel]) {
                fail("conflict \(conflict) is reducible: it still cannot hold without \(conflict.filter { $0 !== changed }[i])")
                return
            }
        }
    }

    /// The full check after every step.
    func verify() {
        stats.steps += 1
        let values = (0..<n).map { solver.value($0) }
        for c in installed where c.model.isRequired {
            let v = c.model.violation(values)
            if !(v <= 1e-6 * c.model.scale(values)) {
                fail("required \(c.handle) is violated by \(v) at \(values)")
                return
            }
        }
        let system = system()
        guard let optimum = LexOracle.solve(variableCount: n, system, computeAmbiguity: checkAmbiguity) else {
            fail("the installed required constraints cannot all hold (oracle), yet the solver accepted them")
            return
        }
        stats.levelsSeen += optimum.levels.count
        stats.ambiguousSeen += optimum.ambiguous.count
        let reported = solver.objective()
        let expected = optimum.levels.map { (priority: $0.priority, violation: $0.violation) }
        if !sameObjective(reported, expected) {
            fail("objective() is \(reported), the oracle's optimum is \(expected)")
            return
        }
        // The values themselves must be optimal, not only the reported objective.
        let attained = LexOracle.levels(of: system, at: values)
        for (a, o) in zip(attained, optimum.levels) where !approx(a.violation, o.violation, 1e-6) {
            fail("the values \(values) pay \(a.violation) at priority \(a.priority); the optimum pays \(o.violation)")
            return
        }
        if checkAmbiguity {
            let got = solver.ambiguous(Array(0..<n))
            if got != optimum.ambiguous {
                fail("ambiguous() names \(got.sorted().map { "x\($0)" }), the oracle says \(optimum.ambiguous.sorted().map { "x\($0)" })")
            }
        }
    }

    func sameObjective(_ a: [(priority: Double, violation: Double)], _ b: [(priority: Double, violation: Double)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.priority == $1.priority && approx($0.violation, $1.violation, 1e-6) }
    }
}

func approx(_ a: Double, _ b: Double, _ tol: Double) -> Bool {
    abs(a - b) <= tol * (1 + abs(a) + abs(b))
}
