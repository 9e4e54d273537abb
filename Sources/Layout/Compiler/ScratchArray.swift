extension Array {
    /// Empties a short scratch array and keeps its storage: `removeAll(keepingCapacity: true)`
    /// runs the generic range replacement, about 200 instructions even for the one to four
    /// elements a compiled description or a linear form holds (once per constraint built).
    @inline(__always) mutating func emptyKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
