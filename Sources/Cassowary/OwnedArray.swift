#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An array with exactly one owner, for the solver's tables indexed by symbol or by row
/// slot (kinds, basic slots, column lists, costs, the definitions' bookkeeping, owners, the
/// accumulator).
///
/// Why not `Array`: every write to an array held in a class checks that its buffer is
/// uniquely referenced, and `append` runs generic code out of line. A new symbol appends to
/// fourteen per-symbol tables, which as arrays is a large part of building a small layout's
/// system. This one cannot be copied (`~Copyable`),
/// so it is unique by construction: a write is a bounds check and a store, an append one
/// compare more. Element access does not mutate the table itself (only its elements'
/// memory), so it needs no exclusive access to the property that holds the table.
///
/// The rule that comes with it: nothing appends to, empties or shrinks a table while one of
/// its buffers (`withUnsafe…BufferPointer`) or an element access is in progress. Release
/// builds do not check exclusivity (Package.swift), so breaking it would read freed memory;
/// the tables grow only in `newSymbol`, `insertRow` and the accumulator's `add`, none of them
/// inside a closure over the table it grows.
///
/// Public for the JSON parser's tape (Layout's JSONParser), whose appends are as hot; the
/// members are inlinable so that each element type gets its own specialized code.
@frozen public struct OwnedArray<Element>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var stored = 0, room = 0
    @inlinable public var count: Int { stored }
    @inlinable public var capacity: Int { room }

    @inlinable public init() { base = Self.storage(0) }

    @inlinable deinit {
        Self.destroy(base, count)
        free(base)
    }

    /// Room for `n` elements, from `malloc`. `UnsafeMutablePointer.allocate` asks the Swift
    /// runtime for memory of the default alignment, which on Linux it gets from
    /// `posix_memalign`, several times malloc's cost. malloc's alignment (16) serves every
    /// element type the tables
    /// hold; both kinds of memory go back with `free`.
    @inlinable static func storage(_ n: Int) -> UnsafeMutablePointer<Element> {
        if MemoryLayout<Element>.alignment <= 16, let raw = malloc(Swift.max(1, n * MemoryLayout<Element>.stride)) {
            return raw.bindMemory(to: Element.self, capacity: n)
        }
        return .allocate(capacity: n)  // out of memory: the runtime's allocator reports it
    }

    /// `deinitialize(count:)`, element by element: specialized, a reference is released
    /// directly, where the runtime's generic destroy of a buffer goes through three value
    /// witnesses per element (a reset solver's owner table held a tenth of a small layout's
    /// time there). Trivial elements need nothing.
    @inlinable @inline(__always) static func destroy(_ base: UnsafeMutablePointer<Element>, _ count: Int) {
        guard !_isPOD(Element.self) else { return }
        for i in 0..<count { _ = (base + i).move() }
    }

    @inlinable public var indices: Range<Int> { 0..<count }
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Bounds-checked like `Array`'s subscript: an index out of range is a bug in the
    /// solver, never an input's doing (every symbol is made by `newSymbol`).
    @inlinable public subscript(i: Int) -> Element {
        @inline(__always) _read {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            yield base[i]
        }
        @inline(__always) nonmutating _modify {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            yield &base[i]
        }
    }

    @inlinable @inline(__always) public mutating func append(_ element: consuming Element) {
        if count == capacity { grow(to: Swift.max(16, capacity * 2)) }
        (base + count).initialize(to: element)
        stored += 1
    }

    /// Appends `n` copies of `element` (room for exactly those: the caller sizes its steps).
    @inlinable public mutating func append(_ element: Element, times n: Int) {
        guard n > 0 else { return }
        reserveCapacity(count + n)
        (base + count).initialize(repeating: element, count: n)
        stored += n
    }

    @inlinable public mutating func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Empties the table; its storage stays (see `Solver.reset`).
    @inlinable public mutating func removeAll() {
        Self.destroy(base, count)
        stored = 0
    }

    /// Removes and returns the last element, if any.
    @inlinable public mutating func popLast() -> Element? {
        guard stored > 0 else { return nil }
        stored -= 1
        return (base + stored).move()
    }

    /// Removes the elements from index `k` on (none when `k >= count`).
    @inlinable public mutating func removeSuffix(from k: Int) {
        guard k >= 0, k < stored else { return }
        Self.destroy(base + k, stored - k)
        stored = k
    }

    /// Storage of exactly the count (see `Solver.compact`).
    @inlinable public mutating func shrinkToFit() {
        if capacity > count { grow(to: count) }
    }

    @inlinable mutating func grow(to n: Int) {
        let new = Self.storage(n)
        new.moveInitialize(from: base, count: count)
        free(base)
        base = new
        room = n
    }

    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inlinable public func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }
}
