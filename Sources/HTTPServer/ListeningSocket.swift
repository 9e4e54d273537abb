#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibUV

/// Creates the listening sockets, one per loop, all bound to the same port
/// with SO_REUSEPORT so the kernel spreads new connections over the loops.
/// The sockets are made here (not through uv_tcp_bind) because libuv 1.44
/// cannot set SO_REUSEPORT, and the option must be set before bind(2).
enum ListeningSocket {
    /// Fails with `addressInUse` when something listens on `host:port` already. The
    /// loops' sockets share their port through SO_REUSEPORT, which would just as well let
    /// them join another process's sockets (two servers taking turns at the requests);
    /// a socket bound without it meets any listener there. Port 0 is always free.
    static func ensureFree(host: String, port: Int) throws(HTTPServerError) {
        guard port != 0 else { return }
        let fd = try open(host: host, port: port, backlog: 1, reusePort: false, listening: false)
        close(fd)
    }

    /// A host name (`localhost`, a name in /etc/hosts) as the numeric address to bind:
    /// its first IPv4 address, else its first IPv6 one; nil when it does not resolve.
    static func resolve(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var found: (v4: String?, v6: String?) = (nil, nil)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = info.pointee.ai_addr,
               getnameinfo(address, info.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if info.pointee.ai_family == AF_INET, found.v4 == nil { found.v4 = numeric }
                if info.pointee.ai_family == AF_INET6, found.v6 == nil { found.v6 = numeric }
            }
            entry = info.pointee.ai_next
        }
        return found.v4 ?? found.v6
    }

    /// Binds and listens; returns the file descriptor.
    static func open(host: String, port: Int, backlog: Int, reusePort: Bool = true,
                     listening: Bool = true) throws(HTTPServerError) -> Int32 {
        guard (0...65535).contains(port) else { throw .invalidAddress("port \(port) out of range") }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if withUnsafeMutablePointer(to: &storage, {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_addr(host, Int32(port), $0) }
        }) == 0 {
            family = AF_INET
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        } else if withUnsafeMutablePointer(to: &storage, {
            $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_addr(host, Int32(port), $0) }
        }) == 0 {
            family = AF_INET6
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else if let address = resolve(host) {
            return try open(host: address, port: port, backlog: backlog, reusePort: reusePort, listening: listening)
        } else {
            throw .invalidAddress("not an IP address or a name this machine resolves: \(host)")
        }

        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        var one: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, size) == 0,
              !reusePort || setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, size) == 0 else {
            let code = errno
            close(fd)
            throw .system("setsockopt(SO_REUSEPORT)", code)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .system("bind \(host):\(port)", code)
        }
        if !listening { return fd }
        guard listen(fd, Int32(clamping: max(1, backlog))) == 0 else {
            let code = errno
            close(fd)
            throw .system("listen", code)
        }
        return fd
    }

    /// The port a socket is bound to (to learn the ephemeral one).
    static func boundPort(of fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return nil
        }
    }
}
