// A solver reset and used again (`Solver.reset`, how one-shot layouts reuse their thread's
// solver) must be a new solver in all but its arrays' capacity: the oracle's random systems
// pass on it, it computes the very same values, pivots and conflicts as a new one, and every
// stored property reads as a new solver's.
@testable import Cassowary
import Testing

@Suite struct SolverReuseTests {
    /// The property tests' random systems, one after the other on one solver reset between
    /// them: each must satisfy the oracle as on a new solver.
    @Test func randomSystemsPassTheOracleOnAReusedSolver() {
        let shared = Solver()
        var failing: [UInt64] = []
        for seed in UInt64(0)..<300 {
            shared.reset()
            let h = runRandomSystem(seed: seed, solver: RealSolver(solver: shared))
            if h.failed { failing.append(seed) }
        }
        #expect(failing.isEmpty, "systems failing on a reused solver: \(failing.prefix(10))")
    }

    /// Random systems built step by step on a new solver and on a reused one (left in any
    /// state by the system before, including a refused add): after every step both hold the
    /// same values to the bit, the same pivot count and the same outcome.
    @Test func aReusedSolverComputesWhatANewOneDoes() {
        let reused = Solver()
        var differences: [String] = []
        for seed in UInt64(1)...400 {
            reused.reset()
            let fresh = Solver(keptStorage: false)
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            let trailA = Self.randomWork(on: fresh, &a), trailB = Self.randomWork(on: reused, &b)
            if trailA != trailB {
                let k = trailA.indices.first { $0 >= trailB.count || trailA[$0] != trailB[$0] } ?? trailA.count
                differences.append("seed \(seed), step \(k): new \(trailA.dropFirst(k).first ?? "-"), reused \(trailB.dropFirst(k).first ?? "-")")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) systems differ; first: \(differences.first ?? "")")
    }

    /// After a reset every stored property, down through the solver's parts, reads as a new
    /// solver's (capacities aside): a field the reset forgot fails here.
    @Test func aResetSolverIsANewSolver() {
        let solver = Solver()
        var rng = SplitMix64(seed: 7)
        _ = Self.randomWork(on: solver, &rng)
        let new = Solver(keptStorage: false)
        #expect(Self.state(of: solver) != Self.state(of: new), "the work left no trace to reset")
        solver.reset()
        #expect(Self.state(of: solver) == Self.state(of: new))
        #expect(solver.symbolTables() == new.symbolTables())
    }

    /// A new solver takes the storage a solver that went away on its thread left
    /// (`SolverShelf`), in whatever state that one ended (a refused add, edits, removals):
    /// it reads as a new solver on new storage and computes the very same steps.
    @Test func aSolverOnKeptStorageIsANewSolver() {
        var differences: [String] = []
        for seed in UInt64(1)...300 {
            do {
                var rng = SplitMix64(seed: seed &* 31)
                _ = Self.randomWork(on: Solver(), &rng)
            }
            let kept = Solver(), new = Solver(keptStorage: false)
            #expect(kept.symbolCapacity > 0, "the storage was not kept")
            #expect(new.symbolCapacity == 0)
            if Self.state(of: kept) != Self.state(of: new) || kept.symbolTables() != new.symbolTables() {
                differences.append("seed \(seed): not as new")
            }
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            let trailA = Self.randomWork(on: new, &a), trailB = Self.randomWork(on: kept, &b)
            if trailA != trailB { differences.append("seed \(seed): steps differ") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ; first: \(differences.first ?? "")")
    }

    /// What solvers left on a thread can be let go (the fuzzing harnesses do after each
    /// input): the next solver then starts on new storage.
    @Test func keptStorageCanBeReleased() {
        do { _ = Solver().makeVariables(10) }
        let kept = Solver()
        #expect(kept.symbolCapacity > 0)
        _ = consume kept
        Solver.releaseKeptStorage()
        #expect(Solver().symbolCapacity == 0)
    }

    /// A solver that grew large (in symbols, or in its definitions' cells) leaves nothing
    /// behind: what a thread keeps stays bounded.
    @Test func aLargeSolverIsNotKept() {
        do {
            let large = Solver()
            _ = large.makeVariables(SolverShelf.keptSymbols + 1)
            #expect(large.symbolCapacity > SolverShelf.keptSymbols)
        }
        // Few symbols, but definitions of many cells each: a large program.
        do {
            let dense = Solver()
            let base = (0..<100).map { _ in dense.makeVariable() }
            for k in 0..<400 {
                let y = dense.makeVariable()
                try? dense.add(Constraint(Expression([(y, 1)] + base.map { ($0, -1.0) }, constant: Double(k)), .equal))
            }
            _ = dense.value(base[0])
            #expect(dense.symbolCapacity <= SolverShelf.keptSymbols)
            #expect(dense.definitions.program.symbols.capacity > SolverShelf.keptProgramCells)
        }
        for _ in 0..<SolverShelf.kept + 1 {
            let next = Solver()
            #expect(next.symbolCapacity <= SolverShelf.keptSymbols)
            #expect(next.definitions.program.symbols.capacity <= SolverShelf.keptProgramCells)
        }
    }

    /// Variables made in blocks (`makeVariables`, as a layout makes a view's four) are the
    /// variables made one at a time: random work that makes more of them between its adds
    /// gives the same outcome, values and pivots at every step, and leaves the two solvers
    /// equal in every stored property.
    @Test func variablesMadeInBlocksAreVariablesMadeOneAtATime() {
        var differences: [String] = []
        for seed in UInt64(1)...300 {
            let single = Solver(), blocks = Solver()
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            let trailA = Self.randomWork(on: single, &a), trailB = Self.randomWork(on: blocks, &b, inBlocks: true)
            if trailA != trailB || Self.state(of: single) != Self.state(of: blocks) || single.symbolTables() != blocks.symbolTables() {
                differences.append("seed \(seed)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) systems differ; first: \(differences.first ?? "")")
    }

    /// `count` new variables, one at a time or in blocks of one to four.
    static func makeVariables(_ count: Int, on solver: Solver, inBlocks: Bool) -> [Variable] {
        guard inBlocks else { return (0..<count).map { _ in solver.makeVariable() } }
        var made: [Variable] = []
        while made.count < count {
            let block = solver.makeVariables(min(count - made.count, 1 + made.count % 4))
            made += (0..<block.count).map { block[$0] }
        }
        return made
    }

    /// Adds, constant changes, edits, removals and new variables at random, with required
    /// conflicts among them; returns what each step gave (outcome, every value's bits, pivots
    /// so far). `inBlocks`: variables made with `makeVariables`.
    static func randomWork(on solver: Solver, _ rng: inout SplitMix64, inBlocks: Bool = false) -> [String] {
        var variables = makeVariables(rng.int(2...8), on: solver, inBlocks: inBlocks)
        var installed: [Constraint] = [], made: [Constraint] = []
        // An error as text, its constraints named by the order they were made in.
        func text(_ error: SolverError) -> String {
            guard case .unsatisfiable(let conflict) = error else { return "\(error)" }
            return "unsatisfiable " + conflict.map { c in String(made.firstIndex { $0 === c } ?? -1) }.joined(separator: ",")
        }
        var trail: [String] = []
        for _ in 0..<rng.int(10...40) {
            var outcome: String
            switch rng.int(0...10) {
            case 0...5:
                var terms: [(Variable, Double)] = []
                for _ in 0..<rng.int(1...3) { terms.append((rng.pick(variables), Double(rng.int(-3...3)) + 0.5)) }
                let priority = rng.chance(0.4) ? 1000 : rng.pick([1, 250, 500, 750, 999])
                let c = Constraint(Expression(terms, constant: Double(rng.int(-20...20))),
                                   rng.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]), priority: Double(priority))
                made.append(c)
                do {
                    try solver.add(c)
                    installed.append(c)
                    outcome = "added"
                } catch {
                    outcome = "refused \(text(error))"
                }
            case 6...7 where !installed.isEmpty:
                let c = rng.pick(installed)
                do {
                    try solver.setConstant(c, to: Double(rng.int(-30...30)))
                    outcome = "constant set"
                } catch {
                    outcome = "constant refused \(text(error))"
                }
            case 8 where !installed.isEmpty:
                let c = installed.remove(at: rng.int(0...(installed.count - 1)))
                do { try solver.remove(c); outcome = "removed" } catch { outcome = "remove failed \(text(error))" }
            case 10:
                variables += makeVariables(rng.int(1...6), on: solver, inBlocks: inBlocks)
                outcome = "variables made"
            default:
                let v = rng.pick(variables)
                if !solver.hasEditVariable(v) { try? solver.addEditVariable(v, priority: 500) }
                do { try solver.suggestValue(v, Double(rng.int(-50...50))); outcome = "suggested" } catch {
                    outcome = "suggest failed \(text(error))"
                }
            }
            let values = variables.map { String(solver.value($0).bitPattern, radix: 16) }.joined(separator: ",")
            trail.append("\(outcome) [\(values)] pivots \(solver.currentStatistics().pivots)")
        }
        return trail
    }

    /// Every stored property, recursively through the solver's own classes and structs:
    /// collections by their elements (not their capacity), the tag table's identity token
    /// and closures left out.
    static func state(of value: Any, depth: Int = 0) -> String {
        let mirror = Mirror(reflecting: value)
        guard depth < 8, !mirror.children.isEmpty || mirror.displayStyle == .class || mirror.displayStyle == .struct else {
            return String(describing: value)
        }
        if mirror.displayStyle == .collection || mirror.displayStyle == .dictionary || mirror.displayStyle == .set {
            return "[" + mirror.children.map { state(of: $0.value, depth: depth + 1) }.joined(separator: ",") + "]"
        }
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { state(of: $0.value, depth: depth + 1) } ?? "nil"
        }
        // The accumulator keeps its dense scratch arrays sized, all zero between uses.
        if String(describing: mirror.subjectType) == "Accumulator" {
            return "{" + mirror.children.map { child in
                let label = child.label ?? "_"
                if label == "values", let values = child.value as? [Double] { return "values=\(values.contains { $0 != 0 } ? "nonzero" : "zero")" }
                if label == "marked", let marks = child.value as? [Bool] { return "marked=\(marks.contains(true) ? "some" : "none")" }
                return "\(label)=\(state(of: child.value, depth: depth + 1))"
            }.joined(separator: " ") + "}"
        }
        var parts: [String] = []
        for child in mirror.children where child.label != "token" && child.label != "shouldStop" {
            // The tableau keeps emptied row storage for its next rows, and it and the
            // definitions emptied list storage for their next lists: capacity, if all empty.
            if let label = child.label, label == "spareCells" || label == "spareLists", let spare = child.value as? [[Any]] {
                parts.append("\(label)=\(spare.allSatisfy(\.isEmpty) ? "empty" : "holding entries")")
                continue
            }
            parts.append("\(child.label ?? "_")=\(state(of: child.value, depth: depth + 1))")
        }
        return "{" + parts.joined(separator: " ") + "}"
    }
}
