import Testing
import TrellisServer

@Suite struct ConfigTests {
    @Test func defaults() throws {
        let config = ServerConfig()
        #expect(config.host == "127.0.0.1" && config.port == 8080)
        #expect(config.workers >= 1 && config.solverThreads >= 1)
        #expect(config.maxBodyBytes == 1_048_576)
        #expect(config.maxSessions == 10_000 && config.sessionIdleSeconds == 900 && config.hotSessions == 1024)
        #expect(config.corsOrigins == ["*"])
        try config.validate()
        #expect(try ServerConfig(environment: [:]) == config)
    }

    @Test func everySettingReadsItsVariable() throws {
        let config = try ServerConfig(environment: [
            "TRELLIS_HOST": "0.0.0.0", "TRELLIS_PORT": "9090", "TRELLIS_WORKERS": "3", "TRELLIS_SOLVER_THREADS": "5",
            "TRELLIS_MAX_BODY_BYTES": "2_097_152", "TRELLIS_MAX_HEADER_BYTES": "4096", "TRELLIS_MAX_CONNECTIONS": "77",
            "TRELLIS_READ_TIMEOUT": "2.5", "TRELLIS_IDLE_TIMEOUT": "9", "TRELLIS_DRAIN_SECONDS": "4", "TRELLIS_MAX_SESSIONS": "12",
            "TRELLIS_SESSION_IDLE_SECONDS": "30", "TRELLIS_HOT_SESSIONS": "7", "TRELLIS_MAX_VIEWS": "100", "TRELLIS_MAX_CONSTRAINTS": "400", "TRELLIS_MAX_COORDINATE": "5e4",
            "TRELLIS_CORS_ORIGINS": " https://a.example , https://b.example ", "TRELLIS_BIG_SOLVE_THRESHOLD": "0",
            "TRELLIS_LOG_LEVEL": "WARNING", "TRELLIS_LOG_FORMAT": "json", "UNRELATED": "x",
            "TRELLIS_STATE_DIR": "/var/lib/trellis", "TRELLIS_DURABILITY": "FSYNC",
            "TRELLIS_STORE": "postgresql://trellis@db:5432/trellis", "TRELLIS_LEASE_SECONDS": "2.5",
        ])
        #expect(config.host == "0.0.0.0" && config.port == 9090 && config.workers == 3 && config.solverThreads == 5)
        #expect(config.maxBodyBytes == 2_097_152 && config.maxHeaderBytes == 4096 && config.maxConnections == 77)
        #expect(config.readTimeoutSeconds == 2.5 && config.idleTimeoutSeconds == 9 && config.drainSeconds == 4)
        #expect(config.maxSessions == 12 && config.sessionIdleSeconds == 30 && config.hotSessions == 7)
        #expect(config.maxViewsPerLayout == 100 && config.maxConstraintsPerLayout == 400 && config.maxCoordinate == 5e4)
        #expect(config.corsOrigins == ["https://a.example", "https://b.example"])
        #expect(config.bigSolveThreshold == 0)
        #expect(config.logLevel == "warning" && config.logFormat == .json)
        #expect(config.stateDir == "/var/lib/trellis" && config.stateDirectory == "/var/lib/trellis" && config.durability == .fsync)
        #expect(config.store == "postgresql://trellis@db:5432/trellis" && config.leaseSeconds == 2.5)
        #expect(ServerConfig.settings.count == 26)
        #expect(Set(ServerConfig.settings.map(\.environment)).count == ServerConfig.settings.count)
    }

    @Test func badValuesAreAllReported() {
        #expect(throws: ConfigError(problems: [
            "TRELLIS_PORT: expected an integer, got 'http'",
            "TRELLIS_READ_TIMEOUT: expected a number, got 'soon'",
            "TRELLIS_LOG_LEVEL: expected trace, debug, info, notice, warning, error or critical",
        ])) {
            try ServerConfig(environment: ["TRELLIS_PORT": "http", "TRELLIS_READ_TIMEOUT": "soon", "TRELLIS_LOG_LEVEL": "loud"])
        }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_PORT": "70000"]) }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_MAX_COORDINATE": "1e300"]) }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_MAX_SESSIONS": "0"]) }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_HOT_SESSIONS": "0"]) }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_CORS_ORIGINS": " , "]) }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_SESSION_IDLE_SECONDS": "-1"]) }
        // A fleet's store is a PostgreSQL URL, and its answers wait for their fenced writes.
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_STORE": "mysql://db/x"]) }
        #expect(throws: ConfigError.self) {
            try ServerConfig(environment: ["TRELLIS_STORE": "postgresql://db/x", "TRELLIS_DURABILITY": "none"])
        }
        #expect(throws: ConfigError.self) { try ServerConfig(environment: ["TRELLIS_LEASE_SECONDS": "0.1"]) }
    }

    @Test func optionsByName() {
        var config = ServerConfig()
        #expect(config.set("port", to: "0") == nil)
        #expect(config.set("TRELLIS_HOST", to: "::1") == nil)
        #expect(config.set("nope", to: "1") == "unknown setting")
        #expect(config.port == 0 && config.host == "::1")
    }
}
