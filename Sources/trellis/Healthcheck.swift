import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `GET /healthz` on a running server; exit status 0 when it answers 200, 1 otherwise.
/// For container health checks without curl.
struct Healthcheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a running server: exit 0 when GET /healthz answers 200, 1 otherwise."
    )

    @Option(help: "Server address.")
    var host = "127.0.0.1"

    @Option(help: "Server port (default: TRELLIS_PORT, else 8080).")
    var port: Int?

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Int = 3

    func run() throws {
        let port = self.port ?? getenv("TRELLIS_PORT").flatMap { Int(String(cString: $0)) } ?? 8080
        switch HealthProbe.status(host: host, port: port, timeoutSeconds: timeout) {
        case .success(200):
            return
        case .success(let status):
            printError("trellis healthcheck: /healthz answered \(status)")
        case .failure(let error):
            printError("trellis healthcheck: \(error.message)")
        }
        throw ExitCode(1)
    }
}

struct ProbeError: Error {
    var message: String
}

enum HealthProbe {
    /// The status code of `GET /healthz` at host:port.
    static func status(host: String, port: Int, timeoutSeconds: Int) -> Result<Int, ProbeError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            return .failure(ProbeError(message: "cannot resolve \(host): \(String(cString: gai_strerror(rc)))"))
        }
        defer { freeaddrinfo(list) }

        var lastError = "no address for \(host)"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let ai = candidate {
            candidate = ai.pointee.ai_next
            let fd = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            guard fd >= 0 else { lastError = "socket: \(errnoText())"; continue }
            defer { close(fd) }
            var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            guard connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) == 0 else {
                lastError = "cannot connect to \(host):\(port): \(errnoText())"
                continue
            }
            let request = "GET /healthz HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
            let sent = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
            guard sent == request.utf8.count else { lastError = "send: \(errnoText())"; continue }
            var response: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1024)
            while !response.contains(0x0a) {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                response += buffer[0..<n]
            }
            // "HTTP/1.1 200 OK"
            let statusLine = String(decoding: response.prefix { $0 != 0x0d && $0 != 0x0a }, as: UTF8.self)
            let parts = statusLine.split(separator: " ")
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
                lastError = "no HTTP answer from \(host):\(port)"
                continue
            }
            return .success(status)
        }
        return .failure(ProbeError(message: lastError))
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
