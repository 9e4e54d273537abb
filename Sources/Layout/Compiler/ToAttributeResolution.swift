/// docs/semantics.md §2.2 step 1-2 (UIKit branch): which attribute of the second item a
/// from-attribute relates to.
enum ToAttribute {
    /// - Parameters:
    ///   - from: the description's from bits (F)
    ///   - target: the target item's bits (A); empty for a bare item or a constant
    ///   - constantTarget: true when there is no target item at all (T is nil)
    ///   - attribute: the from-attribute being expanded (f)
    static func resolve(from: AttributeSet, target: AttributeSet, constantTarget: Bool,
                        attribute f: Attribute) -> Attribute {
        guard let firstOfTarget = target.expansion.first else {
            // A is empty: a constant target on centerX/centerY relates to the superview's
            // left/top (PR #336); everything else relates to the same attribute.
            if constantTarget && f == .centerX { return .left }
            if constantTarget && f == .centerY { return .top }
            return f
        }
        if from == .edges && target == .margins { return marginTwin(f) }
        if from == .margins && target == .edges { return edgeTwin(f) }
        if from == .directionalEdges && target == .directionalMargins { return marginTwin(f) }
        if from == .directionalMargins && target == .directionalEdges { return edgeTwin(f) }
        if from == target { return f }
        return firstOfTarget
    }

    /// left -> leftMargin, leading -> leadingMargin, ... (identity for anything else; the
    /// callers only pass edge attributes).
    static func marginTwin(_ a: Attribute) -> Attribute {
        switch a {
        case .left: return .leftMargin
        case .right: return .rightMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        default: return a
        }
    }

    static func edgeTwin(_ a: Attribute) -> Attribute {
        switch a {
        case .leftMargin: return .left
        case .rightMargin: return .right
        case .topMargin: return .top
        case .bottomMargin: return .bottom
        case .leadingMargin: return .leading
        case .trailingMargin: return .trailing
        default: return a
        }
    }
}
