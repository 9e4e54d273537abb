#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A blocking TCP client speaking raw bytes, for end-to-end tests. Every
/// receive has a timeout, so a server that never answers fails the test
/// instead of hanging it.
final class RawClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One parsed answer.
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// -1 once closed: closing twice could close a descriptor that the
    /// server (same process) has since been given, and libuv aborts when a
    /// watched descriptor vanishes.
    private var fd: Int32
    private var pending: [UInt8] = []
    private var closed = false

    init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        setTimeout(timeout)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            fd = -1  // deinit runs for this failed init too
            throw Failure(description: "connect failed: errno \(code)")
        }
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Receive timeout for the following reads.
    func setTimeout(_ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads everything until the server closes or `timeout` passes with nothing, `piece`
    /// bytes at a time with `pauseMicros` between reads (a slow but steady reader; a small
    /// receive buffer makes the server's writes wait for it). Returns the bytes read.
    func readSlowly(piece: Int, pauseMicros: UInt32, timeout: Double) -> [UInt8] {
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

    /// Shuts down our sending side (the server sees EOF).
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads once into `pending`; false on EOF, throws on timeout or error.
    @discardableResult
    private func fill() throws -> Bool {
        guard !closed else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if got > 0 {
            pending.append(contentsOf: chunk[..<got])
            return true
        }
        if got == 0 {
            closed = true
            return false
        }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK { throw Failure(description: "receive timed out") }
        if code == ECONNRESET {
            closed = true
            return false
        }
        throw Failure(description: "recv failed: errno \(code)")
    }

    /// Reads one response (status line, headers, Content-Length body).
    func readResponse(ignoringBody: Bool = false) throws -> Response {
        var headEnd: Int?
        while true {
            if let end = findHeadEnd() {
                headEnd = end
                break
            }
            guard try fill() else { throw Failure(description: "connection closed before a full head; got \(String(decoding: pending, as: UTF8.self))") }
        }
        guard let headEnd else { throw Failure(description: "unreachable") }
        let head = String(decoding: pending[..<headEnd], as: UTF8.self)
        pending.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure(description: "bad status line: \(statusLine)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header: \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = Response(status: status, headers: headers, body: [])
        let length = ignoringBody ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while pending.count < length {
            guard try fill() else { throw Failure(description: "connection closed inside a body") }
        }
        response.body = Array(pending[..<length])
        pending.removeFirst(length)
        return response
    }

    /// True when the server closes the connection within the receive
    /// timeout without sending anything more; bytes received meanwhile make
    /// it false.
    func waitForClose() -> Bool {
        while pending.isEmpty {
            guard let more = try? fill() else { return false }
            if !more { return pending.isEmpty }
        }
        return false
    }

    /// True if nothing arrives within the current receive timeout.
    func receivesNothing() -> Bool {
        guard pending.isEmpty else { return false }
        do {
            _ = try fill()
            return false
        } catch {
            return true
        }
    }

    private func findHeadEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4)
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }
}
