/// One kind of edit op (docs/api.md §4): its name and fields on the wire, how it is read,
/// what it may add (for the limits) and how it applies to a live layout. The ops are the rows
/// of `EditOps.table`; a new op is one type conforming here, in a file of its own, plus its row.
protocol EditOperation: Sendable {
    /// The `op` member that names it.
    static var name: StaticString { get }
    /// The fields it takes beside `op`; any other is `unknown-field`.
    static var fields: [OpField] { get }
    /// Reads the op from the fields of `input`; nil once it has reported its errors.
    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> Self?
    /// What it may add to the layout, for the limits checked before a batch runs.
    func count(into footprint: inout EditFootprint)
    /// Applies it. An op checks everything before it changes anything, so a refused op has
    /// no side effects; the batch's undo log puts back the ops before it.
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError]
    func isEqual(to other: any EditOperation) -> Bool
}

extension EditOperation where Self: Equatable {
    func isEqual(to other: any EditOperation) -> Bool { (other as? Self) == self }
}

extension EditOperation {
    /// Ops that add nothing count nothing.
    func count(into footprint: inout EditFootprint) {}
}

/// The ops, in the order their names are listed in errors.
enum EditOps {
    static let table: [any EditOperation.Type] = [
        MakeOp.self, UpdateOp.self, RemakeOp.self, RemoveOp.self, AddViewsOp.self, RemoveViewsOp.self, SetFrameOp.self,
        ActivateOp.self, DeactivateOp.self, SetOp.self,
    ]
    /// The names of `table`, by position, found by their bytes.
    static let names = FieldTable(table.map { $0.name })
    /// The fields each op of `table` allows, by position, one bit per `OpField` (`op` always).
    static let allows: [UInt32] = table.map { op in op.fields.reduce(OpField.op.bit) { $0 | $1.bit } }
}

/// Every field an op object may have, `op` first; each op takes some of them.
enum OpField: Int, CaseIterable {
    case op, view, constraints, ids, views, frame, offset, inset, to, priority, active

    var name: StaticString {
        switch self {
        case .op: return "op"
        case .view: return "view"
        case .constraints: return "constraints"
        case .ids: return "ids"
        case .views: return "views"
        case .frame: return "frame"
        case .offset: return "offset"
        case .inset: return "inset"
        case .to: return "to"
        case .priority: return "priority"
        case .active: return "active"
        }
    }

    static let table = FieldTable(allCases.map(\.name))

    var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// One op object as found: its node, pointer, name and the nodes of its fields.
struct OpInput: ~Copyable {
    let node: Int
    let pointer: String
    /// Its position in `EditOps.table`.
    let kind: Int
    let slots: FieldSlots

    /// The op's name, for messages.
    var name: String { "\(EditOps.table[kind].name)" }

    func pointer(_ field: OpField) -> String { child(pointer, field.name) }
}

extension WireReader {
    /// The field's node, absent when missing or `null`.
    func present(_ input: borrowing OpInput, _ field: OpField) -> Int? {
        guard let n = input.slots[field.rawValue], !isNull(n) else { return nil }
        return n
    }

    /// The field's node, or a `missing-field` error.
    mutating func required(_ input: borrowing OpInput, _ field: OpField) -> Int? {
        if let n = present(input, field) { return n }
        error(ErrorCode.missingField, "a '\(input.name)' op needs '\(field.name)'", input.node, input.pointer)
        return nil
    }
}

/// One edit op, type-erased: an op of `EditOps.table`.
public struct EditOpKind: Equatable, Sendable {
    let body: any EditOperation
    init(_ body: any EditOperation) { self.body = body }

    /// The op's wire name (`make`, `setFrame`, ...).
    public var name: String { "\(type(of: body).name)" }

    public static func == (a: EditOpKind, b: EditOpKind) -> Bool { a.body.isEqual(to: b.body) }
}

/// At most how much a batch adds, for the limits: views and constraints it adds, less what
/// the same batch takes away again of what it added (by id). What it takes away of what the
/// session had is not subtracted: that would need the layout.
public struct EditFootprint {
    public private(set) var views = 0
    public private(set) var constraints = 0
    private var addedViews: [String: Int] = [:], addedIDs: [String: Int] = [:]

    mutating func add(views list: [ViewSpec]) {
        views += list.count
        for v in list { addedViews[v.id, default: 0] += 1 }
    }
    mutating func add(constraints list: [ConstraintSpec]) {
        constraints += list.count
        for c in list { if let id = c.id { addedIDs[id, default: 0] += 1 } }
    }
    mutating func remove(views ids: [String]) {
        for id in ids where (addedViews[id] ?? 0) > 0 { addedViews[id, default: 0] -= 1; views -= 1 }
    }
    mutating func remove(constraints ids: [String]) {
        for id in ids where (addedIDs[id] ?? 0) > 0 { addedIDs[id, default: 0] -= 1; constraints -= 1 }
    }
}

extension EditBatch {
    /// What the batch may add: (views, constraints), never below zero.
    public var footprint: (views: Int, constraints: Int) {
        var f = EditFootprint()
        for op in ops { op.kind.body.count(into: &f) }
        return (max(0, f.views), max(0, f.constraints))
    }
}
