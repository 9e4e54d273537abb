// Decoding of an edit batch (docs/api.md §4): `{ifRevision?, strict?, ops: [op]}`,
// each op an object naming itself in `op`. Each op kind accepts only its own fields;
// any other is `unknown-field`. Explicit constraint ids must be unique across the batch.

extension WireReader {
    static let batchFields = FieldTable("ifRevision", "strict", "ops")
    static let opFields = FieldTable("op", "view", "constraints", "ids", "views", "frame")
    private enum F { static let op = 0, view = 1, constraints = 2, ids = 3, views = 4, frame = 5 }
    static let opNames = FieldTable("make", "update", "remake", "remove", "addViews", "removeViews", "setFrame")
    /// Fields each op takes, by position in `opNames`; `op` itself is always allowed.
    private static let opAllows: [[Int]] = [
        [F.view, F.constraints], [F.view, F.constraints], [F.view, F.constraints],
        [F.view, F.ids], [F.views], [F.ids], [F.view, F.frame],
    ]

    mutating func editBatch() -> EditBatch {
        var batch = EditBatch()
        guard object(0, "", "an edit batch object {ifRevision?, strict?, ops}") else { return batch }
        let f = fields(0, WireReader.batchFields, "")
        if let r = f[0], !isNull(r) { batch.ifRevision = integer(r, "/ifRevision", 0...Int(Int64.max >> 11)) }
        if let s = f[1], !isNull(s), let strict = bool(s, "/strict") { batch.strict = strict }
        guard let o = f[2], !isNull(o) else {
            error(WireCode.missingField, "an edit batch needs 'ops'", 0, "")
            return batch
        }
        guard nodes[o].kind == .array else { wrongType(o, "/ops", expected: "an array of ops"); return batch }
        var ids: [String: String] = [:]
        for (k, element) in elements(o).enumerated() {
            if let op = op(element, child("/ops", k), ids: &ids) { batch.ops.append(op) }
        }
        return batch
    }

    private mutating func op(_ n: Int, _ pointer: String, ids: inout [String: String]) -> EditOp? {
        guard object(n, pointer, "an op object") else { return nil }
        let errorsBefore = errors.count
        let f = fields(n, WireReader.opFields, pointer)
        let location = location(n, pointer)
        let names = WireReader.opFields
        func at(_ field: Int) -> String { child(pointer, names[field]) }
        guard let o = f[F.op] else {
            error(WireCode.missingField, "an op needs 'op' (one of: \(WireReader.opNames.names.map { "\($0)" }.joined(separator: ", ")))", n, pointer)
            return nil
        }
        guard nodes[o].kind == .string, let kind = withBytes(o, { WireReader.opNames.index(of: $0) }) else {
            let names = WireReader.opNames.names.map { "\($0)" }
            let hint = nodes[o].kind == .string && listsMore ? Suggestion.hint(for: stringValue(o), among: names) : ""
            error(WireCode.wrongType, "'op' must be one of: \(names.joined(separator: ", "))" + hint, o, at(F.op))
            return nil
        }
        let opName = "\(WireReader.opNames[kind])"
        for field in 1..<names.count where f[field] != nil && !WireReader.opAllows[kind].contains(field) {
            error(WireCode.unknownField, "a '\(opName)' op has no field '\(names[field])'", f[field] ?? n, at(field))
        }
        func required(_ field: Int) -> Int? {
            if let v = f[field], !isNull(v) { return v }
            error(WireCode.missingField, "a '\(opName)' op needs '\(names[field])'", n, pointer)
            return nil
        }

        var result: EditOpKind?
        switch kind {
        case 0, 1, 2:   // make, update, remake
            let view = required(F.view).flatMap { firstItem($0, at(F.view)) }
            let list = required(F.constraints).map { constraints($0, at(F.constraints), inOp: true, ids: &ids) }
            if let view, let list {
                // SnapKit's closure belongs to one view: every constraint in it constrains that view.
                for spec in list {
                    guard let first = spec.first, first.view != view.view || first.guide != view.guide else { continue }
                    error(WireCode.wrongType, "a constraint of a '\(opName)' op on '\(view.name)' must constrain '\(view.name)', "
                              + "not '\(first.name)'; move it to an op on '\(first.name)'", at: spec.location)
                }
                result = kind == 0 ? .make(view: view, constraints: list)
                    : kind == 1 ? .update(view: view, constraints: list) : .remake(view: view, constraints: list)
            }
        case 3:         // remove: view or ids
            let v = f[F.view].flatMap { isNull($0) ? nil : $0 }
            let i = f[F.ids].flatMap { isNull($0) ? nil : $0 }
            if let v, let i {
                error(WireCode.conflictingFields, "a 'remove' op takes 'view' or 'ids', not both", max(v, i), at(max(v, i) == v ? F.view : F.ids))
            } else if let v {
                if let view = firstItem(v, at(F.view)) { result = .removeConstraintsOf(view: view) }
            } else if let i {
                if let list = stringList(i, at(F.ids)) { result = .removeConstraints(ids: list) }
            } else {
                error(WireCode.missingField, "a 'remove' op needs 'view' or 'ids'", n, pointer)
            }
        case 4:         // addViews
            if let v = required(F.views) { result = .addViews(views(v, at(F.views))) }
        case 5:         // removeViews
            if let i = required(F.ids), let list = stringList(i, at(F.ids)) { result = .removeViews(ids: list) }
        default:        // setFrame
            let view = required(F.view).flatMap { viewID($0, at(F.view)) }
            let frame = required(F.frame).flatMap { rect($0, at(F.frame)) }
            if let view, let frame { result = .setFrame(view: view, frame: frame) }
        }
        guard errors.count == errorsBefore, let result else { return nil }
        return EditOp(kind: result, location: location)
    }

    /// An array of non-empty strings (constraint or view ids).
    private mutating func stringList(_ n: Int, _ pointer: @autoclosure () -> String) -> [String]? {
        guard nodes[n].kind == .array else { wrongType(n, pointer(), expected: "an array of id strings"); return nil }
        var out: [String] = []
        var ok = true
        for (k, element) in elements(n).enumerated() {
            guard let s = string(element, child(pointer(), k)) else { ok = false; continue }
            if s.isEmpty { error(WireCode.invalidID, "an id must not be empty", element, child(pointer(), k)); ok = false }
            out.append(s)
        }
        return ok ? out : nil
    }
}
