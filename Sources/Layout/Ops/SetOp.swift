// `set` (docs/api.md §4): SnapKit's `constraint.update(offset:)`, `update(inset:)`,
// `update(priority:)` and `isActive = ...`, by id. An id names a whole entry or one expanded
// constraint of a composite (`c2.top`).

/// A `set`'s new constant, given one way, as in a document (docs/semantics.md §3.2).
enum SetConstant: Equatable, Sendable {
    case offset(Double)
    case inset(InsetValue)
    /// A constant `to`: a number, size or point.
    case to(ConstantValue)
}

struct SetOp: EditOperation, Equatable {
    static let name: StaticString = "set"
    static let fields: [OpField] = [.ids, .offset, .inset, .to, .priority, .active]
    let ids: [String]
    let constant: SetConstant?
    let priority: Double?
    let active: Bool?

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> SetOp? {
        let before = reader.errors.count
        let ids = reader.required(input, .ids).flatMap { reader.idList($0, input.pointer(.ids)) }
        var constant: SetConstant?
        var given: [(name: String, node: Int, field: OpField)] = []
        if let o = reader.present(input, .offset) {
            given.append(("'offset'", o, .offset))
            if let v = reader.coordinate(o, input.pointer(.offset)) { constant = .offset(v) }
        }
        if let i = reader.present(input, .inset) {
            given.append(("'inset'", i, .inset))
            if reader.isNumber(i) {
                if let v = reader.coordinate(i, input.pointer(.inset)) { constant = .inset(.scalar(v)) }
            } else if reader.isObject(i) {
                if let v = reader.insets(i, input.pointer(.inset), side: 0) { constant = .inset(.insets(v)) }
            } else {
                reader.wrongType(i, input.pointer(.inset), expected: "a number or an insets object")
            }
        }
        if let t = reader.present(input, .to) {
            given.append(("'to'", t, .to))
            switch reader.target(t, input.pointer(.to)) {
            case .constant(let value)?: constant = .to(value)
            case .item?:
                reader.error(ErrorCode.wrongType, "'to' in a 'set' op is a constant (a number, size or point); "
                                 + "to attach a constraint to another item, 'remake' it", t, input.pointer(.to))
            case nil: break
            }
        }
        if given.count > 1 {
            let second = given.sorted { $0.node < $1.node }[1]
            reader.error(ErrorCode.conflictingConstants, "a 'set' gives the constant one way only: found "
                             + given.map(\.name).joined(separator: " and "), second.node, input.pointer(second.field))
        }
        var priority: Double?
        if let p = reader.present(input, .priority) { priority = reader.priority(p, input.pointer(.priority)) }
        var active: Bool?
        if let a = reader.present(input, .active) { active = reader.bool(a, input.pointer(.active)) }
        if given.isEmpty && reader.present(input, .priority) == nil && reader.present(input, .active) == nil {
            reader.error(ErrorCode.missingField, "a 'set' op needs something to change: a constant ('offset', 'inset' "
                             + "or a constant 'to'), 'priority' or 'active'", input.node, input.pointer)
        }
        guard reader.errors.count == before, let ids else { return nil }
        return SetOp(ids: ids, constant: constant, priority: priority, active: active)
    }

    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        layout.set(self, at: location)
    }
}

extension EditOpKind {
    static func set(ids: [String], constant: SetConstant? = nil, priority: Double? = nil, active: Bool? = nil) -> EditOpKind {
        EditOpKind(SetOp(ids: ids, constant: constant, priority: priority, active: active))
    }
}
