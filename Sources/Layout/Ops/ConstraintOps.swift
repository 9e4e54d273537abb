// make, update and remake (docs/api.md §4, docs/semantics.md §6): a view and constraints
// that all constrain it, as in SnapKit's closures.

struct MakeOp: EditOperation, Equatable {
    static let name: StaticString = "make"
    static let fields: [OpField] = [.view, .constraints]
    let view: ItemRef
    let constraints: [ConstraintSpec]

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> MakeOp? {
        reader.viewAndConstraints(input).map { MakeOp(view: $0.view, constraints: $0.constraints) }
    }
    func count(into footprint: inout EditFootprint) { footprint.add(constraints: constraints) }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.makeConstraints(constraints, view: view, at: location)
    }
}

/// SnapKit's updateConstraints: only constants change, of installed constraints that match.
struct UpdateOp: EditOperation, Equatable {
    static let name: StaticString = "update"
    static let fields: [OpField] = [.view, .constraints]
    let view: ItemRef
    let constraints: [ConstraintSpec]

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> UpdateOp? {
        reader.viewAndConstraints(input).map { UpdateOp(view: $0.view, constraints: $0.constraints) }
    }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.updateConstraints(constraints, view: view, at: location)
    }
}

/// SnapKit's remakeConstraints: every constraint of the view goes, then these are made.
struct RemakeOp: EditOperation, Equatable {
    static let name: StaticString = "remake"
    static let fields: [OpField] = [.view, .constraints]
    let view: ItemRef
    let constraints: [ConstraintSpec]

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> RemakeOp? {
        reader.viewAndConstraints(input).map { RemakeOp(view: $0.view, constraints: $0.constraints) }
    }
    func count(into footprint: inout EditFootprint) { footprint.add(constraints: constraints) }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.remakeConstraints(constraints, view: view, at: location)
    }
}

extension EditOpKind {
    static func make(view: ItemRef, constraints: [ConstraintSpec]) -> EditOpKind { EditOpKind(MakeOp(view: view, constraints: constraints)) }
    static func update(view: ItemRef, constraints: [ConstraintSpec]) -> EditOpKind { EditOpKind(UpdateOp(view: view, constraints: constraints)) }
    static func remake(view: ItemRef, constraints: [ConstraintSpec]) -> EditOpKind { EditOpKind(RemakeOp(view: view, constraints: constraints)) }
}

extension WireReader {
    /// `view` and `constraints`, every constraint constraining that view: SnapKit's closure
    /// belongs to one view.
    mutating func viewAndConstraints(_ input: borrowing OpInput) -> (view: ItemRef, constraints: [ConstraintSpec])? {
        let view = required(input, .view).flatMap { firstItem($0, input.pointer(.view)) }
        let list = required(input, .constraints).map { constraints($0, input.pointer(.constraints), inOp: true) }
        guard let view, let list else { return nil }
        for spec in list {
            guard let first = spec.first, first.view != view.view || first.guide != view.guide else { continue }
            error(ErrorCode.wrongType, "a constraint of a '\(input.name)' op on '\(view.name)' must constrain '\(view.name)', "
                      + "not '\(first.name)'; move it to an op on '\(first.name)'", at: spec.location)
        }
        return (view, list)
    }
}
