/// External variables, held as definitions instead of simplex rows.
///
/// Cassowary's optimiser only ever pivots on restricted symbols (slacks, errors); the rows of
/// the user's variables matter only for reading values. Kept fully substituted, those rows
/// turn dense along chains (every position is a sum of everything before it), and every
/// pivot has to rewrite them. So a defined variable keeps the equation it was solved from,
/// as written: `x = constant + Σ c·s`, where s may be other variables (defined or free) and
/// restricted symbols (basic or not). Values are evaluated on demand, once per change.
/// Definitions never form a cycle: a variable is defined only from symbols that do not
/// (transitively) refer back to it.
struct Definitions {
    var rows: [Row?] = []                 // by symbol; set for defined externals
    /// symbol -> externals whose definitions mention it (lazy: checked on read).
    var referencedBy: [[Symbol]] = []
    var cache: [Double] = []
    var cacheEpoch: [UInt32] = []
    var epoch: UInt32 = 1

    mutating func addSymbol() {
        rows.append(nil)
        referencedBy.append([])
        cache.append(0)
        cacheEpoch.append(0)
    }

    @inline(__always) func isDefined(_ x: Symbol) -> Bool { rows[Int(x)] != nil }

    /// Values may have changed: forget every cached value.
    @inline(__always) mutating func invalidate() {
        epoch &+= 1
        if epoch == 0 {
            for i in cacheEpoch.indices { cacheEpoch[i] = 0 }
            epoch = 1
        }
    }

    mutating func define(_ x: Symbol, _ row: Row) {
        rows[Int(x)] = row
        for s in row.symbols { referencedBy[Int(s)].append(x) }
    }

    mutating func undefine(_ x: Symbol) -> Row? {
        let row = rows[Int(x)]
        rows[Int(x)] = nil
        return row
    }

    /// The externals whose definitions mention `symbol` now; compacts the list on the way.
    mutating func definitions(mentioning symbol: Symbol) -> [Symbol] {
        var list = referencedBy[Int(symbol)]
        var kept = 0
        var seen = Set<Symbol>()
        for x in list {
            guard let row = rows[Int(x)], row.index(of: symbol) != nil, seen.insert(x).inserted else { continue }
            list[kept] = x
            kept += 1
        }
        list.removeLast(list.count - kept)
        referencedBy[Int(symbol)] = list
        return list
    }

    /// Adds `c·symbol` to the definition of `x`, keeping the reference index current.
    mutating func addCell(_ x: Symbol, _ symbol: Symbol, _ c: Double) {
        if rows[Int(x)]!.add(symbol, c) { referencedBy[Int(symbol)].append(x) }
    }
}
