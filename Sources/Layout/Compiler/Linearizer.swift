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
        return self.form(of: c, into: &form) ? form : nil
    }

    /// `form(of:)` written into `form`, emptied first with its storage kept (false where that
    /// is nil): a build that hands each form to the solver and lets go of it allocates no
    /// terms (`LeanBuild`).
    func form(of c: CompiledConstraint, into form: inout LinearForm) -> Bool {
        guard let placed = tree.placed(c) else { return false }
        return withUnsafePointer(to: placed) { self.form(at: $0, into: &form) }
    }

    /// `form(of:into:)` of the placed constraint at `c`, read where it stands (a lean build's
    /// scratch array).
    func form(at c: UnsafePointer<PlacedConstraint>, into form: inout LinearForm) -> Bool {
        form.removeAll()
        guard let second = c.pointee.second, let secondAttribute = c.pointee.secondAttribute else {
            // A pure constant: only sizes get here, and sizes do not depend on any space.
            guard let constant = tree.accumulate(c.pointee.firstAttribute.physical(direction), of: c.pointee.first, in: c.pointee.first,
                                                 times: 1, into: &form) else { return false }
            form.constant = constant
            return true
        }
        guard let space = tree.commonAncestor(c.pointee.first, second) else { return false }
        if direction == .rtl && (c.pointee.firstAttribute.isDirectional || secondAttribute.isDirectional) {
            // (width - lhs) - (width - rhs) * multiplier, in the mirrored space: written as
            // those forms' arithmetic would write it (the same terms in the same order, the
            // same constants), with one intermediate form instead of eight.
            let width = tree.width(of: space)
            form.add(width.variable, 1)
            form.constant = width.constant
            guard let lhs = tree.accumulate(c.pointee.firstAttribute.physical(direction), of: c.pointee.first, in: space,
                                            times: -1, into: &form) else { return false }
            form.constant += lhs * -1
            var mirrored = LinearForm(width.variable)
            guard let rhs = tree.accumulate(secondAttribute.physical(direction), of: second, in: space,
                                            times: -1, into: &mirrored) else { return false }
            mirrored.constant = width.constant
            mirrored.constant += rhs * -1
            let m = c.pointee.multiplier
            if m != 0 { for term in mirrored.terms { form.add(term.variable, term.coefficient * m * -1) } }
            form.constant += mirrored.constant * m * -1
            return true
        }
        // lhs - rhs * multiplier in one form: the terms in the order, and the constants
        // combined in the arithmetic, of those forms (x * -m is -(x * m), exactly).
        form.reserveCapacity(4)
        guard let lhs = tree.accumulate(c.pointee.firstAttribute.physical(direction), of: c.pointee.first, in: space, times: 1, into: &form),
              let rhs = tree.accumulate(secondAttribute.physical(direction), of: second, in: space, times: -c.pointee.multiplier, into: &form)
        else { return false }
        form.constant = lhs
        form.constant += rhs * -c.pointee.multiplier
        return true
    }

    /// The solver constraint for `c`, with its constant.
    func expression(of c: CompiledConstraint) -> LinearForm? {
        form(of: c).map { $0 - c.constant }
    }

    /// `expression(of:)` into `form`, as `form(of:into:)`.
    func expression(of c: CompiledConstraint, into form: inout LinearForm) -> Bool {
        guard let placed = tree.placed(c) else { return false }
        return withUnsafePointer(to: placed) { expression(at: $0, into: &form) }
    }

    /// `expression(of:into:)` of the placed constraint at `c`, as `form(at:into:)`.
    func expression(at c: UnsafePointer<PlacedConstraint>, into form: inout LinearForm) -> Bool {
        guard self.form(at: c, into: &form) else { return false }
        form.constant -= c.pointee.constant
        return true
    }
}
