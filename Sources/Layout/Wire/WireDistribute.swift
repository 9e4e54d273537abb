// Decoding of a `distribute` entry (docs/api.md §2, Masonry's distribute helpers): a
// constraint entry of its own kind, told apart by its `distribute` member.

extension WireReader {
    private enum D {
        static let id = 0, distribute = 1, axis = 2, spacing = 3, itemLength = 4, leadSpacing = 5, tailSpacing = 6,
                   priority = 7, label = 8, source = 9, active = 10
    }
    static let distributeFields = FieldTable(
        "id", "distribute", "axis", "spacing", "itemLength", "leadSpacing", "tailSpacing", "priority", "label", "source",
        "active",
    )

    /// Counts the `count` constraints an entry at `n` will make; past the limit on constraints,
    /// the request is refused (413) as a longer `constraints` array is.
    mutating func countMade(_ count: Int, _ n: Int, _ pointer: @autoclosure () -> String) {
        madeConstraints += count
        guard madeConstraints > limits.maxConstraints, tooLarge == nil else { return }
        let error = LayoutError(code: ErrorCode.tooLarge,
                                message: "the document's distribute entries and VFL lines would make \(madeConstraints)"
                                    + " constraints or more; at most \(limits.maxConstraints) are accepted",
                                location: location(n, pointer()))
        tooLarge = LayoutProblem(status: 413, title: "Payload Too Large", errors: [error])
    }

    /// The kinds of constraint object, told apart by a member (not `null`).
    enum ObjectEntry { case plain, distribute, vfl }

    /// Which kind of entry object `n` is: one with a `distribute` member is a distribute
    /// entry, else one with `vfl` a VFL line, else a plain constraint. One pass over the
    /// members, a name's bytes read only when its length matches.
    func objectEntry(_ n: Int) -> ObjectEntry {
        var child = n + 1, found = ObjectEntry.plain
        for _ in 0..<nodes[n].count {
            let value = child + 1
            switch nodes[child].stringEnd - nodes[child].stringStart {
            case 10 where withBytes(child, { $0.elementsEqual("distribute".utf8) }) && !isNull(value):
                return .distribute
            case 3 where withBytes(child, { $0.elementsEqual("vfl".utf8) }) && !isNull(value):
                found = .vfl
            default: break
            }
            child = nodes.after(value)
        }
        return found
    }

    /// A distribute entry: two or more distinct views, an axis, exactly one of `spacing` and
    /// `itemLength`, and the fields every entry may have.
    mutating func distributeEntry(_ n: Int, _ path: ElementPath, inOp: Bool) -> ConstraintSpec? {
        var pointer: String { path.text }
        let before = errors.count
        let f = fields(n, WireReader.distributeFields, pointer)
        let names = WireReader.distributeFields
        func at(_ field: Int) -> String { child(pointer, names[field]) }
        func given(_ field: Int) -> Int? { f[field].flatMap { isNull($0) ? nil : $0 } }
        if inOp {
            error(ErrorCode.wrongType, "a distribute entry goes in a document's constraints, not in an op "
                      + "(it constrains several views; an op's constraints constrain its view)", n, pointer)
            return nil
        }
        var views: [ItemRef] = []
        if let list = given(D.distribute) {
            if nodes[list].kind != .array {
                wrongType(list, at(D.distribute), expected: "an array of view ids")
            } else {
                for (k, element) in elements(list).enumerated() {
                    guard let item = firstItem(element, child(at(D.distribute), k)) else { continue }
                    if views.contains(where: { $0.view == item.view && $0.guide == item.guide }) {
                        error(ErrorCode.duplicateID, "'\(item.wireName)' is listed twice; each view is distributed once",
                              element, child(at(D.distribute), k))
                    } else {
                        views.append(item)
                    }
                }
                if nodes[list].count < 2 {
                    error(ErrorCode.wrongType, "distribute needs two or more views (Masonry asserts the same)", list, at(D.distribute))
                }
            }
        }
        var axis: Distribution.Axis?
        if let a = given(D.axis) {
            if let text = string(a, at(D.axis)) {
                axis = Distribution.Axis(rawValue: text)
                if axis == nil { error(ErrorCode.wrongType, "axis must be \"horizontal\" or \"vertical\", found '\(text)'", a, at(D.axis)) }
            }
        } else {
            error(ErrorCode.missingField, "a distribute entry needs 'axis' (\"horizontal\" or \"vertical\")", n, pointer)
        }
        var fixed: Distribution.Fixed?
        let spacing = given(D.spacing), itemLength = given(D.itemLength)
        if let spacing, let itemLength {
            error(ErrorCode.conflictingFields, "'spacing' and 'itemLength' together: give one (fixed spacing, or fixed item length)",
                  max(spacing, itemLength), at(spacing > itemLength ? D.spacing : D.itemLength))
        } else if let spacing {
            if let v = coordinate(spacing, at(D.spacing)) { fixed = .spacing(v) }
        } else if let itemLength {
            if let v = coordinate(itemLength, at(D.itemLength)) { fixed = .itemLength(v) }
        } else {
            error(ErrorCode.missingField, "a distribute entry needs 'spacing' or 'itemLength'", n, pointer)
        }
        let lead = given(D.leadSpacing).flatMap { coordinate($0, at(D.leadSpacing)) } ?? 0
        let tail = given(D.tailSpacing).flatMap { coordinate($0, at(D.tailSpacing)) } ?? 0
        var priority: Double?
        if let p = given(D.priority) { priority = self.priority(p, at(D.priority)) }
        let id = given(D.id).flatMap { constraintID($0, at(D.id), entry: pointer) }
        let label = given(D.label).flatMap { string($0, at(D.label)) }
        let source = given(D.source).flatMap { self.source($0, at(D.source)) }
        let active = given(D.active).flatMap { bool($0, at(D.active)) } ?? true
        if let source { for k in before..<errors.count where errors[k].source == nil { errors[k].source = source } }
        countMade(2 * views.count, n, pointer)  // Masonry makes two a view, either way
        guard errors.count == before, let axis, let fixed, let first = views.first else { return nil }
        var spec = ConstraintSpec(first: first, attributes: AttributeSet(rawValue: 0), target: .constant(.scalar(0)), location: location(n, path))
        spec.id = id
        spec.priority = priority ?? 1000
        spec.label = label
        spec.source = source
        spec.active = active
        spec.distribution = Distribution(views: views, axis: axis, fixed: fixed, leadSpacing: lead, tailSpacing: tail)
        return spec
    }
}
