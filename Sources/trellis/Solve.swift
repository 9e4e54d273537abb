import ArgumentParser

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a layout document from a file (or - for standard input) and print the answer."
    )

    @Argument(help: "A layout document (JSON), or - for standard input.")
    var file: String

    @Option(help: "root: frames in absolute coordinates (default: each in its superview's space).")
    var space: String?

    func validate() throws {
        if let space, space != "root" { throw ValidationError("--space takes only 'root'") }
    }

    func run() throws {
        printError("trellis solve: not available yet: this build of trellis has no layout engine to solve with")
        throw ExitCode(2)
    }
}
