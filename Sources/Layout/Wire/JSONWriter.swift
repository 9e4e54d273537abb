// A small, fast JSON writer appending UTF-8 to a byte array: the answer encoder's tool.
// Commas are placed by one flag rather than a container stack: after any complete value
// the next value or key needs a comma; opening a container or writing a key clears it.
// The writer trusts its caller to nest correctly (it is driven by code, not input).

public struct JSONWriter: Sendable {
    public var bytes: [UInt8]
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: containers

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// A member name known at compile time to need no escaping (`"frames"`, `"x"`).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Any member name (escaped as needed), e.g. a view id used as a key.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: scalars

    public mutating func null() { separate(); append("null"); needsComma = true }
    public mutating func bool(_ value: Bool) { separate(); append(value ? "true" : "false"); needsComma = true }

    public mutating func int(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// A number, shortest round-trip form; integral values without ".0". JSON has no
    /// infinity or NaN: those are written as null (the server only produces finite ones).
    public mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            append("null")
        } else if value.magnitude < 9_223_372_036_854_775_808, Double(Int64(value)) == value {
            // Every integral double below 2^63 converts exactly.
            // Conversion, not rounding functions: those need libm, which this module avoids.
            appendInteger(Int64(value))
        } else if !appendShortDecimal(value) {
            // Swift's description is the shortest representation that round-trips, and its
            // forms (1.5, 1e-07, 1.5e+300) are all valid JSON numbers.
            var text = value.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        needsComma = true
    }

    /// Frames are mostly numbers with a few decimals (79.75, 12.5): written digit by digit
    /// when the value is exactly k / 10^6 for an integer k, which is then also its shortest
    /// round-trip form once trailing zeros go. Returns false for anything else.
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
        guard value.magnitude < 1e9 else { return false }
        let scaled = value * 1_000_000
        let k = Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
        guard Double(k) / 1_000_000 == value else { return false }
        var magnitude = k.magnitude
        if k < 0 { bytes.append(UInt8(ascii: "-")) }
        appendInteger(Int64(magnitude / 1_000_000))
        magnitude %= 1_000_000
        guard magnitude != 0 else { return true }
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt64 = 100_000
        while magnitude != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
        return true
    }

    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { appendEscaped($0) }
        needsComma = true
    }

    // MARK: conveniences for members

    public mutating func field(_ name: StaticString, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    /// A string or null.
    public mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    // MARK: internals

    @inline(__always) private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    @inline(__always) private mutating func append(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private mutating func appendInteger(_ value: Int64) {
        if value >= 0 && value < 10 { bytes.append(UInt8(48 + value)); return }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes of scratch, no allocation
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeMutableBytes(of: &digits) { scratch in
            var k = scratch.count
            repeat {
                k -= 1
                scratch[k] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: scratch[k...])
        }
    }

    /// Quoted and escaped: `"` `\` and control characters; everything else is copied as is
    /// (the input is a Swift String, hence valid UTF-8). Runs of plain bytes go in one append.
    private mutating func appendEscaped(_ s: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for k in 0..<s.count {
            let b = s[k]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            if runStart < k { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<k])) }
            runStart = k + 1
            bytes.append(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                append("u00")
                bytes.append(hex.utf8Start[Int(b >> 4)])
                bytes.append(hex.utf8Start[Int(b & 0xF)])
            }
        }
        if runStart < s.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<s.count])) }
        bytes.append(UInt8(ascii: "\""))
    }
}
