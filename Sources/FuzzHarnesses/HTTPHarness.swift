// The `http` harness: arbitrary bytes sent as a client's whole side of one connection to a
// real server running in this process (the parser, the router, the app and the engine, as
// deployed; one loop, small limits, sessions in memory). Checked: every answer starts with
// a well-formed status line, the server closes the connection within its timeouts, and it
// still answers `/healthz` afterwards. A crash or a hang anywhere in the server is a finding.
#if canImport(Glibc)
import Glibc
#endif
import TrellisServer
import TestSupport

enum HTTPHarness {
    /// The server, started on first use and kept for the process (libFuzzer runs millions
    /// of inputs through one process).
    nonisolated(unsafe) private static var port: Int?
    nonisolated(unsafe) private static var metrics: Metrics?
    nonisolated(unsafe) private static var source = 0
    /// Why the last `exchange` answered nil: a connection that could not be made is told
    /// apart from one the server kept open.
    nonisolated(unsafe) private static var lastFailure = ""

    static func run(_ bytes: [UInt8]) -> String? {
        guard let port = serverPort() else { return "the server does not start" }
        // Work the last inputs left behind (a connection the server closed early, with
        // answers still being computed for it) first: a flood of inputs would otherwise
        // queue work faster than the one solver thread does it, and this input's wait would
        // measure that queue, not this input.
        guard drained(port: port) else { return "the server's work did not drain in 30 s" }
        guard let reply = exchange(port: port, bytes) else { return lastFailure }
        if let bad = checkResponses(reply) { return bad }
        // Alive and well afterwards (every input: a server that broke is a finding at once).
        let probe = Array("GET /healthz HTTP/1.1\r\nHost: f\r\nConnection: close\r\n\r\n".utf8)
        // Asked twice before it counts: one failed probe can be the network's (a reused
        // address whose last connection the kernel still holds), two are the server's.
        let first = exchange(port: port, probe)
        let health = first.map { $0.starts(with: Array("HTTP/1.1 200".utf8)) } == true ? first : exchange(port: port, probe)
        guard let health, health.starts(with: Array("HTTP/1.1 200".utf8)) else {
            let got = health.map { String(decoding: $0.prefix(200), as: UTF8.self) } ?? lastFailure
            return "/healthz no longer answers 200: \(got)"
        }
        return nil
    }

    /// Waits until no request is in flight. Read from the app's metrics in this process, not
    /// through `/metrics` (rendering every family for each input cost a third of the harness).
    private static func drained(port: Int) -> Bool {
        for _ in 0..<3_000 {
            if (metrics?.requestsInFlight ?? 0) == 0 { return true }
            usleep(10_000)
        }
        return false
    }

    private static func serverPort() -> Int? {
        if let port { return port }
        TrellisLogging.bootstrap(level: "critical", format: .logfmt)
        var config = ServerConfig()
        config.port = 0
        config.workers = 1
        config.solverThreads = 1
        config.stateDir = "none"
        config.maxBodyBytes = 16 * 1024
        config.maxHeaderBytes = 4 * 1024
        config.maxViewsPerLayout = 64
        config.maxConstraintsPerLayout = 256
        // Short, so that an input pipelining dozens of slow layouts still ends in seconds.
        config.maxSolveSeconds = 0.05
        config.readTimeoutSeconds = 1
        config.idleTimeoutSeconds = 1
        let app = TrellisApp(config: config, service: LayoutEngineService(config: config))
        metrics = app.metrics
        let server = TrellisHTTPServer(config: config, app: app)
        guard let started = try? server.start() else { return nil }
        port = started
        return started
    }

    /// Sends `bytes`, closes the sending side, and reads until the server closes; nil if it
    /// has not closed after 8 s (its read and idle timeouts are 1 s, a solve's budget 50 ms;
    /// libFuzzer gives an input 10 s).
    private static func exchange(port: Int, _ bytes: [UInt8]) -> [UInt8]? {
        source &+= 1
        let client: TestHTTPClient
        do {
            client = try TestHTTPClient(port: port, timeout: 8, source: "127.0.0.\(2 + source % 250)")
        } catch {
            lastFailure = "could not connect to the server (\(error))"
            return nil
        }
        client.sendAndShutdown(bytes)
        guard let reply = client.readUntilClose() else {
            lastFailure = "the server kept the connection open past its timeouts (no close in 8 s)"
            return nil
        }
        return reply
    }

    /// The answers, in order: each a status line `HTTP/1.1 NNN ` with NNN in 100...599,
    /// headers, and a body as long as its Content-Length.
    private static func checkResponses(_ reply: [UInt8]) -> String? {
        var i = 0
        let prefix = Array("HTTP/1.1 ".utf8), headEnd = Array("\r\n\r\n".utf8)
        while i < reply.count {
            guard reply.count - i >= 12, Array(reply[i..<i + 9]) == prefix else { return "an answer without a status line at byte \(i)" }
            let digits = reply[i + 9..<i + 12]
            guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), let status = Int(String(decoding: digits, as: UTF8.self)),
                  (100...599).contains(status) else { return "a malformed status at byte \(i)" }
            guard let end = find(headEnd, in: reply, from: i) else { return "an answer head without its end" }
            let head = String(decoding: reply[i..<end], as: UTF8.self).lowercased()
            var length = 0
            for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                length = Int(line.dropFirst("content-length:".count).trimmingSpaces) ?? -1
            }
            guard length >= 0 else { return "a malformed Content-Length" }
            // An answer to HEAD states the length of a body it does not carry: the next
            // answer (or the end) follows its head at once.
            let next = end + 4
            if next == reply.count || (reply.count - next >= prefix.count && Array(reply[next..<next + prefix.count]) == prefix) {
                i = next
                continue
            }
            guard next + length <= reply.count else { return "an answer body shorter than its Content-Length" }
            i = next + length
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var k = start
        while k + needle.count <= haystack.count {
            if haystack[k] == needle[0] && Array(haystack[k..<k + needle.count]) == needle { return k }
            k += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
