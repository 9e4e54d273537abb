import ArgumentParser
import TrellisServer

@main
struct Trellis: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Layout as a service: SnapKit / Auto Layout constraint sets solved over HTTP.",
        version: TrellisVersion.version,
        subcommands: [Serve.self, Solve.self, Healthcheck.self]
    )
}
