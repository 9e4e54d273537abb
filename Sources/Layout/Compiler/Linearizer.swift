/// Turns an expanded constraint into solver terms: `first - multiplier * second` as a
/// linear form, evaluated in the closest common ancestor's coordinate space (SEMANTICS
/// 9.6), so that `right == superview.right * 0.5` is half the superview's width.
///
/// Right-to-left (SEMANTICS 7.3 [rec]): a horizontal constraint that names leading or
/// trailing (or their margins) is evaluated on the mirrored axis x' = W - x of the
/// evaluating space, with leading read as the right edge. For multiplier 1 that is "swap
/// edges, negate", for other multipliers it keeps layouts mirror-symmetric, and
/// inequalities stated on mirrored values reverse physically, as UIKit's do.
struct Linearizer {
    let tree: ViewTree
    let direction: LayoutDirection

    /// nil if an item is missing or the items share no ancestor (the compiler rejects both).
    func form(of c: CompiledConstraint) -> LinearForm? {
        guard let second = c.second, let secondAttribute = c.secondAttribute else {
            // A pure constant: only sizes get here, and sizes do not depend on any space.
            return tree.value(of: c.firstAttribute.physical(direction), of: c.first, in: c.first)
        }
        guard let space = tree.commonAncestor(c.first, second) else { return nil }
        let mirrored = direction == .rtl && (c.firstAttribute.isDirectional || secondAttribute.isDirectional)
        guard var lhs = tree.value(of: c.firstAttribute.physical(direction), of: c.first, in: space),
              var rhs = tree.value(of: secondAttribute.physical(direction), of: second, in: space)
        else { return nil }
        if mirrored, let width = tree.box(of: space)?.width {
            lhs = width - lhs
            rhs = width - rhs
        }
        return lhs - rhs * c.multiplier
    }

    /// The solver constraint for `c`, with its constant.
    func expression(of c: CompiledConstraint) -> LinearForm? {
        form(of: c).map { $0 - c.constant }
    }
}
