// Decoding of what a constraint relates: `attributes`, the first item (`view`) and the
// target (`to`) in all the forms of docs/api.md §2. Item strings are dotted paths,
// `VIEW[.guide][.attr...]` or `superview[.guide][.attr...]`, read on raw bytes.

/// The outcome of reading a dotted item path, computed without touching the reader so it
/// can run inside `withBytes`.
enum PathResult {
    case item(TargetItem, AttributeSet)
    case failure([(code: ErrorCode, message: String)])
}

enum ItemPath {
    /// Reads `text` as an item path. `superview` is allowed only when `allowSuperview`;
    /// attributes after the item only when `allowAttributes`.
    /// A view found in `names` is resolved there (`NameTable`).
    static func parse(_ text: Bytes, allowSuperview: Bool, allowAttributes: Bool, names: NameTable.Unowned? = nil) -> PathResult {
        let shape = allowAttributes
            ? "an item like 'card', 'superview', 'card.top' or 'card.safeAreaLayoutGuide.top'"
            : "a view or guide like 'card' or 'card.safeAreaLayoutGuide'"
        // Components are walked in place (no array): this runs for every `to` and `view`.
        var components = Components(text: text)
        var empty = text.isEmpty || text[text.count - 1] == UInt8(ascii: ".")
        for k in 1..<max(text.count, 1) where text[k] == UInt8(ascii: ".") && text[k - 1] == UInt8(ascii: ".") { empty = true }
        guard !empty, let head = components.next(), !head.isEmpty else {
            return .failure([(ErrorCode.wrongType, "expected \(shape), found '\(Names.string(text))'")])
        }
        var problems: [(code: ErrorCode, message: String)] = []
        var view: ItemRef?
        var guide: GuideName?
        if Names.isSuperview(head) {
            if !allowSuperview { problems.append((ErrorCode.invalidID, "expected a view id, not 'superview'")) }
        } else if let (id, slot) = names?.find(head) {
            // A view of the document: a valid id, resolved (`NameTable`).
            view = ItemRef(view: id, slot: slot)
        } else if let problem = Names.viewIDProblem(head) {
            let hint = allowSuperview && Names.attribute(head) != nil ? "; did you mean 'superview.\(Names.string(head))'?" : ""
            problems.append((ErrorCode.invalidID, problem + hint))
        } else {
            view = ItemRef(view: Names.string(head))
        }
        var attributes = AttributeSet()
        var k = 0
        while let component = components.next() {
            k += 1
            if k == 1, let g = Names.guide(component) { guide = g; continue }
            guard allowAttributes else {
                problems.append((ErrorCode.invalidID, "expected \(shape), found '\(Names.string(text))'; attributes go in 'attributes'"))
                break
            }
            if let set = Names.attribute(component) { attributes.formUnion(set) } else {
                problems.append((ErrorCode.unknownAttribute, "unknown attribute '\(Names.string(component))' in '\(Names.string(text))'"
                                  + Names.attributeHint(Names.string(component))))
            }
        }
        guard problems.isEmpty else { return .failure(problems) }
        guard var view else { return .item(.superview(guide: guide), attributes) }
        view.guide = guide
        return .item(.item(view), attributes)
    }

    /// The dot-separated components of a path, in order. A value, not a nested function over
    /// a cursor: a captured variable was a heap box for every path read.
    private struct Components {
        let text: Bytes
        var cursor = 0
        mutating func next() -> Bytes? {
            guard cursor <= text.count else { return nil }
            var end = cursor
            while end < text.count, text[end] != UInt8(ascii: ".") { end += 1 }
            defer { cursor = end + 1 }
            return Bytes(rebasing: text[cursor..<end])
        }
    }
}

extension WireReader {
    /// A dotted item path in string node `n`, errors reported at `n`.
    mutating func itemPath(_ n: Int, _ pointer: @autoclosure () -> String, allowSuperview: Bool, allowAttributes: Bool) -> (TargetItem, AttributeSet)? {
        guard nodes[n].kind == .string else {
            wrongType(n, pointer(), expected: allowAttributes ? "an item string" : "a view id string")
            return nil
        }
        // Read out first: a closure that read it from `self` would copy the whole reader.
        let names = documentNames
        switch withBytes(n, { ItemPath.parse($0, allowSuperview: allowSuperview, allowAttributes: allowAttributes, names: names) }) {
        case .item(let item, let attributes): return (item, attributes)
        case .failure(let problems):
            for p in problems { error(p.code, p.message, n, pointer()) }
            return nil
        }
    }

    /// The first item: `"card"` or `"card.safeAreaLayoutGuide"`.
    mutating func firstItem(_ n: Int, _ pointer: @autoclosure () -> String) -> ItemRef? {
        guard let (item, _) = itemPath(n, pointer(), allowSuperview: false, allowAttributes: false),
              case .item(let ref) = item else { return nil }
        return ref
    }

    /// `attributes`: one name, or a non-empty array of names; the union of them.
    mutating func attributes(_ n: Int, _ pointer: @autoclosure () -> String) -> AttributeSet? {
        switch nodes[n].kind {
        case .string:
            if let set = withBytes(n, Names.attribute) { return set }
            error(ErrorCode.unknownAttribute, "unknown attribute '\(stringValue(n))'" + (listsMore ? Names.attributeHint(stringValue(n)) : ""),
                  n, pointer())
            return nil
        case .array:
            guard nodes[n].count > 0 else {
                error(ErrorCode.wrongType, "expected at least one attribute, found an empty array", n, pointer())
                return nil
            }
            var result = AttributeSet()
            var ok = true
            for (k, element) in elements(n).enumerated() {
                guard nodes[element].kind == .string else {
                    wrongType(element, child(pointer(), k), expected: "an attribute name")
                    ok = false
                    continue
                }
                if let set = withBytes(element, Names.attribute) { result.formUnion(set) } else {
                    error(ErrorCode.unknownAttribute,
                          "unknown attribute '\(stringValue(element))'" + (listsMore ? Names.attributeHint(stringValue(element)) : ""),
                          element, child(pointer(), k))
                    ok = false
                }
            }
            return ok ? result : nil
        default:
            wrongType(n, pointer(), expected: "an attribute name or an array of them")
            return nil
        }
    }

    static let targetFields = FieldTable(
        "view", "attribute", "width", "height", "x", "y", "top", "left", "bottom", "right", "leading", "trailing",
    )

    /// `to`: a number, an item string, an item object, or a constant object.
    mutating func target(_ n: Int, _ pointer: @autoclosure () -> String) -> ConstraintTarget? {
        switch nodes[n].kind {
        case .number:
            return coordinate(n, pointer()).map { .constant(.scalar($0)) }
        case .string:
            guard let (item, attributes) = itemPath(n, pointer(), allowSuperview: true, allowAttributes: true) else { return nil }
            return .item(item, attributes)
        case .object:
            return targetObject(n, pointer())
        default:
            wrongType(n, pointer(), expected: "a target (a number, an item string or an object)")
            return nil
        }
    }

    private mutating func targetObject(_ n: Int, _ pointer: @autoclosure () -> String) -> ConstraintTarget? {
        let f = fields(n, WireReader.targetFields, pointer())
        let item = f[0] != nil || f[1] != nil
        let size = f[2] != nil || f[3] != nil
        let point = f[4] != nil || f[5] != nil
        let insets = (6..<12).contains { f[$0] != nil }
        let forms = (item ? 1 : 0) + (size ? 1 : 0) + (point ? 1 : 0) + (insets ? 1 : 0)
        guard forms == 1 else {
            error(ErrorCode.wrongType, "expected one target form: {view, attribute}, {width, height}, {x, y}, "
                  + "{top, left, bottom, right} or {top, leading, bottom, trailing}", n, pointer())
            return nil
        }
        if item {
            guard let v = f[0] else {
                error(ErrorCode.missingField, "an item target needs 'view'", n, pointer())
                return nil
            }
            let path = itemPath(v, child(pointer(), "view"), allowSuperview: true, allowAttributes: false)
            var attributes = AttributeSet()
            if let a = f[1], !isNull(a) {
                guard let set = self.attributes(a, child(pointer(), "attribute")) else { return nil }
                attributes = set
            }
            guard let (target, _) = path else { return nil }
            return .item(target, attributes)
        }
        if insets {
            // The six inset members sit at 6..<12 here, in insetFields order; reuse the
            // slots rather than re-reading the object (which would re-report unknown fields).
            var sides = FieldSlots()
            for k in 0..<6 { sides[k] = f[6 + k] }
            guard let value = insetsValue(n, sides, pointer(), side: 0) else { return nil }
            return .constant(.insets(value))
        }
        // {width, height} or {x, y}: both members required.
        let k = size ? 2 : 4
        var values = NumberSlots(0)
        var ok = true
        for j in 0..<2 {
            let name = WireReader.targetFields[k + j]
            guard let v = f[k + j] else {
                error(ErrorCode.missingField, "a \(size ? "size" : "point") target needs '\(name)'", n, pointer())
                ok = false
                continue
            }
            if let d = coordinate(v, child(pointer(), name)) { values[j] = d } else { ok = false }
        }
        guard ok else { return nil }
        return .constant(size ? .size(width: values[0], height: values[1]) : .point(x: values[0], y: values[1]))
    }
}
