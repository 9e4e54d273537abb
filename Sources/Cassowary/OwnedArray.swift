/// An array with exactly one owner, for the solver's tables indexed by symbol or by row
/// slot (kinds, basic slots, column lists, costs, the definitions' bookkeeping, owners, the
/// accumulator).
///
/// Why not `Array`: every write to an array held in a class checks that its buffer is
/// uniquely referenced, and `append` runs generic code out of line. A new symbol appends to
/// thirteen per-symbol tables; as arrays that cost about 700 instructions per symbol, a
/// tenth of building a 10-view layout's system. This one cannot be copied (`~Copyable`),
/// so it is unique by construction: a write is a bounds check and a store, an append one
/// compare more. Element access does not mutate the table itself (only its elements'
/// memory), so it needs no exclusive access to the property that holds the table.
///
/// The rule that comes with it: nothing appends to, empties or shrinks a table while one of
/// its buffers (`withUnsafe…BufferPointer`) or an element access is in progress. Release
/// builds do not check exclusivity (Package.swift), so breaking it would read freed memory;
/// the tables grow only in `newSymbol`, `insertRow` and the accumulator's `add`, none of them
/// inside a closure over the table it grows.
struct OwnedArray<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity = 0

    init() { base = .allocate(capacity: 0) }

    deinit {
        Self.destroy(base, count)
        base.deallocate()
    }

    /// `deinitialize(count:)`, element by element: specialized, a reference is released
    /// directly, where the runtime's generic destroy of a buffer goes through three value
    /// witnesses per element (a reset solver's owner table held a tenth of a small layout's
    /// time there). Trivial elements need nothing.
    @inline(__always) private static func destroy(_ base: UnsafeMutablePointer<Element>, _ count: Int) {
        guard !_isPOD(Element.self) else { return }
        for i in 0..<count { _ = (base + i).move() }
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    /// Bounds-checked like `Array`'s subscript: an index out of range is a bug in the
    /// solver, never an input's doing (every symbol is made by `newSymbol`).
    subscript(i: Int) -> Element {
        @inline(__always) _read {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            yield base[i]
        }
        @inline(__always) nonmutating _modify {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            yield &base[i]
        }
    }

    @inline(__always) mutating func append(_ element: consuming Element) {
        if count == capacity { grow(to: Swift.max(16, capacity * 2)) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `n` copies of `element` (room for exactly those: the caller sizes its steps).
    mutating func append(_ element: Element, times n: Int) {
        guard n > 0 else { return }
        reserveCapacity(count + n)
        (base + count).initialize(repeating: element, count: n)
        count += n
    }

    mutating func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Empties the table; its storage stays (see `Solver.reset`).
    mutating func removeAll() {
        Self.destroy(base, count)
        count = 0
    }

    /// Storage of exactly the count (see `Solver.compact`).
    mutating func shrinkToFit() {
        if capacity > count { grow(to: count) }
    }

    private mutating func grow(to n: Int) {
        let new = UnsafeMutablePointer<Element>.allocate(capacity: n)
        new.moveInitialize(from: base, count: count)
        base.deallocate()
        base = new
        capacity = n
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }
}
