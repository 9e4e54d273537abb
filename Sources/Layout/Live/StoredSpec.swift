/// A description's spec as the registry keeps it for the life of a session: everything
/// the document export and diagnostics need of a `ConstraintSpec`, in well under half
/// its bytes. `id` and `first` are the description's own fields; label, source and the
/// rarer target and modifier forms (sizes, points, insets) sit in one box that most
/// constraints do without.
struct StoredSpec {
    let attributes: AttributeSet
    let relation: Relation
    private let target: StoredTarget
    private let modifier: StoredModifier
    let multiplier: Double
    let priority: Double
    let location: RequestLocation
    private let extras: SpecExtras?

    init(_ spec: ConstraintSpec, group: GroupMember? = nil) {
        attributes = spec.attributes
        relation = spec.relation
        multiplier = spec.multiplier
        priority = spec.priority
        location = spec.location
        var boxedTarget: ConstraintTarget?, boxedModifier: ConstantModifier?
        switch spec.target {
        case .item(let item, let attributes): target = .item(item, attributes)
        case .constant(.scalar(let value)): target = .scalar(value)
        default: target = .boxed; boxedTarget = spec.target
        }
        switch spec.modifier {
        case .none: modifier = .none
        case .offset(let value): modifier = .offset(value)
        default: modifier = .boxed; boxedModifier = spec.modifier
        }
        let needsBox = spec.label != nil || spec.source != nil || boxedTarget != nil || boxedModifier != nil || group != nil
        extras = needsBox ? SpecExtras(label: spec.label, source: spec.source, target: boxedTarget,
                                       modifier: boxedModifier, group: group) : nil
    }

    var label: String? { extras?.label }
    /// The distribute entry that made this constraint, while it is as the entry made it.
    var group: GroupMember? { extras?.group }
    var source: SourceLocation? { extras?.source }

    /// The spec as written, with the description's id and first item filled in.
    func spec(id: String, first: ItemRef) -> ConstraintSpec {
        let fullTarget: ConstraintTarget
        switch target {
        case .item(let item, let attributes): fullTarget = .item(item, attributes)
        case .scalar(let value): fullTarget = .constant(.scalar(value))
        case .boxed: fullTarget = extras?.target ?? .constant(.scalar(0))  // boxed targets always have extras
        }
        let fullModifier: ConstantModifier
        switch modifier {
        case .none: fullModifier = .none
        case .offset(let value): fullModifier = .offset(value)
        case .boxed: fullModifier = extras?.modifier ?? .none
        }
        // Built as one value (the memberwise initializer): set field by field, the spec was
        // copied out whole and destroyed on return.
        return ConstraintSpec(id: id, first: first, attributes: attributes, relation: relation, target: fullTarget,
                              multiplier: multiplier, modifier: fullModifier, priority: priority,
                              label: extras?.label, source: extras?.source, location: location)
    }
}

/// The common targets inline; the others (sizes, points, insets) in `SpecExtras`.
private enum StoredTarget {
    case item(TargetItem, AttributeSet)
    case scalar(Double)
    case boxed
}

/// The common modifiers inline; insets in `SpecExtras`.
private enum StoredModifier {
    case none
    case offset(Double)
    case boxed
}

/// The parts of a spec most constraints do not have. Immutable, so copies of a registry
/// share it.
private final class SpecExtras: Sendable {
    let label: String?
    let source: SourceLocation?
    let target: ConstraintTarget?
    let modifier: ConstantModifier?
    let group: GroupMember?

    init(label: String?, source: SourceLocation?, target: ConstraintTarget?, modifier: ConstantModifier?,
         group: GroupMember?) {
        self.label = label; self.source = source; self.target = target; self.modifier = modifier; self.group = group
    }
}
