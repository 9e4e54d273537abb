extension Array {
    /// Empties a scratch array and keeps its storage: `removeAll(keepingCapacity: true)`
    /// runs the generic range replacement, costly even for the few elements
    /// (or none) a compiled description, a linear form, a cycle check's walk or a solver's
    /// per-add and per-reset lists hold, several times per constraint built. Public for
    /// Layout's scratch arrays.
    /// A long one goes the generic way, which is then the cheaper.
    @inlinable @inline(__always) public mutating func emptyKeepingCapacity() {
        if count > 16 { removeAll(keepingCapacity: true); return }
        while !isEmpty { removeLast() }
    }
}
