#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one HTTP/1.1 client of the tests and the fuzz harnesses: blocking, over one TCP
/// connection to 127.0.0.1. It speaks raw bytes: requests are written as given (several at
/// once for pipelining, or malformed on purpose), answers are read one at a time
/// (Content-Length framing). Every read and write has a timeout, so a server that never
/// answers fails the test instead of hanging it.
package final class TestHTTPClient {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// One parsed answer.
    package struct Response {
        package var status: Int
        package var version: String
        package var headers: [(name: String, value: String)]
        package var body: [UInt8]
        package var text: String { String(decoding: body, as: UTF8.self) }
        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
        package func headers(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }

    /// -1 once closed: a descriptor is closed exactly once (the server lives in the same
    /// process and may have been given the number since; libuv aborts when a watched
    /// descriptor vanishes).
    private var fd: Int32
    private var pending: [UInt8] = []
    private var sawEOF = false

    /// - Parameter source: the local address to connect from (`127.0.0.N`): a client that
    ///   makes a million connections spreads them over several, so that one address does not
    ///   run out of ephemeral ports while the server's side of the last ones waits out TIME_WAIT.
    package init(port: Int, timeout: Double = 10, source: String? = nil) throws {
        #if canImport(Darwin)
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        setTimeout(timeout)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // A signal (libFuzzer's timer) can interrupt the connect; the connection then
        // completes on its own: wait for it.
        guard rc == 0 || (errno == EINTR && connectionCompletes(within: timeout)) else {
            let code = errno
            close()
            throw Failure(description: "connect to port \(port): errno \(code)")
        }
    }

    deinit { close() }

    /// Whether an interrupted connect completes within `seconds` without error.
    private func connectionCompletes(within seconds: Double) -> Bool {
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&waiting, 1, Int32(seconds * 1000)) } while ready < 0 && errno == EINTR
        guard ready == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
            errno = failure
            return false
        }
        return true
    }

    package func close() {
        if fd >= 0 {
            #if canImport(Glibc)
            _ = Glibc.close(fd)
            #else
            _ = Darwin.close(fd)
            #endif
            fd = -1
        }
    }

    /// Send and receive timeout for what follows.
    package func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    package func send(_ text: String) throws { try send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let n = bytes[offset...].withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count, flags) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += n
        }
    }

    /// Sends what the server takes of `bytes` (it may close early, refusing a request),
    /// then shuts our sending side.
    package func sendAndShutdown(_ bytes: [UInt8]) {
        _ = try? send(bytes)
        shutdownWrite()
    }

    /// Everything the server sends until it closes (or resets); nil when it is still open
    /// when the receive timeout passes with nothing.
    package func readUntilClose() -> [UInt8]? {
        while true {
            do {
                guard try fill() else { break }
            } catch {
                return nil
            }
        }
        defer { pending = [] }
        return pending
    }

    /// Shuts down our sending side (the server sees EOF).
    package func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// A whole request: method, target, headers, and a body with its Content-Length.
    package static func request(_ method: String, _ target: String, headers: [(String, String)] = [],
                                body: String? = nil, version: String = "HTTP/1.1") -> String {
        var text = "\(method) \(target) \(version)\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body } else { text += "\r\n" }
        return text
    }

    /// Sends one request and reads its answer.
    package func exchange(_ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil) throws -> Response {
        try send(TestHTTPClient.request(method, target, headers: headers, body: body))
        return try readResponse(head: method == "HEAD")
    }

    /// Sends a JSON body.
    package func postJSON(_ target: String, _ body: String, headers: [(String, String)] = []) throws -> Response {
        try exchange("POST", target, headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// Reads once more; false at EOF (or a reset). Throws on timeout.
    @discardableResult
    private func fill() throws -> Bool {
        guard !sawEOF else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var n: Int
        repeat { n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } } while n < 0 && errno == EINTR
        if n > 0 { pending += chunk[..<n]; return true }
        if n == 0 || errno == ECONNRESET { sawEOF = true; return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "timed out waiting for the server") }
        throw Failure(description: "recv: errno \(errno)")
    }

    /// One answer: status line, headers, and a Content-Length body (none for an answer to
    /// HEAD, nor for 1xx, 204 and 304).
    package func readResponse(head: Bool = false) throws -> Response {
        var end: Int? = nil
        while end == nil {
            end = headEnd()
            if end == nil, try !fill() {
                throw Failure(description: "connection closed before a whole answer head; had \(String(decoding: pending, as: UTF8.self))")
            }
        }
        guard let end else { throw Failure(description: "no answer head") }
        let headText = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure(description: "bad status line '\(statusLine)'")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header line '\(line)'") }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            var trimmed = Substring(value)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            headers.append((String(line[..<colon]), String(trimmed)))
        }
        var response = Response(status: status, version: String(parts[0]), headers: headers, body: [])
        let noBody = head || status == 204 || status == 304 || (100..<200).contains(status)
        let length = noBody ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while pending.count < length {
            guard try fill() else { throw Failure(description: "connection closed inside a body") }
        }
        response.body = Array(pending[..<length])
        pending.removeFirst(length)
        return response
    }

    /// Reads everything until the server closes or `timeout` passes with nothing, `piece`
    /// bytes at a time with `pauseMicros` between reads (a slow but steady reader; a small
    /// receive buffer makes the server's writes wait for it).
    package func readSlowly(piece: Int, pauseMicros: UInt32, timeout: Double) -> [UInt8] {
        setTimeout(timeout)
        var all = pending
        pending = []
        var chunk = [UInt8](repeating: 0, count: piece)
        while true {
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got <= 0 { break }
            all.append(contentsOf: chunk[..<got])
            usleep(pauseMicros)
        }
        return all
    }

    /// Whether answer bytes have arrived and wait to be read (without waiting for any).
    package func hasBytesWaiting() -> Bool {
        if !pending.isEmpty { return true }
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) > 0
    }

    /// True when the server closes the connection (EOF) with nothing more to read before
    /// it; false if bytes arrive or the timeout passes first.
    package func closedByServer() -> Bool {
        while pending.isEmpty {
            guard let more = try? fill() else { return false }
            if !more { return pending.isEmpty }
        }
        return false
    }

    /// True if nothing arrives within the current receive timeout.
    package func receivesNothing() -> Bool {
        guard pending.isEmpty else { return false }
        do {
            _ = try fill()
            return false
        } catch {
            return true
        }
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for i in 0...(pending.count - 4)
        where pending[i] == 13 && pending[i + 1] == 10 && pending[i + 2] == 13 && pending[i + 3] == 10 {
            return i
        }
        return nil
    }
}

#if canImport(Glibc)
private let sendBytes = Glibc.send
#else
private let sendBytes = Darwin.send
#endif
