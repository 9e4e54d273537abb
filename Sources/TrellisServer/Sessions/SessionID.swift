/// Session ids: 128 bits from the system's cryptographically secure generator, written
/// as 32 lowercase hexadecimal digits.
public enum SessionID {
    public static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        return hex(rng.next() as UInt64) + hex(rng.next() as UInt64)
    }

    /// True for 32 lowercase hex digits: anything else cannot name a session.
    public static func isWellFormed(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard utf8.count == 32 else { return false }
        return utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 16)
        var v = value
        for i in stride(from: 15, through: 0, by: -1) {
            out[i] = digits[Int(v & 0xf)]
            v >>= 4
        }
        return String(decoding: out, as: UTF8.self)
    }
}
