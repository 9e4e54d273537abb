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
    let location: RequestLocation
    var frameLocation: RequestLocation?
    let intrinsicSizeLocation: RequestLocation?
    /// The fields most views leave at their defaults; nil when all of them are. Read
    /// directly by the geometry (`InItemGeometry`): a computed property called on a spec in
    /// the tree copied the whole spec out first.
    let rare: RareViewFields?
}

extension StoredViewSpec {
    // Made by `reading(at:direction:)` with the memberwise initializer (which the initializers
    // in this extension keep), as one value: an initializer assigning fields one by one would
    // build the spec on the stack, then copy it out and destroy it.
    init(_ spec: ViewSpec, direction: LayoutDirection) {
        self = withUnsafePointer(to: spec) { StoredViewSpec.reading(at: $0, direction: direction) }
    }

    /// The spec at `spec`, read where it stands (a lean build's document): handed over as a
    /// value, it would be copied out of its array first (every string in it retained and released).
    @inline(__always)
    static func reading(at spec: UnsafePointer<ViewSpec>, direction: LayoutDirection) -> StoredViewSpec {
        let rare = hasDefaults(spec) ? nil : RareViewFields(spec, direction: direction)
        return StoredViewSpec(id: spec.pointee.id, superview: spec.pointee.superview, frame: spec.pointee.frame,
                              intrinsicWidth: spec.pointee.intrinsicWidth, intrinsicHeight: spec.pointee.intrinsicHeight,
                              location: spec.pointee.location, frameLocation: spec.pointee.frameLocation,
                              intrinsicSizeLocation: spec.pointee.intrinsicSizeLocation, rare: rare)
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
    private static func hasDefaults(_ spec: UnsafePointer<ViewSpec>) -> Bool {
        let d = defaults
        return spec.pointee.kind == d.kind && spec.pointee.margins.same(d.margins) && spec.pointee.safeArea.same(d.safeArea)
            && spec.pointee.hugging.same(d.hugging) && spec.pointee.compressionResistance.same(d.compressionResistance)
            && spec.pointee.firstBaseline.same(d.firstBaseline) && spec.pointee.lastBaseline.same(d.lastBaseline)
    }
}

/// The view fields most views leave at their defaults, and what the geometry makes of
/// them. Immutable, so copies of a tree share it.
final class RareViewFields: Sendable {
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

    init(_ spec: UnsafePointer<ViewSpec>, direction: LayoutDirection) {
        kind = spec.pointee.kind
        margins = spec.pointee.margins
        safeArea = spec.pointee.safeArea
        hugging = spec.pointee.hugging
        compressionResistance = spec.pointee.compressionResistance
        firstBaseline = spec.pointee.firstBaseline
        lastBaseline = spec.pointee.lastBaseline
        physicalMargins = kind == .guide ? .zero : margins.physical(direction)
        resolvedSafeArea = kind == .guide ? .zero : safeArea
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
