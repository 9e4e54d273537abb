/// ASCII case folding, for protocol tokens (header names, media types, codings): folding
/// only A-Z is exact for them.
@inlinable @inline(__always)
package func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
}

/// ASCII case-insensitive equality of two byte sequences, without allocating. Lengths
/// first: a header look-up compares its name with every header's, and most differ in length.
@inlinable
package func asciiCaseInsensitiveEquals<A: Collection<UInt8>, B: Collection<UInt8>>(bytes a: A, _ b: B) -> Bool {
    guard a.count == b.count else { return false }
    for (p, q) in zip(a, b) where p != q && asciiLower(p) != asciiLower(q) { return false }
    return true
}

/// The same for two strings' UTF-8 bytes.
@inlinable
package func asciiCaseInsensitiveEquals<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
    asciiCaseInsensitiveEquals(bytes: a.utf8, b.utf8)
}

/// The same for two strings, over their contiguous bytes: a header look-up compares a name
/// with every header's, and stepping two UTF-8 views in step cost about 20 instructions a byte.
@inlinable
package func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    // Read in place: `withUTF8` needs a mutable copy of each (two reference counts a call).
    let fast = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in asciiCaseInsensitiveEquals(bytes: x, y) }
    }
    if let fast, let equal = fast { return equal }
    return asciiCaseInsensitiveEquals(bytes: a.utf8, b.utf8)
}

/// `body` over a string's UTF-8 bytes, read in place where they are contiguous (native and
/// small strings: `withUTF8` would need a mutable copy of the string); a bridged string is
/// copied first.
@inlinable
package func withUTF8Bytes<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if let result = try s.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = s
    return try copy.withUTF8(body)
}
