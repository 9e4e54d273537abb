import Foundation

// The argument types SnapKit's relations and modifiers take (docs/semantics.md §2.1, §3.1):
// marker protocols that a few standard types conform to, classified by dynamic casts as
// SnapKit does, so that `equalTo(10)`, `equalTo(view)` and `equalTo(other.snp.top)` are one
// method.

/// What `equalTo` / `lessThanOrEqualTo` / `greaterThanOrEqualTo` accept: a number, a size,
/// a point, insets, a `ConstraintItem` (`other.snp.bottom`), a view or a layout guide.
public protocol ConstraintRelatableTarget {}
/// A constant target: numbers, `CGPoint`, `CGSize` and insets.
public protocol ConstraintConstantTarget {}
/// What `offset(_:)` and `update(offset:)` take: a number.
public protocol ConstraintOffsetTarget: ConstraintConstantTarget {}
/// What `inset(_:)` and `update(inset:)` take: a number (every side) or physical insets.
public protocol ConstraintInsetTarget: ConstraintConstantTarget {}
/// Directional insets for `inset(_:)` and `update(inset:)`.
public protocol ConstraintDirectionalInsetTarget: ConstraintConstantTarget {}

public protocol ConstraintMultiplierTarget {
    var constraintMultiplierTargetValue: CGFloat { get }
}

public protocol ConstraintPriorityTarget {
    var constraintPriorityTargetValue: Float { get }
}

extension Int: ConstraintRelatableTarget, ConstraintOffsetTarget, ConstraintInsetTarget {}
extension UInt: ConstraintRelatableTarget, ConstraintOffsetTarget, ConstraintInsetTarget {}
extension Float: ConstraintRelatableTarget, ConstraintOffsetTarget, ConstraintInsetTarget {}
extension Double: ConstraintRelatableTarget, ConstraintOffsetTarget, ConstraintInsetTarget {}
extension CGFloat: ConstraintRelatableTarget, ConstraintOffsetTarget, ConstraintInsetTarget {}
extension CGPoint: ConstraintRelatableTarget, ConstraintConstantTarget {}
extension CGSize: ConstraintRelatableTarget, ConstraintConstantTarget {}
extension TrellisEdgeInsets: ConstraintRelatableTarget, ConstraintInsetTarget {}
extension TrellisDirectionalEdgeInsets: ConstraintRelatableTarget, ConstraintDirectionalInsetTarget {}

extension Int: ConstraintMultiplierTarget { public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) } }
extension UInt: ConstraintMultiplierTarget { public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) } }
extension Float: ConstraintMultiplierTarget { public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) } }
extension Double: ConstraintMultiplierTarget { public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) } }
extension CGFloat: ConstraintMultiplierTarget { public var constraintMultiplierTargetValue: CGFloat { self } }

extension Int: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { Float(self) } }
extension UInt: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { Float(self) } }
extension Float: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { self } }
extension Double: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { Float(self) } }
extension CGFloat: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { Float(self) } }
extension TrellisLayoutPriority: ConstraintPriorityTarget { public var constraintPriorityTargetValue: Float { rawValue } }

/// SnapKit's named priorities (medium is 500, its UIKit value), with a little arithmetic.
public struct ConstraintPriority: ExpressibleByFloatLiteral, Equatable, Hashable, Strideable, Sendable {
    public let value: Float
    public init(floatLiteral value: Float) { self.value = value }
    public init(_ value: Float) { self.value = value }

    public static let required = ConstraintPriority(1000)
    public static let high = ConstraintPriority(750)
    public static let medium = ConstraintPriority(500)
    public static let low = ConstraintPriority(250)

    public func advanced(by n: Float) -> ConstraintPriority { ConstraintPriority(value + n) }
    public func distance(to other: ConstraintPriority) -> Float { other.value - value }
    public static func + (p: ConstraintPriority, n: Float) -> ConstraintPriority { p.advanced(by: n) }
    public static func - (p: ConstraintPriority, n: Float) -> ConstraintPriority { p.advanced(by: -n) }
}

/// A constant as SnapKit keeps it: typed, turned into a number per attribute only when a
/// constraint is laid out (the server's §3.2 table), so `inset` stays an inset.
enum ConstantValue: Equatable {
    case scalar(Double)
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)
    case insets(TrellisEdgeInsets)
    case directional(TrellisDirectionalEdgeInsets)

    static let zero = ConstantValue.scalar(0)

    /// A constant target's value, or nil for a type that is not one.
    init?(any value: Any) {
        if let scalar = Self.scalar(of: value) { self = .scalar(scalar); return }
        switch value {
        case let p as CGPoint: self = .point(x: Double(p.x), y: Double(p.y))
        case let s as CGSize: self = .size(width: Double(s.width), height: Double(s.height))
        case let i as TrellisEdgeInsets: self = .insets(i)
        case let d as TrellisDirectionalEdgeInsets: self = .directional(d)
        default: return nil
        }
    }

    /// `offset(x)`: a number.
    init(offset: ConstraintOffsetTarget) { self = .scalar(Self.scalar(of: offset) ?? 0) }

    /// `inset(x)`: insets, a number being the same inset on every side (SnapKit §3.1).
    init(inset: ConstraintInsetTarget) {
        if let insets = inset as? TrellisEdgeInsets { self = .insets(insets); return }
        let x = CGFloat(Self.scalar(of: inset) ?? 0)
        self = .insets(TrellisEdgeInsets(top: x, left: x, bottom: x, right: x))
    }

    init(inset: ConstraintDirectionalInsetTarget) {
        self = (inset as? TrellisDirectionalEdgeInsets).map { .directional($0) } ?? .insets(.zero)
    }

    static func scalar(of value: Any) -> Double? {
        switch value {
        case let v as Int: return Double(v)
        case let v as UInt: return Double(v)
        case let v as Float: return Double(v)
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        default: return nil
        }
    }

    /// Every number in it, for the finiteness check before sending.
    var numbers: [Double] {
        switch self {
        case .scalar(let v): return [v]
        case .point(let x, let y): return [x, y]
        case .size(let w, let h): return [w, h]
        case .insets(let i): return [i.top, i.left, i.bottom, i.right].map { Double($0) }
        case .directional(let d): return [d.top, d.leading, d.bottom, d.trailing].map { Double($0) }
        }
    }
}
