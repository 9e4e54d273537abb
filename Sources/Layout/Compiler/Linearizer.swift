/// Turns an expanded constraint into solver terms: `first - multiplier * second` as a
/// linear form, evaluated in the closest common ancestor's coordinate space
/// (docs/semantics.md §9.6), so that `right == superview.right * 0.5` is half the superview's width.
///
/// Right-to-left (docs/semantics.md §7.3): a horizontal constraint that names leading or
/// trailing (or their margins) is evaluated on the mirrored axis x' = W - x of the
/// evaluating space, with leading read as the right edge. For multiplier 1 that is "swap
/// edges, negate", for other multipliers it keeps layouts mirror-symmetric, and
/// inequalities stated on mirrored values reverse physically, as UIKit's do.
struct Linearizer {
    let tree: ViewTree
    let direction: LayoutDirection

    /// nil if an item is missing or the items share no ancestor (the compiler rejects both).
    func form(of c: CompiledConstraint) -> LinearForm? {
        var form = LinearForm()
        guard let placed = tree.placed(c), self.form(of: placed, into: &form) else { return nil }
        return form
    }

    /// The form of `c` written into `form`, emptied first with its storage kept (false where
    /// the items share no ancestor): a build that hands each form to the solver and lets go
    /// of it allocates no terms (`LeanBuild`).
    func form(of c: PlacedConstraint, into form: inout LinearForm) -> Bool {
        form.removeAll()
        guard let second = c.second, let secondAttribute = c.secondAttribute else {
            // A pure constant: only sizes get here, and sizes do not depend on any space.
            guard let constant = tree.accumulate(c.firstAttribute.physical(direction), of: c.first, in: c.first,
                                                 times: 1, into: &form) else { return false }
            form.constant = constant
            return true
        }
        guard let space = tree.commonAncestor(c.first, second) else { return false }
        if direction == .rtl && (c.firstAttribute.isDirectional || secondAttribute.isDirectional) {
            // (width - lhs) - (width - rhs) * multiplier, in the mirrored space: written as
            // those forms' arithmetic would write it (the same terms in the same order, the
            // same constants), with one intermediate form instead of eight.
            let width = tree.width(of: space)
            form.add(width.variable, 1)
            form.constant = width.constant
            guard let lhs = tree.accumulate(c.firstAttribute.physical(direction), of: c.first, in: space,
                                            times: -1, into: &form) else { return false }
            form.constant += lhs * -1
            var mirrored = LinearForm(width.variable)
            guard let rhs = tree.accumulate(secondAttribute.physical(direction), of: second, in: space,
                                            times: -1, into: &mirrored) else { return false }
            mirrored.constant = width.constant
            mirrored.constant += rhs * -1
            let m = c.multiplier
            if m != 0 { for term in mirrored.terms { form.add(term.variable, term.coefficient * m * -1) } }
            form.constant += mirrored.constant * m * -1
            return true
        }
        // lhs - rhs * multiplier in one form: the terms in the order, and the constants
        // combined in the arithmetic, of those forms (x * -m is -(x * m), exactly).
        form.reserveCapacity(4)
        guard let lhs = tree.accumulate(c.firstAttribute.physical(direction), of: c.first, in: space, times: 1, into: &form),
              let rhs = tree.accumulate(secondAttribute.physical(direction), of: second, in: space, times: -c.multiplier, into: &form)
        else { return false }
        form.constant = lhs
        form.constant += rhs * -c.multiplier
        return true
    }

    /// The solver constraint for `c`, with its constant.
    func expression(of c: CompiledConstraint) -> LinearForm? {
        form(of: c).map { $0 - c.constant }
    }

    /// `expression(of:)` of a placed constraint, into `form` as `form(of:into:)`.
    func expression(of c: PlacedConstraint, into form: inout LinearForm) -> Bool {
        guard self.form(of: c, into: &form) else { return false }
        form.constant -= c.constant
        return true
    }
}
