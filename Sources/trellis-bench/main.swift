// trellis-bench: benchmark drivers, one subcommand each (run by scripts/bench-*).
//   trellis-bench solver [options] FILE.trace...   replay kiwi anchor traces on our Solver
//   trellis-bench layout [options]                 the Layout engine on generated documents
//   trellis-bench trace DOC                        a document's solver system as a kiwitrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("solver", "replay kiwitrace files on the Cassowary solver (scripts/bench-solver)", SolverBench.main),
    ("layout", "decode, solve, answer and edit generated layout documents (scripts/bench-layout)", LayoutBench.main),
    ("memory", "heap and RSS of live layouts kept as sessions keep them", MemoryBench.main),
    ("oneshot", "decode, solve and encode one document N times (what POST /v1/layouts does)", OneShotBench.main),
    ("update", "decode, apply and answer a session update N times (what a session edit does)", UpdateBench.main),
    ("trace", "write the solver system a document makes as a kiwitrace (for scripts/bench-solver)", TraceExport.main),
]

@MainActor func printUsage() {
    printError("usage: trellis-bench SUBCOMMAND [ARGS...]")
    for s in subcommands { printError("  \(s.name)  \(s.summary)") }
}

guard let name = arguments.first else {
    printUsage()
    exit(2)
}
if name == "-h" || name == "--help" {
    printUsage()
    exit(0)
}
guard let subcommand = subcommands.first(where: { $0.name == name }) else {
    printError("trellis-bench: unknown subcommand '\(name)'")
    printUsage()
    exit(2)
}
let status = subcommand.run(Array(arguments.dropFirst()))
flushStandardOutput()
exit(status)
