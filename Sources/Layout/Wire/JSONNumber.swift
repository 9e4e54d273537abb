// Number scanning and conversion for the JSON reader and the expression lexer.
// Most numbers in layout requests are short (8, 0.5, 375, 1000), so the common case is
// converted exactly with one multiplication or division (Clinger's fast path: a mantissa
// below 2^53 and a power of ten below 10^23 are both exact doubles, and IEEE rounds the
// single operation correctly). Everything else goes through the C library's correctly
// rounded strtod via Double(String), which is rare enough not to matter.

/// Why a number was refused.
enum NumberError: Error, Equatable {
    case leadingZero, missingDigits, missingFractionDigits, missingExponentDigits, notFinite
}

enum JSONNumber {
    /// Exact powers of ten representable as doubles.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Scans an RFC 8259 number starting at `start` (which holds `-` or a digit) and
    /// returns its value and the offset just past it. Does not look at what follows:
    /// the caller decides whether the next byte may end a value.
    /// `failAt` receives the offset of the offending byte on error.
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, failAt: inout Int) throws(NumberError) -> (Double, Int) {
        var i = start
        var negative = false
        if p[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < end, isDigit(p[i]) else { failAt = i; throw .missingDigits }
        var mantissa: UInt64 = 0
        var significant = 0          // digits accumulated into `mantissa` (after leading zeros)
        var dropped = 0              // integer digits beyond 19 that did not fit
        var exponent = 0
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, isDigit(p[i]) { failAt = start; throw .leadingZero }
        } else {
            while i < end, isDigit(p[i]) {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48); significant += 1
                } else { dropped += 1 }
                i += 1
            }
        }
        exponent = dropped
        var simple = dropped == 0
        if i < end, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end, isDigit(p[i]) else { failAt = i; throw .missingFractionDigits }
            while i < end, isDigit(p[i]) {
                if significant < 19 {
                    // Leading zeros of the fraction do not use up precision.
                    if mantissa != 0 || p[i] != UInt8(ascii: "0") { significant += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                    exponent -= 1
                } else { simple = false }
                i += 1
            }
        }
        if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < end, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                expNegative = p[i] == UInt8(ascii: "-"); i += 1
            }
            guard i < end, isDigit(p[i]) else { failAt = i; throw .missingExponentDigits }
            var e = 0
            while i < end, isDigit(p[i]) {
                // Saturate: anything past 10^±99999 is zero or infinite anyway.
                if e < 100_000 { e = e * 10 + Int(p[i] &- 48) }
                i += 1
            }
            exponent += expNegative ? -e : e
        }
        var value: Double
        if simple, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else if exponent > 0 { value *= powersOfTen[exponent] }
            if negative { value = -value }
        } else {
            value = slowConvert(p, start, i)
        }
        guard value.isFinite else { failAt = start; throw .notFinite }
        return (value, i)
    }

    /// Correctly rounded conversion of an already validated number text.
    static func slowConvert(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
        return Double(text) ?? .nan
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
}

extension NumberError {
    var message: String {
        switch self {
        case .leadingZero: return "numbers must not have leading zeros"
        case .missingDigits: return "expected a digit"
        case .missingFractionDigits: return "expected a digit after the decimal point"
        case .missingExponentDigits: return "expected a digit in the exponent"
        case .notFinite: return "number must be finite"
        }
    }
}
