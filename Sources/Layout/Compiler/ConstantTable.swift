/// Where a description's constant comes from, after SnapKit's "last modifier wins" has
/// been settled (the wire allows only one of them: docs/api.md §2).
enum ConstantSource: Equatable {
    case scalar(Double)
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)
    case insets(EdgeInsets)
    case directionalInsets(DirectionalInsets)

    /// A constant target, `.offset` or `.inset`; nil when the spec gives no constant (0).
    init(target: ConstantValue?, modifier: ConstantModifier) {
        switch (target, modifier) {
        case (.scalar(let n)?, _): self = .scalar(n)
        case (.point(let x, let y)?, _): self = .point(x: x, y: y)
        case (.size(let w, let h)?, _): self = .size(width: w, height: h)
        case (.insets(let i)?, _): self.init(insets: i)
        case (nil, .none): self = .scalar(0)
        case (nil, .offset(let n)): self = .scalar(n)
        // A scalar `.inset(x)` becomes all-sides insets: that is why it yields -2x on
        // width/height and 0 on centers (docs/semantics.md §3.2).
        case (nil, .inset(.scalar(let x))): self = .insets(EdgeInsets(top: x, left: x, bottom: x, right: x))
        case (nil, .inset(.insets(let i))): self.init(insets: i)
        }
    }

    private init(insets: InsetsSpec) {
        switch insets {
        case .physical(let p): self = .insets(p)
        case .directional(let d): self = .directionalInsets(d)
        }
    }

    /// The constant for one layout constraint, looked up by its TO attribute
    /// (docs/semantics.md §3.2, UIKit). `direction` is the layout's, standing in for SnapKit's
    /// global ConstraintConfig.interfaceLayoutDirection.
    func value(for to: Attribute, direction: LayoutDirection) -> Double {
        let rtl = direction == .rtl
        switch self {
        case .scalar(let n):
            return n  // unchanged for every attribute, no sign flip
        case .point(let x, let y):
            switch to.axis {
            case .x: return x
            case .y: return y
            case .size: return 0
            }
        case .size(let w, let h):
            return to == .width ? w : to == .height ? h : 0
        case .insets(let i):
            switch to {
            case .left, .leftMargin: return i.left
            case .right, .rightMargin: return -i.right
            case .top, .topMargin, .firstBaseline: return i.top
            case .bottom, .bottomMargin, .lastBaseline: return -i.bottom
            case .leading, .leadingMargin: return rtl ? i.right : i.left
            case .trailing, .trailingMargin: return rtl ? -i.left : -i.right
            case .centerX, .centerXWithinMargins: return (i.left - i.right) / 2
            case .centerY, .centerYWithinMargins: return (i.top - i.bottom) / 2
            case .width: return -(i.left + i.right)
            case .height: return -(i.top + i.bottom)
            }
        case .directionalInsets(let d):
            switch to {
            case .left, .leftMargin: return rtl ? d.trailing : d.leading
            case .right, .rightMargin: return rtl ? -d.leading : -d.trailing
            case .top, .topMargin, .firstBaseline: return d.top
            case .bottom, .bottomMargin, .lastBaseline: return -d.bottom
            case .leading, .leadingMargin: return d.leading
            case .trailing, .trailingMargin: return -d.trailing
            case .centerX, .centerXWithinMargins: return (d.leading - d.trailing) / 2
            case .centerY, .centerYWithinMargins: return (d.top - d.bottom) / 2
            case .width: return -(d.leading + d.trailing)
            case .height: return -(d.top + d.bottom)
            }
        }
    }
}
