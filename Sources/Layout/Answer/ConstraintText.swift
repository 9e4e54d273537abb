/// SnapKit-style descriptions with names instead of addresses (docs/semantics.md §8.1):
/// `title.width == 500`, `title.top == header.bottom + 8 @750`,
/// `card.width == root.width * 0.5 - 8`.
enum ConstraintText {
    static func describe(_ c: CompiledConstraint) -> String {
        var text = "\(c.first.name).\(c.firstAttribute.name) \(c.relation.rawValue)"
        if let second = c.second, let attribute = c.secondAttribute {
            text += " \(second.name).\(attribute.name)"
            if c.multiplier != 1 { text += " * \(NumberFormat.string(c.multiplier))" }
            if c.constant > 0 { text += " + \(NumberFormat.string(c.constant))" }
            if c.constant < 0 { text += " - \(NumberFormat.string(-c.constant))" }
        } else {
            text += " \(NumberFormat.string(c.constant))"
        }
        return text + priority(c.priority)
    }

    /// A VFL line's constraint as Auto Layout's logs write it (`H:[a]-(8)-[b]`, `H:|-(20)-[a]`,
    /// `H:[a]-(>=20)-|`, `V:[a(44)]`, `H:[a(==b)]`); nil for other shapes (alignments), which
    /// `describe` writes. `parent`: which item is the other's superview (a `|` edge), if one is.
    static func describeVFL(_ c: CompiledConstraint, vertical: Bool, parent: (first: Bool, second: Bool)) -> String? {
        let axis = vertical ? "V:" : "H:"
        let rel = c.relation == .equal ? "" : c.relation.rawValue
        let p = c.priority >= 1000 ? "" : "@" + NumberFormat.string(c.priority)
        let length: Attribute = vertical ? .height : .width
        guard c.multiplier == 1 else { return nil }
        if c.firstAttribute == length {
            guard let second = c.second else { return "\(axis)[\(c.first.name)(\(rel)\(NumberFormat.string(c.constant))\(p))]" }
            guard c.secondAttribute == length, c.constant == 0 else { return nil }
            return "\(axis)[\(c.first.name)(\(c.relation.rawValue)\(second.name)\(p))]"
        }
        guard let second = c.second, c.secondAttribute != nil else { return nil }
        // A right-to-left line (`directionRightToLeft`) subtracts its spacings and turns its
        // relations around: shown as the line wrote them.
        let a = c.firstAttribute, b = c.secondAttribute
        let reversed = (a == .right && (parent.second || b == .left)) || (a == .left && parent.first)
        let shown = reversed && c.relation != .equal ? (c.relation == .lessThanOrEqual ? ">=" : "<=") : rel
        let spacing = "(\(shown)\(NumberFormat.string(reversed ? -c.constant : c.constant))\(p))"
        if parent.second { return "\(axis)|-\(spacing)-[\(c.first.name)]" }
        if parent.first { return "\(axis)[\(second.name)]-\(spacing)-|" }
        guard c.firstAttribute != c.secondAttribute else { return nil }  // an alignment
        return "\(axis)[\(second.name)]-\(spacing)-[\(c.first.name)]"
    }

    static func priority(_ p: Double) -> String {
        p >= 1000 ? "" : " @\(NumberFormat.string(p))"
    }
}

enum NumberFormat {
    /// `500` rather than `500.0`; other values as Swift prints them.
    static func string(_ value: Double) -> String {
        if let whole = nearestWhole(value), whole == value { return String(Int64(whole)) }
        return "\(value)"
    }

    /// Solver results with rounding noise removed (`99.99999999997` -> `100`, `-0` -> `0`,
    /// `264.90000000000003` -> `264.9`): the nearest integer when it is closer than 1e-7, else
    /// the nearest millionth of a point (a thousandth from 10,000 points on). The last bits
    /// of a result depend on the order the solver worked in (a build, or a kept layout's
    /// constants changed in place: docs/api.md "Warm one-shots"); a millionth does not. A
    /// value within noise of a tie (a half-millionth, as 0.3333 * 118.875 has) always goes up,
    /// whichever side of the tie the noise put it. Answers clean every frame number, so this
    /// is a handful of instructions: adding and subtracting 1.5 * 2^52 rounds to the nearest
    /// integer below 2^51.
    @inline(__always) static func clean(_ value: Double) -> Double {
        guard abs(value) < 1e15 else { return value }  // NaN and infinities fail this too
        let nearest = (value + 6_755_399_441_055_744) - 6_755_399_441_055_744
        if abs(value - nearest) < 1e-7 { return nearest == 0 ? 0 : nearest }
        guard abs(value) < 1e7 else { return value }
        let scale: Double = abs(value) < 1e4 ? 1e6 : 1e3
        let units = value * scale, below = units.rounded(.down), fraction = units - below
        let rounded = (fraction > 0.5 || abs(fraction - 0.5) < 1e-3 ? below + 1 : below) / scale
        return rounded == 0 ? 0 : rounded
    }

    /// The nearest integer, for magnitudes where that is exact (no libm needed).
    private static func nearestWhole(_ value: Double) -> Double? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Double(Int64(value < 0 ? value - 0.5 : value + 0.5))
    }
}
