import Cassowary

/// Turns one SnapKit description (ConstraintSpec) into its expanded layout constraints,
/// exactly as SnapKit's UIKit branch would (docs/semantics.md §1.2, §2.2, §3.2), and rejects what
/// SnapKit or UIKit would reject (4.3, 4.5) with located errors. Every error of the
/// description is reported, not just the first.
struct ConstraintCompiler {
    let tree: ViewTree
    let direction: LayoutDirection

    /// - Parameter defaultFirst: the op's `view`, used when the spec names no first item.
    func compile(_ spec: ConstraintSpec, defaultFirst: ItemRef? = nil)
        -> Result<[CompiledConstraint], CompileFailure> {
        var compiled: [CompiledConstraint] = []
        let failure = withUnsafePointer(to: spec) { spec in
            compile(at: spec, defaultFirst: defaultFirst) { compiled.append(tree.compiled($0)) }
        }
        if let failure { return .failure(failure) }
        return .success(compiled)
    }

    /// The spec at `spec`, compiled: each expanded constraint handed to `emit`, in order.
    /// Read where it stands (a lean build's document): handed over as a value, each spec was
    /// copied out of its array first, 232 bytes with every string in them retained and
    /// released again. nil on success. `checksAncestry`: false for a lean build, whose
    /// linearizer looks for the pair's common ancestor anyway and hands a pair without one to
    /// the full build, which reports it.
    func compile(at spec: UnsafePointer<ConstraintSpec>, defaultFirst: ItemRef?, checksAncestry: Bool = true,
                 emit: (PlacedConstraint) -> Void) -> CompileFailure? {
        var errors = ErrorList(location: spec.pointee.location, source: spec.pointee.source,
                               site: spec.pointee.expressionSite)
        checkScalars(spec.pointee.priority, spec.pointee.multiplier, spec.pointee.attributes, &errors)

        guard let named = spec.pointee.first ?? defaultFirst else {
            errors.add(.unknownView, "the constraint names no view to constrain")
            return CompileFailure(errors: errors.errors)
        }
        // Resolved once: the items are places from here on, named only in messages.
        guard let first = tree.place(of: named) else {
            if !tree.unplaced.contains(named.view) {
                errors.add(.unknownView, "view '\(named.view)' does not exist" + tree.viewHint(named.view), in: \.firstColumn)
            }
            // The target's name is still checked: it is a mistake of its own.
            if case .item(.item(let ref), _) = spec.pointee.target, tree.place(of: ref) == nil, !tree.unplaced.contains(ref.view) {
                errors.add(.unknownView, "view '\(ref.view)' does not exist" + tree.viewHint(ref.view), in: \.targetColumn)
            }
            return CompileFailure(errors: errors.errors)
        }

        // The target: item T (nil for a constant) and its bits A.
        var targetItem: Place?
        var targetBits = AttributeSet()
        var constantValue: ConstantValue?
        switch spec.pointee.target {
        case .constant(let value):
            constantValue = value
            if spec.pointee.modifier != .none {
                errors.add(.conflictingConstants,
                           "a constant target and an offset/inset both give the constant; give one")
            }
        case .item(let item, let bits):
            targetBits = bits
            switch item {
            case .item(let ref):
                if let place = tree.place(of: ref) { targetItem = place } else if !tree.unplaced.contains(ref.view) {
                    errors.add(.unknownView, "view '\(ref.view)' does not exist" + tree.viewHint(ref.view), in: \.targetColumn)
                }
            case .superview(let guide):
                if var parent = tree.parent(of: first) {
                    parent.guide = guide
                    targetItem = parent
                } else {
                    errors.add(.noSuperview,
                               "'\(tree.name(of: first))' has no superview to relate to (equalToSuperview on a root)")
                }
            }
            if !AttributeChecks.multiAttributeTargetIsValid(from: spec.pointee.attributes, target: bits) {
                errors.add(.multiAttributeMismatch,
                           "cannot constrain \(spec.pointee.attributes.names) to multiple non-identical attributes \(bits.names)")
            }
        }
        guard errors.isEmpty else { return CompileFailure(errors: errors.errors) }

        let source = ConstantSource(target: constantValue, modifier: spec.pointee.modifier)
        for f in spec.pointee.attributes.expansion {
            let to = ToAttribute.resolve(from: spec.pointee.attributes, target: targetBits,
                                         constantTarget: constantValue != nil, attribute: f)
            var second = targetItem
            if constantValue != nil && to.axis != .size {
                // docs/semantics.md §2.2 step 4: a location constant relates to the superview.
                second = tree.parent(of: first)
                if second == nil {
                    errors.add(.noSuperview,
                               "\(tree.name(of: first)).\(f.name) relates to a constant, which needs a superview; '\(tree.name(of: first))' has none")
                    continue
                }
            }
            let constraint = PlacedConstraint(
                first: first, firstAttribute: f, relation: spec.pointee.relation,
                second: second, secondAttribute: second == nil ? nil : to,
                multiplier: spec.pointee.multiplier, constant: source.value(for: to, direction: direction),
                priority: spec.pointee.priority)
            checkPair(constraint, checksAncestry: checksAncestry, &errors)
            emit(constraint)
        }
        return errors.isEmpty ? nil : CompileFailure(errors: errors.errors)
    }

    private func checkScalars(_ priority: Double, _ multiplier: Double, _ attributes: AttributeSet, _ errors: inout ErrorList) {
        if !PriorityRange.contains(priority) {
            errors.add(.priorityOutOfRange,
                       "priority \(NumberFormat.string(priority)) is outside (0, 1000]")
        }
        if !multiplier.isFinite {
            errors.add(.badMultiplier, "the multiplier must be a finite number")
        }
        if attributes.isEmpty {
            errors.add(.unknownAttribute, "the constraint names no attribute")
        }
    }

    /// UIKit's per-constraint rejections (docs/semantics.md §4.5).
    private func checkPair(_ c: PlacedConstraint, checksAncestry: Bool, _ errors: inout ErrorList) {
        guard let second = c.second, let to = c.secondAttribute else { return }
        // Only messages need the names.
        func pair() -> String { "\(tree.name(of: c.first)).\(c.firstAttribute.name) with \(tree.name(of: second)).\(to.name)" }
        if !AttributeChecks.axesAreCompatible(c.firstAttribute, to) {
            errors.add(.axisMismatch, "cannot relate \(pair()): different axes (X, Y and sizes do not mix)")
        } else if !AttributeChecks.directionsAreCompatible(c.firstAttribute, to) {
            errors.add(.mixedDirection, "cannot relate \(pair()): left/right do not mix with leading/trailing")
        }
        if c.multiplier == 0 && c.firstAttribute.axis != .size {
            errors.add(.badMultiplier, "a location cannot be a multiple 0 of another (\(pair()))")
        }
        if checksAncestry, tree.commonAncestor(c.first, second) == nil {
            errors.add(.noCommonAncestor, "'\(tree.name(of: c.first))' and '\(tree.name(of: second))' are in different view trees")
        }
    }
}

/// Why a description did not compile: every error found, each at the spec's location.
struct CompileFailure: Error {
    let errors: [LayoutError]
}

/// Errors of one spec, each message once: at its location, or at the column of the item an
/// error is about when the spec was an expression string; each with the spec's `source`.
struct ErrorList {
    let location: RequestLocation?
    let source: SourceLocation?
    let site: ExpressionSite?
    private(set) var errors: [LayoutError] = []
    var isEmpty: Bool { errors.isEmpty }

    init(location: RequestLocation?, source: SourceLocation? = nil, site: ExpressionSite? = nil) {
        self.location = location; self.source = source; self.site = site
    }

    /// `item`: which item's name the error is about (`\.firstColumn`, `\.targetColumn`).
    mutating func add(_ code: ErrorCode, _ message: String, in item: KeyPath<ExpressionSite, Int32>? = nil) {
        var at = location
        if let item, let site, let location, site[keyPath: item] > 0 { at = site.location(site[keyPath: item], constraintAt: location) }
        let error = LayoutError(code: code, message: message, location: at, source: source)
        if !errors.contains(error) { errors.append(error) }
    }
}

extension ItemRef {
    /// `card`, `card.safeAreaLayoutGuide`: how items are named in messages and descriptions.
    public var name: String { guide.map { "\(view).\($0.rawValue)" } ?? view }
}

extension AttributeSet {
    /// `edges`, or `[top, leading]`: how a bit set is named in messages.
    var names: String {
        if let composite = AttributeSet.composites.filter({ $0.value == self }).keys.min() { return composite }
        let list = expansion.map(\.name)
        return list.count == 1 ? list[0] : "[" + list.joined(separator: ", ") + "]"
    }
}
