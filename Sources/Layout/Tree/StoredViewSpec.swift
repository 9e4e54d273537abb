/// A view's spec as the tree keeps it for the life of a session. The fields most views
/// set stay inline; the ones most views leave at UIKit's defaults (kind, margins, safe
/// area, priorities, baselines) share one box that is nil when all of them are default,
/// which roughly halves what a view costs.
struct StoredViewSpec {
    let id: String
    let superview: String?
    /// Follows `setFrame` edits, as does `frameLocation`.
    var frame: Rect?
    let intrinsicWidth: Double?
    let intrinsicHeight: Double?
    /// No rare fields: every default holds. Read in place by the geometry (`InItemGeometry`),
    /// where a computed property would copy the spec out of the tree first. (It sits in the
    /// padding after `intrinsicHeight`: the spec is no larger.)
    let plain: Bool
    let location: RequestLocation
    var frameLocation: RequestLocation?
    let intrinsicSizeLocation: RequestLocation?
    private let rare: RareViewFields?

    @inline(__always)
    init(_ spec: borrowing ViewSpec, direction: LayoutDirection) {
        id = spec.id
        superview = spec.superview
        frame = spec.frame
        intrinsicWidth = spec.intrinsicWidth
        intrinsicHeight = spec.intrinsicHeight
        location = spec.location
        frameLocation = spec.frameLocation
        intrinsicSizeLocation = spec.intrinsicSizeLocation
        rare = Self.hasDefaults(spec) ? nil : RareViewFields(spec, direction: direction)
        plain = rare == nil
    }

    /// The view as the client described it (with the current frame).
    var spec: ViewSpec {
        var spec = ViewSpec(id: id, location: location)
        spec.superview = superview
        spec.frame = frame
        spec.intrinsicWidth = intrinsicWidth
        spec.intrinsicHeight = intrinsicHeight
        spec.frameLocation = frameLocation
        spec.intrinsicSizeLocation = intrinsicSizeLocation
        if let rare {
            spec.kind = rare.kind
            spec.margins = rare.margins
            spec.safeArea = rare.safeArea
            spec.hugging = rare.hugging
            spec.compressionResistance = rare.compressionResistance
            spec.firstBaseline = rare.firstBaseline
            spec.lastBaseline = rare.lastBaseline
        }
        return spec
    }

    var isGuide: Bool { rare?.kind == .guide }
    var hugging: AxisPriorities { rare?.hugging ?? Self.defaults.hugging }
    var compressionResistance: AxisPriorities { rare?.compressionResistance ?? Self.defaults.compressionResistance }
    var firstBaseline: Double { rare?.firstBaseline ?? 0 }
    var lastBaseline: Double { rare?.lastBaseline ?? 0 }
    /// layoutMargins, physical sides (none for a guide).
    var margins: EdgeInsets { rare?.physicalMargins ?? Self.defaultMargins }
    /// The safe area insets (none for a guide).
    var safeArea: EdgeInsets { rare?.resolvedSafeArea ?? .zero }

    private static let defaults = ViewSpec(id: "", location: RequestLocation(pointer: "", line: 0, column: 0))
    static let defaultMargins = defaults.margins.physical(.ltr)

    /// Bit for bit (a written -0 must come back as -0), is every boxed field the default?
    @inline(__always)
    private static func hasDefaults(_ spec: borrowing ViewSpec) -> Bool {
        let d = defaults
        return spec.kind == d.kind && spec.margins.same(d.margins) && spec.safeArea.same(d.safeArea)
            && spec.hugging.same(d.hugging) && spec.compressionResistance.same(d.compressionResistance)
            && spec.firstBaseline.same(d.firstBaseline) && spec.lastBaseline.same(d.lastBaseline)
    }
}

/// The view fields most views leave at their defaults, and what the geometry makes of
/// them. Immutable, so copies of a tree share it.
private final class RareViewFields: Sendable {
    let kind: ViewKind
    let margins: InsetsSpec
    let safeArea: EdgeInsets
    let hugging: AxisPriorities
    let compressionResistance: AxisPriorities
    let firstBaseline: Double
    let lastBaseline: Double
    /// Margins turned by the layout direction; guides have neither margins nor a safe area.
    let physicalMargins: EdgeInsets
    let resolvedSafeArea: EdgeInsets

    @inline(__always)
    init(_ spec: borrowing ViewSpec, direction: LayoutDirection) {
        kind = spec.kind
        margins = spec.margins
        safeArea = spec.safeArea
        hugging = spec.hugging
        compressionResistance = spec.compressionResistance
        firstBaseline = spec.firstBaseline
        lastBaseline = spec.lastBaseline
        physicalMargins = spec.kind == .guide ? .zero : spec.margins.physical(direction)
        resolvedSafeArea = spec.kind == .guide ? .zero : spec.safeArea
    }
}

/// Bit-for-bit equality (`==` takes -0 for 0, and the document must give back what was written).
private protocol BitwiseComparable { func same(_ other: Self) -> Bool }

extension Double: BitwiseComparable {
    fileprivate func same(_ other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension EdgeInsets: BitwiseComparable {
    fileprivate func same(_ o: EdgeInsets) -> Bool {
        top.same(o.top) && left.same(o.left) && bottom.same(o.bottom) && right.same(o.right)
    }
}

extension AxisPriorities: BitwiseComparable {
    fileprivate func same(_ o: AxisPriorities) -> Bool { horizontal.same(o.horizontal) && vertical.same(o.vertical) }
}

extension InsetsSpec: BitwiseComparable {
    fileprivate func same(_ o: InsetsSpec) -> Bool {
        switch (self, o) {
        case (.physical(let a), .physical(let b)): return a.same(b)
        case (.directional(let a), .directional(let b)):
            return a.top.same(b.top) && a.leading.same(b.leading) && a.bottom.same(b.bottom) && a.trailing.same(b.trailing)
        default: return false
        }
    }
}
