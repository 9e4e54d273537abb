// What a warm one-shot (`WarmLayout`) keeps fixed: a document's structure is everything but
// the numbers a build turns into solver constants: fixed frames' values, intrinsic sizes'
// values, and constraint constants, offsets and insets (docs/api.md §"Warm one-shots").
// Where things stand in the request (locations) is not structure either.

extension LayoutDocument {
    /// Whether `other` differs from this document in numbers alone. Compared in full.
    public func hasSameStructure(as other: LayoutDocument) -> Bool {
        guard direction == other.direction, strict == other.strict, views.count == other.views.count,
              constraints.count == other.constraints.count, metrics == other.metrics else { return false }
        for (a, b) in zip(views, other.views) where !a.hasSameStructure(as: b) { return false }
        for (a, b) in zip(constraints, other.constraints) where !a.hasSameStructure(as: b) { return false }
        return true
    }

    /// A hash of what `hasSameStructure` compares (equal structures, equal hashes), for finding
    /// candidates; never a proof of a match.
    public var structureHash: Int {
        var h = Hasher()
        h.combine(views.count)
        h.combine(constraints.count)
        h.combine(strict)
        for view in views {
            h.combine(view.id)
            h.combine(view.superview)
            h.combine(view.frame == nil)
        }
        for spec in constraints {
            h.combine(spec.id)
            h.combine(spec.first?.view)
            h.combine(spec.attributes)
            h.combine(spec.relation)
            h.combine(spec.multiplier)
            h.combine(spec.priority)
        }
        return h.finalize()
    }
}

extension ViewSpec {
    /// Whether an intrinsic size of `size` makes constraints (a negative one is UIKit's
    /// noIntrinsicMetric: none).
    static func installsIntrinsic(_ size: Double?) -> Bool { size.map { $0.isFinite && $0 >= 0 } ?? false }

    func hasSameStructure(as other: ViewSpec) -> Bool {
        id == other.id && superview == other.superview && kind == other.kind && (frame == nil) == (other.frame == nil)
            && Self.installsIntrinsic(intrinsicWidth) == Self.installsIntrinsic(other.intrinsicWidth)
            && Self.installsIntrinsic(intrinsicHeight) == Self.installsIntrinsic(other.intrinsicHeight)
            && margins == other.margins && safeArea == other.safeArea && hugging == other.hugging
            && compressionResistance == other.compressionResistance
            && firstBaseline == other.firstBaseline && lastBaseline == other.lastBaseline
    }
}

extension ConstraintSpec {
    /// Equal but for the constant, offset or inset. An entry that makes several constraints of
    /// its own (distribute, VFL) must be equal whole; a new constant's compiled constraints are
    /// checked against the installed ones when it is applied (`WarmLayout`).
    func hasSameStructure(as other: ConstraintSpec) -> Bool {
        guard id == other.id, first == other.first, attributes == other.attributes, relation == other.relation,
              multiplier == other.multiplier, priority == other.priority, active == other.active,
              label == other.label, source == other.source, distribution == other.distribution, vfl == other.vfl
        else { return false }
        if distribution != nil || vfl != nil { return target == other.target && modifier == other.modifier }
        switch (target, other.target) {
        case (.constant, .constant): return true
        case (.item(let a, let x), .item(let b, let y)): return a == b && x == y
        default: return false
        }
    }
}

extension LayoutDocument {
    /// The number a token of this role stands for (`NumberTokens`), nil when the document
    /// has none there (a role whose index or field does not fit).
    func value(at role: NumberRole) -> Double? {
        switch role {
        case .frame(let v, let field): return views.indices.contains(v) ? views[v].frame?[field] : nil
        case .intrinsic(let v, let axis):
            guard views.indices.contains(v) else { return nil }
            return axis == .width ? views[v].intrinsicWidth : views[v].intrinsicHeight
        case .to(let c):
            guard plain(c), case .constant(.scalar(let value)) = constraints[c].target else { return nil }
            return value
        case .offset(let c):
            guard plain(c) else { return nil }
            switch constraints[c].modifier {
            case .offset(let value): return value
            case .none: return 0
            default: return nil
            }
        case .inset(let c):
            guard plain(c), case .inset(.scalar(let value)) = constraints[c].modifier else { return nil }
            return value
        case .other: return nil
        }
    }

    /// Puts `value` where `role` says, keeping the structure (an intrinsic size stays
    /// installed or not); false when it cannot.
    mutating func setValue(_ number: Double, at role: NumberRole) -> Bool {
        guard value(at: role) != nil else { return false }
        switch role {
        case .frame(let v, let field): views[v].frame?[field] = number
        case .intrinsic(let v, let axis):
            let old = axis == .width ? views[v].intrinsicWidth : views[v].intrinsicHeight
            guard ViewSpec.installsIntrinsic(old) == ViewSpec.installsIntrinsic(number) else { return false }
            if axis == .width { views[v].intrinsicWidth = number } else { views[v].intrinsicHeight = number }
        case .to(let c): constraints[c].target = .constant(.scalar(number))
        case .offset(let c): constraints[c].modifier = number == 0 && constraints[c].modifier == .none ? .none : .offset(number)
        case .inset(let c): constraints[c].modifier = .inset(.scalar(number))
        case .other: return false
        }
        return true
    }

    /// Puts back a view's number that `setValue` changed (`number` is what `value(at:)` read
    /// before): exactly as it was. Nothing for a constraint's role.
    mutating func restoreViewNumber(_ number: Double, at role: NumberRole) {
        switch role {
        case .frame(let v, let field): views[v].frame?[field] = number
        case .intrinsic(let v, let axis):
            if axis == .width { views[v].intrinsicWidth = number } else { views[v].intrinsicHeight = number }
        case .to, .offset, .inset, .other: break
        }
    }

    private func plain(_ c: Int) -> Bool {
        constraints.indices.contains(c) && constraints[c].distribution == nil && constraints[c].vfl == nil
    }
}
