/// One SnapKit layout attribute. The raw value is SnapKit's bit index, so the
/// declaration order is also the expansion order of docs/semantics.md §1.2.
public enum Attribute: Int, CaseIterable, Sendable, Hashable {
    case left = 0, top, right, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// The name used on the wire and in descriptions.
    public var name: String { Attribute.names[rawValue] }

    static let names = [
        "left", "top", "right", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "lastBaseline", "firstBaseline",
        "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin",
        "centerXWithinMargins", "centerYWithinMargins",
    ]
}

/// A SnapKit attribute bit set (`make.top.left`, `edges`, ...). Chaining is set union,
/// so order of writing never matters and duplicates collapse.
public struct AttributeSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ attribute: Attribute) { rawValue = 1 << UInt32(attribute.rawValue) }
    public init(_ attributes: [Attribute]) {
        self.init(rawValue: attributes.reduce(0) { $0 | (1 << UInt32($1.rawValue)) })
    }

    public static let edges = AttributeSet([.left, .top, .right, .bottom])
    public static let horizontalEdges = AttributeSet([.left, .right])
    public static let verticalEdges = AttributeSet([.top, .bottom])
    public static let directionalEdges = AttributeSet([.top, .bottom, .leading, .trailing])
    public static let directionalHorizontalEdges = AttributeSet([.leading, .trailing])
    public static let directionalVerticalEdges = AttributeSet([.top, .bottom])
    public static let size = AttributeSet([.width, .height])
    public static let center = AttributeSet([.centerX, .centerY])
    public static let margins = AttributeSet([.leftMargin, .topMargin, .rightMargin, .bottomMargin])
    public static let directionalMargins = AttributeSet([.leadingMargin, .topMargin, .trailingMargin, .bottomMargin])
    public static let centerWithinMargins = AttributeSet([.centerXWithinMargins, .centerYWithinMargins])

    static let composites: [String: AttributeSet] = [
        "edges": .edges, "horizontalEdges": .horizontalEdges, "verticalEdges": .verticalEdges,
        "directionalEdges": .directionalEdges, "directionalHorizontalEdges": .directionalHorizontalEdges,
        "directionalVerticalEdges": .directionalVerticalEdges, "size": .size, "center": .center,
        "margins": .margins, "directionalMargins": .directionalMargins,
        "centerWithinMargins": .centerWithinMargins,
    ]

    /// A single attribute or composite by its wire name (`baseline` is SnapKit's
    /// deprecated alias of `lastBaseline`); nil for anything else.
    public init?(name: String) {
        if let composite = AttributeSet.composites[name] { self = composite; return }
        if name == "baseline" { self.init(.lastBaseline); return }
        guard let index = Attribute.names.firstIndex(of: name), let attribute = Attribute(rawValue: index) else { return nil }
        self.init(attribute)
    }

    /// Every attribute, composite and guide name: none of them may be a view id.
    public static let reservedWords: Set<String> = Set(Attribute.names)
        .union(composites.keys)
        .union(["baseline", "superview", "layoutMarginsGuide", "safeAreaLayoutGuide"])

    /// The attributes in SnapKit's fixed expansion order (ascending bit order), read off
    /// the bits as they are iterated (no array: every constraint expands its set).
    public var expansion: Expansion { Expansion(bits: rawValue) }

    public struct Expansion: Sequence, IteratorProtocol, Sendable {
        var bits: UInt32

        public mutating func next() -> Attribute? {
            while bits != 0 {
                let k = bits.trailingZeroBitCount
                bits &= bits - 1
                if let attribute = Attribute(rawValue: k) { return attribute }
            }
            return nil
        }

        public var count: Int { bits.nonzeroBitCount }
        public var first: Attribute? { var copy = self; return copy.next() }
    }
}
