extension Array {
    /// Empties a short scratch array and keeps its storage: `removeAll(keepingCapacity: true)`
    /// runs the generic range replacement, about 200 instructions even for the few elements
    /// a compiled description, a linear form or a cycle check's walk holds (once per
    /// constraint built). Public for Layout's scratch arrays.
    @inlinable @inline(__always) public mutating func emptyKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
