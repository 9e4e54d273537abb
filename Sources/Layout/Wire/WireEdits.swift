// Decoding of an edit batch (docs/api.md §4): `{ifRevision?, strict?, ops: [op]}`,
// each op an object naming itself in `op`. Each op kind accepts only its own fields;
// any other is `unknown-field`. Explicit constraint ids must be unique across the batch.

extension WireReader {
    static let batchFields = FieldTable("ifRevision", "strict", "ops")

    mutating func editBatch() -> EditBatch {
        var batch = EditBatch()
        guard object(0, "", "an edit batch object {ifRevision?, strict?, ops}") else { return batch }
        let f = fields(0, WireReader.batchFields, "")
        if let r = f[0], !isNull(r) { batch.ifRevision = integer(r, "/ifRevision", 0...Int(Int64.max >> 11)) }
        if let s = f[1], !isNull(s), let strict = bool(s, "/strict") { batch.strict = strict }
        guard let o = f[2], !isNull(o) else {
            error(ErrorCode.missingField, "an edit batch needs 'ops'", 0, "")
            return batch
        }
        guard nodes[o].kind == .array else { wrongType(o, "/ops", expected: "an array of ops"); return batch }
        for (k, element) in elements(o).enumerated() {
            if let op = op(element, child("/ops", k)) { batch.ops.append(op) }
        }
        return batch
    }

    /// One op: its name looked up in `EditOps.table`, its fields checked against the op's
    /// own, then read by the op.
    private mutating func op(_ n: Int, _ pointer: String) -> EditOp? {
        guard object(n, pointer, "an op object") else { return nil }
        let errorsBefore = errors.count
        let slots = fields(n, OpField.table, pointer)
        let location = location(n, pointer)
        // Names as Strings only for a message: an op that reads well builds none.
        func names() -> [String] { EditOps.names.names.map { "\($0)" } }
        guard let o = slots[OpField.op.rawValue] else {
            error(ErrorCode.missingField, "an op needs 'op' (one of: \(names().joined(separator: ", ")))", n, pointer)
            return nil
        }
        guard nodes[o].kind == .string, let k = withBytes(o, { EditOps.names.index(of: $0) }) else {
            let hint = nodes[o].kind == .string && listsMore ? Suggestion.hint(for: stringValue(o), among: names()) : ""
            error(ErrorCode.wrongType, "'op' must be one of: \(names().joined(separator: ", "))" + hint, o, child(pointer, "op"))
            return nil
        }
        let input = OpInput(node: n, pointer: pointer, kind: k, slots: slots)
        let allowed = EditOps.allows[k]
        for field in OpField.allCases where allowed & field.bit == 0 && slots[field.rawValue] != nil {
            error(ErrorCode.unknownField, "a '\(input.name)' op has no field '\(field.name)'", slots[field.rawValue] ?? n, input.pointer(field))
        }
        let read = EditOps.table[k].read(input, &self)
        guard errors.count == errorsBefore, let read else { return nil }
        return EditOp(kind: EditOpKind(read), location: location)
    }
}
