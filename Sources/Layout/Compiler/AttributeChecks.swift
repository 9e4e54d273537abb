/// The checks SnapKit and UIKit make on attribute pairs, as pure functions so each rule
/// can be tested on its own.
enum AttributeChecks {
    /// docs/semantics.md §4.3: SnapKit's multi-attribute validity check, applied when the target is
    /// an item with attributes (`v.snp.edges`). S = from bits, O = target bits.
    static func multiAttributeTargetIsValid(from s: AttributeSet, target o: AttributeSet) -> Bool {
        if o.isEmpty || o.expansion.count <= 1 { return true }
        if o == s { return true }
        if (o == .edges && s == .margins) || (o == .margins && s == .edges) { return true }
        if (o == .directionalEdges && s == .directionalMargins)
            || (o == .directionalMargins && s == .directionalEdges) { return true }
        return false
    }

    /// docs/semantics.md §4.5, stricter than UIKit: X location only with X location, Y location
    /// only with Y location, sizes only with sizes.
    static func axesAreCompatible(_ a: Attribute, _ b: Attribute) -> Bool {
        a.axis == b.axis
    }

    /// docs/semantics.md §4.5: left/right (and their margins) never pair with leading/trailing.
    static func directionsAreCompatible(_ a: Attribute, _ b: Attribute) -> Bool {
        !((a.isPhysicalHorizontal && b.isDirectional) || (a.isDirectional && b.isPhysicalHorizontal))
    }
}
