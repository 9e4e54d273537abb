import ArgumentParser
import Logging
import Platform
import Storage
import TrellisServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the HTTP API (docs/api.md; GET /openapi.yaml, the playground at /).",
        discussion: """
            Every option also reads an environment variable, which overrides the default \
            shown; the command line wins over both. SIGINT and SIGTERM stop the server \
            gracefully: it stops accepting, answers what it has read (at most \
            --drain-seconds), then exits 0.
            """
    )

    @Option(name: [.customShort("H"), .long], help: help("host")) var host: String?
    @Option(name: [.short, .long], help: help("port")) var port: String?
    @Option(name: [.short, .long], help: help("workers")) var workers: String?
    @Option(help: help("solver-threads")) var solverThreads: String?
    @Option(help: help("max-body-bytes")) var maxBodyBytes: String?
    @Option(help: help("max-header-bytes")) var maxHeaderBytes: String?
    @Option(help: help("max-connections")) var maxConnections: String?
    @Option(help: help("read-timeout")) var readTimeout: String?
    @Option(help: help("idle-timeout")) var idleTimeout: String?
    @Option(help: help("drain-seconds")) var drainSeconds: String?
    @Option(help: help("max-sessions")) var maxSessions: String?
    @Option(help: help("session-idle-seconds")) var sessionIdleSeconds: String?
    @Option(help: help("hot-sessions")) var hotSessions: String?
    @Option(help: help("max-views")) var maxViews: String?
    @Option(help: help("max-constraints")) var maxConstraints: String?
    @Option(help: help("max-coordinate")) var maxCoordinate: String?
    @Option(help: help("max-solve-seconds")) var maxSolveSeconds: String?
    @Option(name: [.short, .long], help: help("state-dir")) var stateDir: String?
    @Option(help: help("store")) var store: String?
    @Option(help: help("lease-seconds")) var leaseSeconds: String?
    @Option(help: help("durability")) var durability: String?
    @Option(help: help("cors-origins")) var corsOrigins: String?
    @Option(help: help("warm-layouts-mb")) var warmLayoutsMb: String?
    @Option(help: help("big-solve-threshold")) var bigSolveThreshold: String?
    @Option(help: help("log-level")) var logLevel: String?
    @Option(help: help("log-format")) var logFormat: String?

    /// Defaults, then the environment, then these options.
    func resolveConfig() throws -> ServerConfig {
        var environment: [String: String] = [:]
        for setting in ServerConfig.settings {
            if let value = getenv(setting.environment) { environment[setting.environment] = String(cString: value) }
        }
        var config = try ServerConfig(environment: environment)
        let options: [(String, String?)] = [
            ("host", host), ("port", port), ("workers", workers), ("solver-threads", solverThreads),
            ("max-body-bytes", maxBodyBytes), ("max-header-bytes", maxHeaderBytes),
            ("max-connections", maxConnections), ("read-timeout", readTimeout), ("idle-timeout", idleTimeout),
            ("drain-seconds", drainSeconds),
            ("max-sessions", maxSessions), ("session-idle-seconds", sessionIdleSeconds), ("hot-sessions", hotSessions),
            ("max-views", maxViews),
            ("max-constraints", maxConstraints), ("max-coordinate", maxCoordinate), ("max-solve-seconds", maxSolveSeconds),
            ("state-dir", stateDir), ("store", store), ("lease-seconds", leaseSeconds), ("durability", durability), ("cors-origins", corsOrigins),
            ("warm-layouts-mb", warmLayoutsMb), ("big-solve-threshold", bigSolveThreshold), ("log-level", logLevel), ("log-format", logFormat),
        ]
        var problems: [String] = []
        for case let (name, value?) in options {
            if let message = config.set(name, to: value) { problems.append("--\(name): \(message)") }
        }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        try config.validate()
        return config
    }

    /// A setting that is wrong is reported with `serve`'s own usage, before anything starts.
    func validate() throws {
        do {
            _ = try resolveConfig()
        } catch let error as ConfigError {
            throw ValidationError(error.description)
        }
    }

    /// This process as a session owner: unique among the fleet's instances, and readable
    /// in the store (host, port, process id, random bits: a restarted instance is another
    /// owner, as it should be: it holds none of the old one's copies).
    func instanceName(_ config: ServerConfig) -> String {
        let bytes = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return "\(config.host):\(config.port)/\(getpid())/" + bytes.map { String($0, radix: 16) }.joined()
    }

    func run() throws {
        let config = try resolveConfig()
        keepLargeBlocksMapped()
        TrellisLogging.bootstrap(level: config.logLevel, format: config.logFormat)
        let logger = Logger(label: "trellis")
        let metrics = Metrics()
        let journal: JournalWriter?
        let listing: StoreListing?
        if !config.store.isEmpty {
            // A fleet's shared store (docs/fleet.md): sessions are claimed on first request.
            do {
                let store = try PostgresJournalStore.open(url: config.store, instance: instanceName(config),
                                                          leaseSeconds: config.leaseSeconds)
                journal = JournalWriter(store: store, durability: config.durability, metrics: metrics.journal, logger: logger,
                                        fleetMetrics: metrics.fleet)
                listing = nil
            } catch {
                logger.critical("cannot open the shared session store", metadata: ["error": .string(error.message)])
                printError("trellis serve: cannot open the shared session store: \(error.message) (is PostgreSQL running? scripts/fleet up starts one)")
                throw ExitCode(1)
            }
        } else if let directory = config.stateDirectory {
            do {
                let (store, found) = try SQLiteJournalStore.open(directory: directory, sync: config.durability == .none ? .off : .full)
                journal = JournalWriter(store: store, durability: config.durability, metrics: metrics.journal, logger: logger)
                listing = found
            } catch {
                logger.critical("cannot open the session store", metadata: ["error": .string(error.message)])
                printError("trellis serve: cannot open the session store in \(directory): \(error.message) (--state-dir none keeps sessions in memory only)")
                throw ExitCode(1)
            }
        } else {
            journal = nil
            listing = nil
        }
        let app = TrellisApp(config: config, service: makeLayoutService(config: config), metrics: metrics, logger: logger,
                             journal: journal, exchangeLog: ExchangeLog.fromEnvironment())
        if let listing { app.restore(listing) }

        let server = TrellisHTTPServer(config: config, app: app, shutdownTimeoutSeconds: config.drainSeconds)
        server.installSignalHandlers()
        let port: Int
        do {
            port = try server.start()
        } catch {
            logger.critical("cannot start the HTTP server", metadata: ["error": "\(error)"])
            printError("trellis serve: \(error)")
            app.shutdown()
            throw ExitCode(1)
        }
        print("trellis listening on http://\(displayHost(config.host)):\(port)")
        fflush(nil)
        logger.notice("listening", metadata: [
            "host": .string(config.host), "port": .stringConvertible(port),
            "workers": .stringConvertible(config.workers), "solver_threads": .stringConvertible(config.solverThreads),
        ])

        // SIGINT/SIGTERM: the server stops accepting, answers what it has read, and
        // wait() returns; then queued big solves finish and the process exits 0.
        server.wait()  // the app logged "stopping" when the signal arrived
        logger.notice("drained", metadata: ["detail": "requests in flight answered; finishing queued solves"])
        app.shutdown()
        logger.notice("stopped")
    }
}

/// An option's help: what it does, its default, and its environment variable.
private func help(_ option: String) -> ArgumentHelp {
    guard let setting = ServerConfig.settings.first(where: { $0.option == option }) else { return ArgumentHelp() }
    let value = setting.value(in: ServerConfig())
    return ArgumentHelp("\(setting.help) (default: \(value.isEmpty ? "none" : value); env \(setting.environment))",
                        valueName: option)
}

private func displayHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

func printError(_ message: String) {
    let line = message + "\n"
    line.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
}
