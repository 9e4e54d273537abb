// The access log's fields (a line per request at the default level), written one way into
// either a logfmt line on the stack or a list for the general path (JSON lines, a value that
// needs quoting, a line too long for the stack).
import Platform

/// Where the access log's fields go, in key order.
protocol AccessFieldSink {
    mutating func int(_ key: StaticString, _ value: Int)
    mutating func text(_ key: StaticString, _ value: String)
    /// A text field whose value is `path?query`, without a string made of the two.
    mutating func text(_ key: StaticString, path: String, query: String)
}

/// The fields as a list, for `LineLogHandler.info(_:sortedFields:)`.
struct AccessFieldList: AccessFieldSink {
    var fields: [(key: StaticString, value: LineLogHandler.Field)] = []
    mutating func int(_ key: StaticString, _ value: Int) { fields.append((key, .int(value))) }
    mutating func text(_ key: StaticString, _ value: String) { fields.append((key, .text(value))) }
    mutating func text(_ key: StaticString, path: String, query: String) { fields.append((key, .text(path + "?" + query))) }
}

/// A logfmt line written into memory the caller holds. Once a value needs quoting or the
/// room runs out, `failed` is set and the rest is ignored: the caller writes the line the
/// general way instead.
struct LogfmtLine: AccessFieldSink {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private(set) var failed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[0..<count]) }

    /// The next `n` bytes, for a writer that fills them in place; nil (and `failed`) when
    /// they do not fit.
    mutating func reserve(_ n: Int) -> UnsafeMutableBufferPointer<UInt8>? {
        guard !failed, n <= buffer.count - count else { failed = true; return nil }
        defer { count += n }
        return UnsafeMutableBufferPointer(rebasing: buffer[count..<count + n])
    }

    mutating func byte(_ b: UInt8) {
        guard let out = reserve(1) else { return }
        out[0] = b
    }

    mutating func raw(_ s: StaticString) {
        guard let out = reserve(s.utf8CodeUnitCount) else { return }
        out.baseAddress?.update(from: s.utf8Start, count: s.utf8CodeUnitCount)
    }

    /// " key=" with one check for room.
    private mutating func key(_ key: StaticString) {
        let n = key.utf8CodeUnitCount
        guard let out = reserve(n + 2), let base = out.baseAddress else { return }
        base[0] = 0x20
        (base + 1).update(from: key.utf8Start, count: n)
        base[n + 1] = 0x3D
    }

    mutating func int(_ key: StaticString, _ value: Int) {
        self.key(key)
        var v = value.magnitude, digits = 1
        while v >= 10 { v /= 10; digits += 1 }
        let sign = value < 0 ? 1 : 0
        guard let out = reserve(digits + sign) else { return }
        if sign == 1 { out[0] = 0x2D }
        v = value.magnitude
        for k in stride(from: digits + sign - 1, through: sign, by: -1) { out[k] = UInt8(48 + v % 10); v /= 10 }
    }

    mutating func text(_ key: StaticString, _ value: String) {
        self.key(key)
        if value.isEmpty { failed = true } else { bare(value) }
    }

    mutating func text(_ key: StaticString, path: String, query: String) {
        self.key(key)
        bare(path); byte(UInt8(ascii: "?")); bare(query)
    }

    /// `value` as it is: a space, quote, equals sign, backslash or control byte needs
    /// quoting, which the general path does.
    private mutating func bare(_ value: String) {
        withUTF8Bytes(value) { bytes in
            guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x22 || $0 == 0x3D || $0 == 0x5C }),
                  let out = reserve(bytes.count), let base = bytes.baseAddress else {
                if !bytes.isEmpty { failed = true }
                return
            }
            out.baseAddress?.update(from: base, count: bytes.count)
        }
    }
}
