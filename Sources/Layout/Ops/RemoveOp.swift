/// `remove`: the constraints whose first item is `view`, or those `ids`.
struct RemoveOp: EditOperation, Equatable {
    static let name: StaticString = "remove"
    static let fields: [OpField] = [.view, .ids]

    let target: ConstraintSelection

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> RemoveOp? {
        ConstraintSelection.read(input, &reader).map { RemoveOp(target: $0) }
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
