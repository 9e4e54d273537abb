/// The id bookkeeping of docs/api.md §2: a constraint without an id gets `c<k>`, k
/// the ordinal among all constraints ever added, skipping names already taken, and a
/// name once given is never given again.
///
/// Generated names only grow: when `c<k>` is handed out, every name from the current
/// ordinal up to `c<k>` is taken, so the next search may start past it. The only other
/// names that can collide are ids the client gave in the form `c<k>` themselves, so
/// those numbers are all this remembers (usually none), not every name ever used.
struct ConstraintNames {
    private var ordinal = 0
    private var lastGenerated = 0
    /// k of every client-given id spelled exactly as a generated one (`c<k>`).
    private var givenNumbers = Set<Int>()

    /// The id the next constraint gets: the given one, or `c<k>`.
    mutating func next(given: String?) -> String {
        ordinal += 1
        if let given {
            if let k = Self.generatedNumber(given) { givenNumbers.insert(k) }
            return given
        }
        var k = max(ordinal, lastGenerated + 1)
        while givenNumbers.contains(k) { k += 1 }
        lastGenerated = k
        return "c" + String(k)
    }

    /// The whole state, for a checkpoint (`LayoutCheckpoint`): the ordinal, the last
    /// generated number, and the given numbers in increasing order.
    var saved: [Int] { [ordinal, lastGenerated] + givenNumbers.sorted() }

    /// The names `saved` describes; nil if `saved` is not such a list.
    init?(saved: [Int]) {
        guard saved.count >= 2, saved.allSatisfy({ $0 >= 0 }) else { return nil }
        ordinal = saved[0]
        lastGenerated = saved[1]
        givenNumbers = Set(saved.dropFirst(2))
    }

    init() {}

    /// k if `name` is exactly what `next` would spell for k (`c` and a canonical
    /// positive decimal: no sign, no leading zero), else nil.
    static func generatedNumber(_ name: String) -> Int? {
        let utf8 = name.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "c") else { return nil }
        let digits = utf8.dropFirst()
        guard digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(Substring(digits))
    }
}
