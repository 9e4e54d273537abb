#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// `start()` was called on a server that was already started.
    case alreadyStarted
    /// The host is not an IP literal, or the port is out of range.
    case invalidAddress(String)
    /// A system call failed: what was attempted and errno.
    case system(String, Int32)
    /// libuv refused to set up a loop: what was attempted and its error name.
    case eventLoop(String, String)
    /// Another socket (another server) listens on the address already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .alreadyStarted: return "server already started"
        case .invalidAddress(let what): return "invalid address: \(what)"
        case .system(let what, let code): return "\(what): \(String(cString: strerror(code)))"
        case .eventLoop(let what, let name): return "\(what): \(name)"
        case .addressInUse(let host, let port):
            return "\(host):\(port) is in use by another server; stop it, or choose another port (--port, TRELLIS_PORT; 0 = any free port)"
        }
    }
}
