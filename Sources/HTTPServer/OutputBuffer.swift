#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable malloc'd byte buffer that serialised responses are appended to.
/// Raw memory rather than [UInt8] so that, when the socket cannot take it all
/// at once, ownership of the storage can be handed to a pending uv_write and
/// freed in its callback, with no copy.
struct OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private var capacity = 0

    var isEmpty: Bool { count == 0 }

    /// Forgets the contents but keeps the storage for reuse.
    mutating func clear() { count = 0 }

    /// Releases the storage (connection teardown).
    mutating func free() {
        freeBytes(base)
        base = nil
        count = 0
        capacity = 0
    }

    /// Hands the storage and its length to the caller, who must free() it;
    /// the buffer starts empty with no storage.
    mutating func take() -> (UnsafeMutablePointer<UInt8>, Int)? {
        guard let base, count > 0 else { return nil }
        let taken = (base, count)
        self.base = nil
        count = 0
        capacity = 0
        return taken
    }

    /// Makes room for `extra` more bytes and returns where they go, or nil
    /// when memory is exhausted (the caller closes the connection).
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8>? {
        if count + extra > capacity {
            var newCapacity = Swift.max(capacity * 2, 4096)
            while newCapacity < count + extra { newCapacity *= 2 }
            guard let grown = realloc(base, newCapacity) else { return nil }
            base = grown.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }
        return base.map { $0 + count }
    }

    @discardableResult
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0, let source = bytes.baseAddress else { return true }
        guard let target = reserve(bytes.count) else { return false }
        target.update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
        return true
    }

    @discardableResult
    mutating func append(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    @discardableResult
    mutating func append(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { append($0) }
    }

    @discardableResult
    mutating func append(_ text: String) -> Bool {
        // Native strings give contiguous UTF-8 without a copy.
        if let done = text.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        return append(Array(text.utf8))
    }

    /// Appends "name: value\r\n" with one capacity check.
    mutating func appendField(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let total = name.count + value.count + 4
        guard var target = reserve(total) else { return false }
        if let source = name.baseAddress {
            target.update(from: source, count: name.count)
            target += name.count
        }
        target[0] = UInt8(ascii: ":")
        target[1] = UInt8(ascii: " ")
        target += 2
        if let source = value.baseAddress {
            target.update(from: source, count: value.count)
            target += value.count
        }
        target[0] = 13
        target[1] = 10
        count += total
        return true
    }

    /// Appends a non-negative integer in decimal without allocating.
    @discardableResult
    mutating func appendDecimal(_ value: Int) -> Bool {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch
        return withUnsafeMutableBytes(of: &digits) { scratch in
            var n = UInt(Swift.max(value, 0))
            var index = scratch.count
            repeat {
                index -= 1
                scratch[index] = UInt8(truncatingIfNeeded: 48 + n % 10)
                n /= 10
            } while n > 0 && index > 0
            return append(UnsafeRawBufferPointer(rebasing: scratch[index...]))
        }
    }
}

/// libc free(), reachable from inside types that have a `free()` method.
@inline(__always)
func freeBytes(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
