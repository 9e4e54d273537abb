/// Which constraints `remove`, `activate` and `deactivate` name: every constraint whose first
/// item is `view`, or those `ids`; exactly one of the two.
enum ConstraintSelection: Equatable, Sendable {
    case view(ItemRef)
    case ids([String])

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> ConstraintSelection? {
        let v = reader.present(input, .view), i = reader.present(input, .ids)
        if let v, let i {
            let later = max(v, i)
            reader.error(ErrorCode.conflictingFields, "'\(input.name)' takes 'view' or 'ids', not both", later,
                         input.pointer(later == v ? .view : .ids))
        } else if let v {
            return reader.firstItem(v, input.pointer(.view)).map { .view($0) }
        } else if let i {
            return reader.idList(i, input.pointer(.ids)).map { .ids($0) }
        } else {
            reader.error(ErrorCode.missingField, "'\(input.name)' needs 'view' or 'ids'", input.node, input.pointer)
        }
        return nil
    }
}

