import CLibUV

// libuv's handle types share a common prefix (uv_handle_t, then uv_stream_t),
// so C code casts between them; these do the same for Swift pointers.
extension UnsafeMutablePointer where Pointee == uv_tcp_t {
    var asHandle: UnsafeMutablePointer<uv_handle_t> { UnsafeMutablePointer<uv_handle_t>(OpaquePointer(self)) }
    var asStream: UnsafeMutablePointer<uv_stream_t> { UnsafeMutablePointer<uv_stream_t>(OpaquePointer(self)) }
}

extension UnsafeMutablePointer where Pointee == uv_timer_t {
    var asHandle: UnsafeMutablePointer<uv_handle_t> { UnsafeMutablePointer<uv_handle_t>(OpaquePointer(self)) }
}

extension UnsafeMutablePointer where Pointee == uv_async_t {
    var asHandle: UnsafeMutablePointer<uv_handle_t> { UnsafeMutablePointer<uv_handle_t>(OpaquePointer(self)) }
}

extension UnsafeMutablePointer where Pointee == uv_signal_t {
    var asHandle: UnsafeMutablePointer<uv_handle_t> { UnsafeMutablePointer<uv_handle_t>(OpaquePointer(self)) }
}

/// Allocates zeroed memory for a libuv struct (libuv expects nothing of the
/// contents before *_init, but zeroed memory makes mistakes deterministic).
func allocateZeroed<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.stride)
    return pointer
}

/// libuv error numbers are negative errno values.
func uvErrorName(_ code: Int32) -> String {
    String(cString: uv_err_name(code))
}

/// The peer address of a connected TCP handle as "ip:port" (IPv6 in brackets).
func peerAddress(of tcp: UnsafeMutablePointer<uv_tcp_t>) -> String? {
    var storage = sockaddr_storage()
    var length = Int32(MemoryLayout<sockaddr_storage>.size)
    let got = withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getpeername(tcp, $0, &length) }
    }
    guard got == 0 else { return nil }
    var name = [CChar](repeating: 0, count: 64)
    switch Int32(storage.ss_family) {
    case AF_INET:
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin -> String? in
                guard uv_ip4_name(sin, &name, name.count) == 0 else { return nil }
                return cString(name) + ":" + String(UInt16(bigEndian: sin.pointee.sin_port))
            }
        }
    case AF_INET6:
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 -> String? in
                guard uv_ip6_name(sin6, &name, name.count) == 0 else { return nil }
                return "[" + cString(name) + "]:" + String(UInt16(bigEndian: sin6.pointee.sin6_port))
            }
        }
    default:
        return nil
    }
}

/// The text of a NUL-terminated C character array.
func cString(_ chars: [CChar]) -> String {
    let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

extension UnsafeMutablePointer where Pointee == uv_check_t {
    var asHandle: UnsafeMutablePointer<uv_handle_t> { UnsafeMutablePointer<uv_handle_t>(OpaquePointer(self)) }
}
