import Layout
import Platform
/// Everything an operator can set. Defaults, then environment variables
/// (`ServerConfig(environment:)`), then command-line options (the `serve` command).
public struct ServerConfig: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Event loops of the HTTP server.
    public var workers = onlineProcessorCount()
    /// Threads of the pool that big solves run on.
    public var solverThreads = onlineProcessorCount()
    public var maxBodyBytes = 1 << 20
    public var maxHeaderBytes = 16 * 1024
    public var maxConnections = 10_000
    /// Seconds a started request may take to arrive completely.
    public var readTimeoutSeconds = 30.0
    /// Seconds a keep-alive connection may stay idle.
    public var idleTimeoutSeconds = 60.0
    /// Seconds a graceful shutdown waits for requests in flight before it closes the rest.
    public var drainSeconds = 30.0
    public var maxSessions = 10_000
    public var sessionIdleSeconds = 900.0
    /// Sessions kept built; less recently used ones sleep as their history (see `Hibernation`).
    public var hotSessions = 1024
    public var maxViewsPerLayout = 10_000
    /// Entries of `constraints` (before composites are expanded).
    public var maxConstraintsPerLayout = 50_000
    /// How far from zero coordinates and constants may go (422 `out-of-range` beyond).
    public var maxCoordinate = 1e7
    /// Seconds one request may spend solving (422 `too-complex` beyond).
    public var maxSolveSeconds = 2.0

    /// The limits every decode and solve of this server runs under.
    public var layoutLimits: LayoutLimits {
        LayoutLimits(maxViews: maxViewsPerLayout, maxConstraints: maxConstraintsPerLayout,
                     maxCoordinate: maxCoordinate, solveSeconds: maxSolveSeconds)
    }
    /// Where sessions' histories are kept across restarts (created if missing); `none`: in
    /// memory only (docs/durability.md).
    public var stateDir = "./trellis-state"
    /// A store several instances share (`postgresql://…`, docs/fleet.md); empty: the state
    /// directory's SQLite file, this instance's alone.
    public var store = ""
    /// How long an instance's hold on a session lasts after its last write or claim, in a
    /// fleet (docs/fleet.md): the longest a dead instance's sessions wait to move.
    public var leaseSeconds = 3.0
    /// What an answer waits for before it goes: see `Durability`.
    public var durability = Durability.batch
    /// `["*"]` = any origin; otherwise exact origins.
    public var corsOrigins = ["*"]
    /// Memory for one-shot layouts kept warm, in MiB (docs/api.md "Warm one-shots"); 0: off.
    public var warmLayoutsMB = 32
    /// Layouts with more views than this are solved on the worker pool, not on an event loop.
    public var bigSolveThreshold = 200
    /// swift-log level name: trace, debug, info, notice, warning, error, critical.
    public var logLevel = "info"
    public var logFormat = LogFormat.logfmt

    public enum LogFormat: String, Equatable, Sendable, CaseIterable { case logfmt, json }

    public init() {}

    /// Defaults overridden by the `TRELLIS_*` variables of `environment`. Throws one error
    /// naming every variable whose value is unusable.
    public init(environment: [String: String]) throws {
        self.init()
        var problems: [String] = []
        for setting in ServerConfig.settings {
            guard let raw = environment[setting.environment] else { continue }
            if let message = setting.apply(&self, raw) { problems.append("\(setting.environment): \(message)") }
        }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        try validate()
    }

    /// Sets one setting by its environment variable name or option name; nil if fine,
    /// otherwise what is wrong with the value.
    public mutating func set(_ name: String, to raw: String) -> String? {
        guard let setting = ServerConfig.settings.first(where: { $0.environment == name || $0.option == name }) else {
            return "unknown setting"
        }
        return setting.apply(&self, raw)
    }

    /// Checks ranges; throws one error listing every problem.
    public func validate() throws {
        var problems: [String] = []
        if host.isEmpty { problems.append("host must not be empty") }
        if !(0...65_535).contains(port) { problems.append("port must be in 0...65535 (0 = any free port)") }
        for (name, value) in [("workers", workers), ("solverThreads", solverThreads), ("maxBodyBytes", maxBodyBytes),
                              ("maxHeaderBytes", maxHeaderBytes), ("maxConnections", maxConnections),
                              ("maxSessions", maxSessions), ("hotSessions", hotSessions), ("maxViewsPerLayout", maxViewsPerLayout),
                              ("maxConstraintsPerLayout", maxConstraintsPerLayout)] where value < 1 {
            problems.append("\(name) must be at least 1")
        }
        if !(maxCoordinate.isFinite && maxCoordinate >= 1 && maxCoordinate <= 1e12) {
            problems.append("maxCoordinate must be in 1...1e12 (beyond, rounding reaches a point)")
        }
        if !(maxSolveSeconds.isFinite && maxSolveSeconds > 0) { problems.append("maxSolveSeconds must be a positive number of seconds") }
        if bigSolveThreshold < 0 { problems.append("bigSolveThreshold must not be negative") }
        if !(0...65_536).contains(warmLayoutsMB) { problems.append("warmLayoutsMB must be in 0...65536 (0 = off)") }
        for (name, value) in [("readTimeoutSeconds", readTimeoutSeconds), ("idleTimeoutSeconds", idleTimeoutSeconds),
                              ("drainSeconds", drainSeconds), ("sessionIdleSeconds", sessionIdleSeconds)] where !(value.isFinite && value > 0) {
            problems.append("\(name) must be a positive number of seconds")
        }
        if !store.isEmpty && !(store.hasPrefix("postgresql://") || store.hasPrefix("postgres://")) {
            problems.append("store must be a postgresql:// URL (or empty for the state directory's SQLite file)")
        }
        if !store.isEmpty && durability == .none {
            problems.append("durability none cannot be used with a shared store: an answer must wait for its fenced write (docs/fleet.md)")
        }
        if !(leaseSeconds.isFinite && leaseSeconds >= 0.5 && leaseSeconds <= 600) { problems.append("leaseSeconds must be in 0.5...600") }
        if corsOrigins.isEmpty { problems.append("corsOrigins must name at least one origin, or *") }
        if TrellisLogging.level(named: logLevel) == nil { problems.append("logLevel '\(logLevel)' is not a log level") }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
    }

    public var cors: CORSPolicy { CORSPolicy(allowedOrigins: corsOrigins) }

    /// The state directory, or nil for memory only.
    public var stateDirectory: String? { stateDir == "none" ? nil : stateDir }
}

public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    public var problems: [String]
    public init(problems: [String]) { self.problems = problems }
    public var description: String { "invalid configuration: " + problems.joined(separator: "; ") }
}

/// One setting: its environment variable, its `serve` option, how to read it, and how to
/// show its value (`serve --help` lists each default this way).
public struct ConfigSetting: Sendable {
    public let environment: String
    public let option: String
    public let help: String
    let apply: @Sendable (inout ServerConfig, String) -> String?
    let show: @Sendable (ServerConfig) -> String

    /// The setting's value in `config`, as an option would give it.
    public func value(in config: ServerConfig) -> String { show(config) }
}

extension ServerConfig {
    /// Every setting, in the order `trellis serve --help` lists them.
    public static let settings: [ConfigSetting] = [
        string("TRELLIS_HOST", "host", "Address to listen on.", \.host),
        int("TRELLIS_PORT", "port", "Port to listen on (0 = any free port).", \.port),
        int("TRELLIS_WORKERS", "workers", "Event loops (one per core unless set).", \.workers),
        int("TRELLIS_SOLVER_THREADS", "solver-threads", "Threads for big solves (one per core unless set).", \.solverThreads),
        int("TRELLIS_MAX_BODY_BYTES", "max-body-bytes", "Largest request body (413 beyond).", \.maxBodyBytes),
        int("TRELLIS_MAX_HEADER_BYTES", "max-header-bytes", "Largest request head.", \.maxHeaderBytes),
        int("TRELLIS_MAX_CONNECTIONS", "max-connections", "Open connections at most.", \.maxConnections),
        double("TRELLIS_READ_TIMEOUT", "read-timeout", "Seconds for a started request to arrive.", \.readTimeoutSeconds),
        double("TRELLIS_IDLE_TIMEOUT", "idle-timeout", "Seconds a keep-alive connection may idle.", \.idleTimeoutSeconds),
        double("TRELLIS_DRAIN_SECONDS", "drain-seconds", "Seconds a graceful shutdown waits for requests in flight.", \.drainSeconds),
        int("TRELLIS_MAX_SESSIONS", "max-sessions", "Live sessions at most (least recently used evicted).", \.maxSessions),
        double("TRELLIS_SESSION_IDLE_SECONDS", "session-idle-seconds", "Seconds after which an unused session expires.", \.sessionIdleSeconds),
        int("TRELLIS_HOT_SESSIONS", "hot-sessions", "Sessions kept built; less recently used ones sleep until their next request.", \.hotSessions),
        int("TRELLIS_MAX_VIEWS", "max-views", "Views per layout or session at most (413 beyond).", \.maxViewsPerLayout),
        int("TRELLIS_MAX_CONSTRAINTS", "max-constraints", "Constraints per layout or session at most (413 beyond).", \.maxConstraintsPerLayout),
        double("TRELLIS_MAX_COORDINATE", "max-coordinate", "Coordinates and constants within this of zero (422 beyond).", \.maxCoordinate),
        double("TRELLIS_MAX_SOLVE_SECONDS", "max-solve-seconds", "Seconds one request may spend solving (422 too-complex beyond).", \.maxSolveSeconds),
        string("TRELLIS_STATE_DIR", "state-dir", "Directory of the sessions' durable store (created if missing); none = memory only.", \.stateDir),
        string("TRELLIS_STORE", "store", "A store several instances share: postgresql://USER@HOST:PORT/DB (docs/fleet.md); empty = the state directory.", \.store),
        double("TRELLIS_LEASE_SECONDS", "lease-seconds", "With a shared store: seconds an instance holds a session after its last write.", \.leaseSeconds),
        ConfigSetting(environment: "TRELLIS_DURABILITY", option: "durability",
                      help: "fsync (sync each request's records), batch (group commit) or none (no waiting).") { config, raw in
            guard let value = Durability(rawValue: raw.lowercased()) else { return "expected fsync, batch or none" }
            config.durability = value
            return nil
        } show: { $0.durability.rawValue },
        ConfigSetting(environment: "TRELLIS_CORS_ORIGINS", option: "cors-origins",
                      help: "Allowed CORS origins, comma-separated, or * for any.") { config, raw in
            let origins = raw.split(separator: ",").map { MediaType.trim($0) }.filter { !$0.isEmpty }
            guard !origins.isEmpty else { return "expected * or a comma-separated list of origins" }
            config.corsOrigins = origins
            return nil
        } show: { $0.corsOrigins.joined(separator: ",") },
        int("TRELLIS_WARM_LAYOUTS_MB", "warm-layouts-mb", "MiB of one-shot layouts kept to answer the same structure with new numbers warm; 0 = off.", \.warmLayoutsMB),
        int("TRELLIS_BIG_SOLVE_THRESHOLD", "big-solve-threshold", "Layouts with more views are solved on the worker pool.", \.bigSolveThreshold),
        ConfigSetting(environment: "TRELLIS_LOG_LEVEL", option: "log-level",
                      help: "trace, debug, info (access log), notice, warning, error or critical.") { config, raw in
            guard TrellisLogging.level(named: raw) != nil else { return "expected trace, debug, info, notice, warning, error or critical" }
            config.logLevel = raw.lowercased()
            return nil
        } show: { $0.logLevel },
        ConfigSetting(environment: "TRELLIS_LOG_FORMAT", option: "log-format", help: "logfmt or json.") { config, raw in
            guard let format = LogFormat(rawValue: raw.lowercased()) else { return "expected logfmt or json" }
            config.logFormat = format
            return nil
        } show: { $0.logFormat.rawValue },
    ]

    private static func string(_ env: String, _ option: String, _ help: String,
                               _ path: WritableKeyPath<ServerConfig, String> & Sendable) -> ConfigSetting {
        ConfigSetting(environment: env, option: option, help: help) { config, raw in
            guard !raw.isEmpty else { return "must not be empty" }
            config[keyPath: path] = raw
            return nil
        } show: { $0[keyPath: path] }
    }

    private static func int(_ env: String, _ option: String, _ help: String,
                            _ path: WritableKeyPath<ServerConfig, Int> & Sendable) -> ConfigSetting {
        ConfigSetting(environment: env, option: option, help: help) { config, raw in
            guard let value = Int(MediaType.trim(raw[...]).replacingUnderscores()) else { return "expected an integer, got '\(raw)'" }
            config[keyPath: path] = value
            return nil
        } show: { String($0[keyPath: path]) }
    }

    private static func double(_ env: String, _ option: String, _ help: String,
                               _ path: WritableKeyPath<ServerConfig, Double> & Sendable) -> ConfigSetting {
        ConfigSetting(environment: env, option: option, help: help) { config, raw in
            guard let value = Double(MediaType.trim(raw[...])), value.isFinite else { return "expected a number, got '\(raw)'" }
            config[keyPath: path] = value
            return nil
        } show: { config in
            let value = config[keyPath: path]
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}

extension String {
    /// `1_048_576` reads as `1048576`.
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
