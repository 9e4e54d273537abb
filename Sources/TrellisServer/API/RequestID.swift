import Synchronization

/// Request ids for the access log and `X-Request-Id`: the caller's own when it is 1-64
/// characters of `[A-Za-z0-9._-]`, otherwise `<8 random hex>-<counter in hex>`, unique
/// within the process and cheap (one atomic increment).
public final class RequestIDs: Sendable {
    /// The 8 hex digits of the prefix, as bytes.
    private let prefix: UInt64
    private let counter = Atomic<UInt64>(0)

    public init() {
        var rng = SystemRandomNumberGenerator()
        var bytes: UInt64 = 0
        withUnsafeMutableBytes(of: &bytes) { out in
            for (k, c) in SessionID.hex(rng.next() as UInt64).utf8.prefix(8).enumerated() { out[k] = c }
        }
        prefix = bytes
    }

    /// Written in place, one string made: a concatenation and a radix conversion made three
    /// on every request.
    public func next() -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: 8 + 1 + 16) { out in
            withUnsafeBytes(of: prefix) { p in for k in 0..<8 { out[k] = p[k] } }
            out[8] = UInt8(ascii: "-")
            var digits = 1, rest = n >> 4
            while rest > 0 { digits += 1; rest >>= 4 }
            var v = n
            for k in stride(from: 8 + digits, through: 9, by: -1) {
                let d = UInt8(v & 15)
                out[k] = d < 10 ? 48 + d : 87 + d
                v >>= 4
            }
            return 9 + digits
        }
    }

    public func id(for request: TrellisRequest) -> String {
        if let given = request.header("X-Request-Id"), RequestIDs.isAcceptable(given) { return given }
        return next()
    }

    public static func isAcceptable(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard (1...64).contains(utf8.count) else { return false }
        return utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }
}
