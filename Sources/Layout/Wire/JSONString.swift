// String scanning (validation) and decoding (unescaping) for the JSON reader.
// Scanning happens once, during parsing, and only validates: it records whether the
// string holds escapes. Most strings in a layout request (ids, attribute names) have
// none, and their value is then just their bytes, so decoding is a slice, not a rebuild.

enum StringError: Error, Equatable {
    case unterminated, controlCharacter, badEscape, badUnicodeEscape, loneSurrogate, invalidUTF8

    var message: String {
        switch self {
        case .unterminated: return "unterminated string"
        case .controlCharacter: return "control characters must be escaped in strings"
        case .badEscape: return "invalid escape sequence"
        case .badUnicodeEscape: return "\\u must be followed by four hexadecimal digits"
        case .loneSurrogate: return "lone UTF-16 surrogate in \\u escape"
        case .invalidUTF8: return "invalid UTF-8"
        }
    }
}

enum JSONString {
    /// Validates the string whose opening quote is at `quote`. Returns the offset of the
    /// closing quote and whether escapes occur. `failAt` receives the offending offset.
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, _ quote: Int, _ end: Int, failAt: inout Int) throws(StringError) -> (close: Int, escaped: Bool) {
        var i = quote + 1
        var escaped = false
        while true {
            i = plainRun(p, i, end)
            guard i < end else { failAt = quote; throw .unterminated }
            let b = p[i]
            if b == UInt8(ascii: "\"") { return (i, escaped) }
            if b == UInt8(ascii: "\\") {
                escaped = true
                i = try scanEscape(p, i, end, failAt: &failAt)
            } else if b < 0x20 {
                failAt = i; throw .controlCharacter
            } else if b >= 0x80 {
                i = try scanUTF8(p, i, end, failAt: &failAt)
            } else {
                i += 1
            }
        }
    }

    /// The offset, at or after `start`, of the first quote, backslash, control character or
    /// byte above 0x7F, found eight bytes at a time; once fewer than eight bytes are left
    /// before `end`, where they start (the caller reads those one by one). Most of a
    /// request's text is ids and expressions with nothing to look at.
    @inline(__always)
    static func plainRun(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = start
        while i + 8 <= end {
            let v = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            let quote = v ^ (ones &* 0x22), backslash = v ^ (ones &* 0x5C)
            // A byte's high bit set where it is zero (a quote or a backslash in the xors) or
            // below 0x20, or where it is already set (not ASCII); borrows only ever mark
            // bytes above the first special one, so the lowest mark is exact.
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((v &- ones &* 0x20) & ~v) | v
            let marks = special & highs
            if marks != 0 { return i + marks.trailingZeroBitCount >> 3 }
            i += 8
        }
        return i
    }

    /// Validates one escape at `i` (the backslash); returns the offset after it.
    static func scanEscape(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, failAt: inout Int) throws(StringError) -> Int {
        guard i + 1 < end else { failAt = i; throw .unterminated }
        switch p[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            guard let unit = hex4(p, i + 2, end) else { failAt = i; throw .badUnicodeEscape }
            if unit >= 0xDC00 && unit <= 0xDFFF { failAt = i; throw .loneSurrogate }
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard i + 7 < end, p[i + 6] == UInt8(ascii: "\\"), p[i + 7] == UInt8(ascii: "u"),
                      let low = hex4(p, i + 8, end), low >= 0xDC00, low <= 0xDFFF
                else { failAt = i; throw .loneSurrogate }
                return i + 12
            }
            return i + 6
        default:
            failAt = i; throw .badEscape
        }
    }

    /// Validates one multi-byte UTF-8 sequence starting at `i`; returns the offset after it.
    /// Rejects overlong forms, surrogates and values above U+10FFFF (RFC 3629).
    static func scanUTF8(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, failAt: inout Int) throws(StringError) -> Int {
        let b0 = p[i]
        var length = 0
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF   // allowed range of the second byte
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; hi = 0x9F
        case 0xF0: length = 4; lo = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; hi = 0x8F
        default: failAt = i; throw .invalidUTF8
        }
        guard i + length <= end else { failAt = i; throw .invalidUTF8 }
        let b1 = p[i + 1]
        guard b1 >= lo, b1 <= hi else { failAt = i; throw .invalidUTF8 }
        var k = 2
        while k < length {
            guard p[i + k] & 0xC0 == 0x80 else { failAt = i; throw .invalidUTF8 }
            k += 1
        }
        return i + length
    }

    @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> UInt32? {
        guard i + 4 <= end else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = p[i + k]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The value of an already validated string body (between the quotes), as UTF-8.
    static func unescape(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = p[i]
            guard b == UInt8(ascii: "\\"), i + 1 < end else { out.append(b); i += 1; continue }
            let e = p[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(p, i, end) ?? 0xFFFD
                i += 4
                // Validated already; the range checks keep the arithmetic safe regardless.
                if scalar >= 0xD800 && scalar <= 0xDBFF, i + 1 < end, p[i] == UInt8(ascii: "\\"),
                   let low = hex4(p, i + 2, end), low >= 0xDC00, low <= 0xDFFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(e)   // \" \\ \/
            }
        }
        return out
    }

    static func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        switch s {
        case 0..<0x80: out.append(UInt8(s))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | s >> 6)); out.append(UInt8(0x80 | s & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | s >> 12)); out.append(UInt8(0x80 | s >> 6 & 0x3F))
            out.append(UInt8(0x80 | s & 0x3F))
        default:
            out.append(UInt8(0xF0 | s >> 18)); out.append(UInt8(0x80 | s >> 12 & 0x3F))
            out.append(UInt8(0x80 | s >> 6 & 0x3F)); out.append(UInt8(0x80 | s & 0x3F))
        }
    }
}
