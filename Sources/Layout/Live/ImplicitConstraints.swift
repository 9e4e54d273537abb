import Cassowary

/// The constraints a view's own fields imply (docs/api.md §2, docs/semantics.md §9.3, §9.5):
/// a fixed `frame` is four required equalities (UIKit's autoresizing-mask constraints),
/// an intrinsic size is `size <= I @hugging` and `size >= I @compressionResistance` per
/// dimension that has one. When both are optional (as they almost always are) the pair is
/// one solver constraint, `size == I` with each side at its own priority: the same optimum,
/// with one row and two symbols instead of two rows and four (a session of labels spent a
/// third of its memory on these pairs). Where the layout is ambiguous (several layouts
/// equally good), the solver may settle on another of them than with the pair, as with
/// any change in its order of work; the `ambiguous` warning says so either way. It is
/// installed under the hugging key and counts as two constraints in the stats.
///
/// No implicit `width >= 0` / `height >= 0`: UIKit's engine does not enforce them either,
/// they would double the rows of a large layout, and a required one would turn a
/// merely odd layout into an `unsatisfiable` error. A negative size is reported as a
/// `negative-size` warning instead.
extension LiveLayout {
    func installImplicitConstraints(of node: ViewNode) throws(LayoutError) {
        if let frame = node.stored.frame { try installFrame(frame, of: node) }
        let v = node.variables
        try installIntrinsic(.width, node.stored.intrinsicWidth, v.width, hugging: node.stored.hugging.horizontal,
                             compression: node.stored.compressionResistance.horizontal, of: node)
        try installIntrinsic(.height, node.stored.intrinsicHeight, v.height, hugging: node.stored.hugging.vertical,
                             compression: node.stored.compressionResistance.vertical, of: node)
    }

    private func installIntrinsic(_ axis: SizeAxis, _ size: Double?, _ variable: Variable, hugging: Double,
                                  compression: Double, of node: ViewNode) throws(LayoutError) {
        // A missing or negative value is UIKit's noIntrinsicMetric: no constraints.
        guard let size, size.isFinite, size >= 0 else { return }
        let form = implicitForm(variable, minus: size)
        if hugging < 1000 && compression < 1000 {
            try implicit(.hugging(view: node.id, axis), form.expression, .equal, priority: hugging, below: compression,
                         constant: form.constant, hugging: true)
            return
        }
        try implicit(.hugging(view: node.id, axis), form.expression, .lessThanOrEqual, priority: hugging,
                     constant: form.constant, hugging: true)
        try implicit(.compression(view: node.id, axis), form.expression, .greaterThanOrEqual, priority: compression,
                     constant: form.constant)
    }

    func installFrame(_ frame: Rect, of node: ViewNode) throws(LayoutError) {
        for field in FrameField.allCases {
            let form = implicitForm(node.variables[field], minus: frame[field])
            try implicit(.frame(view: node.id, field), form.expression, .equal, priority: 1000,
                         constant: form.constant)
        }
    }

    /// `variable - value`: in a lean build, in its reused form (`LeanBuild.implicitForm`).
    private func implicitForm(_ variable: Variable, minus value: Double) -> LinearForm {
        guard activity.isLean else { return LinearForm(variable) - value }
        var form = LinearForm()
        changeLeanBuild { lean in
            lean.implicitForm.removeAll()
            lean.implicitForm.add(variable, 1)
            lean.implicitForm.constant = -value
            form = lean.implicitForm
        }
        return form
    }

    /// Installs one implicit constraint, `expression (relation) 0` at `priority` (and at
    /// `below` from beneath: see `Constraint(_:equalAbove:below:)`), under `key` (`hugging`: a
    /// hugging key). A lean build (`LeanBuild`) adds it straight to the solver, anonymous, and
    /// counts it: its layout answers once, so nothing reads the entry, its key or a constraint
    /// object. Anything amiss there (a conflict, a solver error) throws, and the full build
    /// takes the document over and reports it.
    private func implicit(_ key: @autoclosure () -> ConstraintKey, _ expression: Expression, _ relation: Cassowary.Relation,
                          priority: Double, below: Double? = nil, constant: Double, hugging: Bool = false) throws(LayoutError) {
        guard activity.isLean else {
            let constraint = below.map { Constraint(expression, equalAbove: priority, below: $0) }
                ?? Constraint(expression, relation, priority: priority)
            return try install(key(), constraint, constant: constant)
        }
        do throws(SolverError) {
            try solver.addAnonymous(expression, relation, priority: priority, below: below, constant: constant)
        } catch {
            throw solverFailure(error, key())
        }
        structureVersion += 1
        changeLeanBuild { $0.entries += ImplicitEntry.weight(hugging: hugging, relation: relation) }
    }

    func uninstallImplicitConstraints(ofView id: String) {
        for field in FrameField.allCases { uninstall(.frame(view: id, field)) }
        for axis in SizeAxis.allCases {
            uninstall(.hugging(view: id, axis))
            uninstall(.compression(view: id, axis))
        }
    }
}

extension FrameVariables {
    subscript(field: FrameField) -> Variable {
        switch field {
        case .x: return x
        case .y: return y
        case .width: return width
        case .height: return height
        }
    }
}

extension Rect {
    subscript(field: FrameField) -> Double {
        get {
            switch field {
            case .x: return x
            case .y: return y
            case .width: return width
            case .height: return height
            }
        }
        set {
            switch field {
            case .x: x = newValue
            case .y: y = newValue
            case .width: width = newValue
            case .height: height = newValue
            }
        }
    }
}
