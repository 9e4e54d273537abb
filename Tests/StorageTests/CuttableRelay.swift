// A TCP relay that can be cut the way a network that drops packets is cut: bytes still
// arrive (the relay's kernel acknowledges them) but none goes further, and no connection is
// reset. Connections made after `heal()` relay again; those that were cut stay cut.
import Foundation
import Glibc

final class CuttableRelay: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let port: Int
    private let listener: Int32
    private let target: sockaddr_in
    private let lock = NSLock()
    /// Bumped by `heal`: a connection relays only while its generation is current and uncut.
    private var generation = 0
    private var isCut = false
    private var sockets: [Int32] = []
    private var closed = false

    /// A relay on a free loopback port to `host` (an IPv4 address) and `port`.
    init(to host: String, port targetPort: Int) throws {
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(targetPort).bigEndian)
        guard inet_pton(AF_INET, host, &target.sin_addr) == 1 else { throw Failure(description: "not an IPv4 address: \(host)") }
        self.target = target
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var here = sockaddr_in()
        here.sin_family = sa_family_t(AF_INET)
        here.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &here) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw Failure(description: "cannot listen: errno \(errno)") }
        listener = fd
        port = Int(UInt16(bigEndian: here.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// From now on nothing passes, on any connection, until `heal`.
    func cut() { lock.withLock { isCut = true } }

    /// New connections relay again; the ones cut stay cut.
    func heal() { lock.withLock { isCut = false; generation += 1 } }

    /// Stops listening and ends every connection.
    func close() {
        let all: [Int32] = lock.withLock {
            closed = true
            defer { sockets = [] }
            return sockets
        }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for fd in all { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = target
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            let born: Int? = lock.withLock {
                guard !closed, connected else { return nil }
                sockets += [client, upstream]
                return generation
            }
            guard let born else {
                Glibc.close(client); Glibc.close(upstream)
                continue
            }
            Thread.detachNewThread { [self] in pump(from: client, to: upstream, born: born) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client, born: born) }
        }
    }

    /// Copies bytes while the connection's generation is current and not cut; reads and
    /// drops them otherwise. Ends when either side closes.
    private func pump(from source: Int32, to sink: Int32, born: Int) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            let passes = lock.withLock { !isCut && generation == born }
            guard passes else { continue }
            var sent = 0
            while sent < n {
                let w = buffer.withUnsafeBytes { bytes -> Int in
                    guard let base = bytes.baseAddress else { return -1 }
                    return write(sink, base + sent, n - sent)
                }
                guard w > 0 else { return }
                sent += w
            }
        }
        shutdown(sink, Int32(SHUT_RDWR))
    }
}
