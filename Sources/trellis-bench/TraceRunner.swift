// Replays a parsed trace on our Solver and times its blocks (TRACE.md, "How to time").
import Cassowary

struct ReplayOptions {
    /// Counted runs; nil = until `minRuns` took `minTime` seconds, or `maxTime`, or `maxRuns`.
    var runs: Int? = nil
    var warmup = 1
    var minRuns = 3
    var minTime = 2.0
    var maxTime = 60.0
    var maxRuns = 100
    /// A warm-up run this long (seconds) counts after all.
    var longRun = 10.0
    /// Untimed iterations of a repeat body before its timed ones.
    var repeatWarmup = 1
    var dump = false
    var printSamples = false
}

/// A failure that ends the program (exit status 1).
struct ReplayFailure: Error {
    var message: String
}

/// One solver and what the trace has made in it.
final class ReplayState {
    let solver = Solver()
    var variables: [Variable] = []
    var constraints: [Constraint?]
    /// The values read by the most recent `update`.
    var values: [Double]
    var sink = 0.0

    init(_ trace: Trace) {
        variables.reserveCapacity(trace.variableNames.count)
        constraints = Array(repeating: nil, count: trace.constraintIDs.count)
        values = Array(repeating: .nan, count: trace.variableNames.count)
    }
}

struct TraceRunner {
    let trace: Trace
    let options: ReplayOptions

    @inline(__always)
    private func execute(_ state: ReplayState, _ instruction: TraceInstruction, dump: Bool) throws(ReplayFailure) {
        if case .check(let v, let want, let tolerance) = instruction.op {
            let got = state.values[v]
            if !(abs(got - want) <= tolerance) {
                throw ReplayFailure(message: "CHECK FAILED \(trace.name) line \(instruction.line): \(trace.variableNames[v]) = "
                    + format("%.10g", got) + ", want " + format("%.10g", want) + " +- " + format("%g", tolerance))
            }
            return
        }
        do throws(SolverError) {
            switch instruction.op {
            case .declare(let v):
                state.variables.append(state.solver.makeVariable(trace.variableNames[v]))
            case .add(let slot, let d):
                let def = trace.definitions[d]
                let vars = state.variables
                let expression = Expression(terms: def.terms.map { (variable: vars[$0.variable], coefficient: $0.coefficient) }, constant: def.constant)
                let c = Constraint(expression, def.relation, priority: def.priority, name: trace.constraintIDs[slot])
                try state.solver.add(c)
                state.constraints[slot] = c
            case .remove(let slot):
                try state.solver.remove(state.constraints[slot]!)
                state.constraints[slot] = nil
            case .setConstant(let slot, let k):
                try state.solver.setConstant(state.constraints[slot]!, to: k)
            case .edit(let v, let p):
                try state.solver.addEditVariable(state.variables[v], priority: p)
            case .suggest(let v, let x):
                try state.solver.suggestValue(state.variables[v], x)
            case .update:
                // As a client reads a layout: all values at once (`solvedValues`), then
                // each through the reader, into an array held uniquely while it is filled.
                var values: [Double] = []
                swap(&values, &state.values)
                let variables = state.variables
                let sum = state.solver.solvedValues().withReader { read in
                    var sum = 0.0
                    values.withUnsafeMutableBufferPointer { out in
                        for i in variables.indices where i < out.count {
                            let x = read[variables[i]]
                            out[i] = x
                            sum += x
                        }
                    }
                    return sum
                }
                swap(&values, &state.values)
                state.sink += sum
                if dump {
                    var text = "VALUES \(trace.name) line=\(instruction.line)"
                    for i in state.variables.indices {
                        text += " \(trace.variableNames[i])=" + format("%.10g", state.values[i])
                    }
                    print(text)
                }
            case .check, .begin, .end:
                break
            }
        } catch {
            throw ReplayFailure(message: "ERROR \(trace.name) line \(instruction.line): solver threw: \(error)")
        }
    }

    /// One full execution on a fresh solver; appends this run's samples (ns) per block.
    /// Returns the run's wall time in seconds (solver creation and destruction excluded).
    func runOnce(dump: Bool, samples: inout [[Double]]) throws(ReplayFailure) -> Double {
        let state = ReplayState(trace)
        let code = trace.code
        let start = monotonicNanoseconds()
        var pc = 0
        while pc < code.count {
            let instruction = code[pc]
            guard case .begin(let b) = instruction.op else {
                try execute(state, instruction, dump: dump && isUpdate(instruction))
                pc += 1
                continue
            }
            let block = trace.blocks[b]
            if let count = block.repeatCount {
                for _ in 0..<options.repeatWarmup {
                    for i in block.body { try execute(state, code[i], dump: false) }
                }
                for _ in 0..<count {
                    let t0 = monotonicNanoseconds()
                    for i in block.body { try execute(state, code[i], dump: false) }
                    let t1 = monotonicNanoseconds()
                    samples[b].append(Double(t1 - t0))
                }
            } else {
                let t0 = monotonicNanoseconds()
                for i in block.body { try execute(state, code[i], dump: false) }
                let t1 = monotonicNanoseconds()
                samples[b].append(Double(t1 - t0))
            }
            pc = block.body.upperBound + 1  // past the end marker
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        withExtendedLifetime(state.sink) {}
        if dump {
            let st = state.solver.currentStatistics()
            print("STATS pivots=\(st.pivots) cells_merged=\(st.cellsMerged) rows=\(st.rowCount) row_cells=\(st.rowCells) definition_cells=\(st.definitionCells) longest_row=\(st.longestRow) longest_column=\(st.longestColumn)")
        }
        return seconds  // `state` (and the solver) go away after the clock stopped
    }

    private func isUpdate(_ i: TraceInstruction) -> Bool {
        if case .update = i.op { return true }
        return false
    }
}
