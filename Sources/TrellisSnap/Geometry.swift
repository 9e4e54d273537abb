import Foundation

// UIKit's small value types, as SnapKit code names them. CGRect, CGSize, CGPoint and CGFloat
// come from Foundation on Linux; the insets, priorities and axes UIKit adds are here, with
// UIKit's names as aliases so ported code compiles unchanged.

/// Physical insets (UIKit's `UIEdgeInsets`): `left`/`right` whatever the layout direction.
public struct TrellisEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public static let zero = TrellisEdgeInsets()

    /// The same inset on every side.
    public init(all inset: CGFloat) { self.init(top: inset, left: inset, bottom: inset, right: inset) }
}

/// Directional insets (UIKit's `NSDirectionalEdgeInsets`): leading/trailing follow the
/// layout direction.
public struct TrellisDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public static let zero = TrellisDirectionalEdgeInsets()
}

public typealias UIEdgeInsets = TrellisEdgeInsets
public typealias NSDirectionalEdgeInsets = TrellisDirectionalEdgeInsets
/// SnapKit's names for the insets its `inset(_:)` and `equalTo(_:)` take.
public typealias ConstraintInsets = TrellisEdgeInsets
public typealias ConstraintDirectionalInsets = TrellisDirectionalEdgeInsets

/// UIKit's `UILayoutPriority`: a Float in (0, 1000], 1000 being required.
public struct TrellisLayoutPriority: RawRepresentable, Equatable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = TrellisLayoutPriority(1000)
    public static let defaultHigh = TrellisLayoutPriority(750)
    public static let defaultLow = TrellisLayoutPriority(250)
    public static let fittingSizeLevel = TrellisLayoutPriority(50)

    public static func < (a: TrellisLayoutPriority, b: TrellisLayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: TrellisLayoutPriority, b: Float) -> TrellisLayoutPriority { .init(a.rawValue + b) }
    public static func - (a: TrellisLayoutPriority, b: Float) -> TrellisLayoutPriority { .init(a.rawValue - b) }
}

public typealias UILayoutPriority = TrellisLayoutPriority

/// The axis of hugging and compression resistance (UIKit's `NSLayoutConstraint.Axis`).
public enum TrellisLayoutAxis: Int, Sendable {
    case horizontal = 0, vertical = 1
}

/// Which way leading/trailing run (the document's `direction`), set on the root view.
public enum TrellisLayoutDirection: String, Sendable {
    case leftToRight = "ltr", rightToLeft = "rtl"
}
