import Synchronization

/// Request ids for the access log and `X-Request-Id`: the caller's own when it is 1-64
/// characters of `[A-Za-z0-9._-]`, otherwise `<8 random hex>-<counter in hex>`, unique
/// within the process and cheap (one atomic increment).
public final class RequestIDs: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    public init() {
        var rng = SystemRandomNumberGenerator()
        prefix = String(SessionID.hex(rng.next() as UInt64).prefix(8))
    }

    public func next() -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return prefix + "-" + String(n, radix: 16)
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
