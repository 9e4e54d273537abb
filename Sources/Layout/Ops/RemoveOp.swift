/// `remove`: the constraints whose first item is `view`, or those `ids`.
struct RemoveOp: EditOperation, Equatable {
    static let name: StaticString = "remove"
    static let fields: [OpField] = [.view, .ids]

    enum Target: Equatable {
        case view(ItemRef)
        case ids([String])
    }
    let target: Target

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> RemoveOp? {
        let v = reader.present(input, .view), i = reader.present(input, .ids)
        if let v, let i {
            let later = max(v, i)
            reader.error(ErrorCode.conflictingFields, "a 'remove' op takes 'view' or 'ids', not both", later,
                         input.pointer(later == v ? .view : .ids))
        } else if let v {
            return reader.firstItem(v, input.pointer(.view)).map { RemoveOp(target: .view($0)) }
        } else if let i {
            return reader.idList(i, input.pointer(.ids)).map { RemoveOp(target: .ids($0)) }
        } else {
            reader.error(ErrorCode.missingField, "a 'remove' op needs 'view' or 'ids'", input.node, input.pointer)
        }
        return nil
    }

    func count(into footprint: inout EditFootprint) {
        if case .ids(let ids) = target { footprint.remove(constraints: ids) }
    }

    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] {
        switch target {
        case .view(let view): return layout.removeConstraints(of: view, at: location)
        case .ids(let ids): return layout.removeConstraints(ids: ids, at: location)
        }
    }
}

extension EditOpKind {
    static func removeConstraintsOf(view: ItemRef) -> EditOpKind { EditOpKind(RemoveOp(target: .view(view))) }
    static func removeConstraints(ids: [String]) -> EditOpKind { EditOpKind(RemoveOp(target: .ids(ids))) }
}

extension WireReader {
    /// An array of non-empty strings (constraint or view ids).
    mutating func idList(_ n: Int, _ pointer: @autoclosure () -> String) -> [String]? {
        guard nodes[n].kind == .array else { wrongType(n, pointer(), expected: "an array of id strings"); return nil }
        var out: [String] = []
        var ok = true
        for (k, element) in elements(n).enumerated() {
            guard let s = string(element, child(pointer(), k)) else { ok = false; continue }
            if s.isEmpty { error(ErrorCode.invalidID, "an id must not be empty", element, child(pointer(), k)); ok = false }
            out.append(s)
        }
        return ok ? out : nil
    }
}
