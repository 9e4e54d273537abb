// SnapKit's attribute bit set (docs/semantics.md §1): one bit per attribute in a fixed order,
// composites are unions, and a description expands in ascending bit order. The names are
// the wire's attribute and composite names.

struct ConstraintAttributes: OptionSet, Hashable, Sendable {
    let rawValue: UInt
    init(rawValue: UInt) { self.rawValue = rawValue }

    static let none = ConstraintAttributes([])
    static let left = bit(0), top = bit(1), right = bit(2), bottom = bit(3)
    static let leading = bit(4), trailing = bit(5), width = bit(6), height = bit(7)
    static let centerX = bit(8), centerY = bit(9), lastBaseline = bit(10), firstBaseline = bit(11)
    static let leftMargin = bit(12), rightMargin = bit(13), topMargin = bit(14), bottomMargin = bit(15)
    static let leadingMargin = bit(16), trailingMargin = bit(17)
    static let centerXWithinMargins = bit(18), centerYWithinMargins = bit(19)

    static let horizontalEdges: ConstraintAttributes = [.left, .right]
    static let verticalEdges: ConstraintAttributes = [.top, .bottom]
    static let edges: ConstraintAttributes = [.horizontalEdges, .verticalEdges]
    static let directionalHorizontalEdges: ConstraintAttributes = [.leading, .trailing]
    static let directionalVerticalEdges: ConstraintAttributes = [.top, .bottom]
    static let directionalEdges: ConstraintAttributes = [.directionalHorizontalEdges, .directionalVerticalEdges]
    static let size: ConstraintAttributes = [.width, .height]
    static let center: ConstraintAttributes = [.centerX, .centerY]
    static let margins: ConstraintAttributes = [.leftMargin, .topMargin, .rightMargin, .bottomMargin]
    static let directionalMargins: ConstraintAttributes = [.leadingMargin, .topMargin, .trailingMargin, .bottomMargin]
    static let centerWithinMargins: ConstraintAttributes = [.centerXWithinMargins, .centerYWithinMargins]

    private static func bit(_ k: UInt) -> ConstraintAttributes { ConstraintAttributes(rawValue: 1 << k) }

    /// Single-attribute names by bit index.
    static let singleNames = [
        "left", "top", "right", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "lastBaseline", "firstBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
        "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
    ]

    /// Composites by name, in the order a name is chosen for a set that equals one
    /// (`verticalEdges` rather than its twin `directionalVerticalEdges`).
    static let composites: [(String, ConstraintAttributes)] = [
        ("edges", .edges), ("horizontalEdges", .horizontalEdges), ("verticalEdges", .verticalEdges),
        ("directionalEdges", .directionalEdges), ("directionalHorizontalEdges", .directionalHorizontalEdges),
        ("directionalVerticalEdges", .directionalVerticalEdges), ("size", .size), ("center", .center),
        ("margins", .margins), ("directionalMargins", .directionalMargins),
        ("centerWithinMargins", .centerWithinMargins),
    ]

    /// The single attributes of the set, in SnapKit's expansion order (ascending bits).
    var layoutAttributes: [ConstraintAttributes] {
        (0..<UInt(Self.singleNames.count)).compactMap { k in
            rawValue & (1 << k) != 0 ? ConstraintAttributes(rawValue: 1 << k) : nil
        }
    }

    /// The name of a single attribute ("" for a set of several or none).
    var singleName: String {
        guard rawValue != 0, rawValue & (rawValue - 1) == 0 else { return "" }
        return Self.singleNames[rawValue.trailingZeroBitCount]
    }

    /// Every name in the set: a composite's own name when the set is exactly one,
    /// otherwise the single names in expansion order.
    var wireNames: [String] {
        if let composite = Self.composites.first(where: { $0.1 == self }) { return [composite.0] }
        return layoutAttributes.map(\.singleName)
    }

    var isSize: Bool { self == .width || self == .height }

    /// A single attribute's twin across the edges/margins pairing of docs/semantics.md §2.2.
    var marginTwin: ConstraintAttributes? {
        switch self {
        case .left: return .leftMargin
        case .right: return .rightMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .leftMargin: return .left
        case .rightMargin: return .right
        case .topMargin: return .top
        case .bottomMargin: return .bottom
        case .leadingMargin: return .leading
        case .trailingMargin: return .trailing
        default: return nil
        }
    }
}
