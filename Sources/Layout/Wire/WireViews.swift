// Decoding of view objects (docs/api.md §2, views table) and of the small value
// objects they share with constraints: rectangles, insets, per-axis priorities.
// Absent optional fields keep the defaults of ViewSpec; `null` counts as absent.

extension WireReader {
    static let viewFields = FieldTable(
        "id", "superview", "frame", "kind", "margins", "safeArea", "intrinsicSize",
        "hugging", "compressionResistance", "baselines",
    )

    /// The `views` array of a document or an `addViews` op. View ids must be unique in it.
    mutating func views(_ n: Int, _ pointer: String) -> [ViewSpec] { viewsAndIDs(n, pointer).views }

    /// `views`, with the table of their ids by position (`NameTable`).
    mutating func viewsAndIDs(_ n: Int, _ pointer: String) -> (views: [ViewSpec], ids: NameTable) {
        guard nodes[n].kind == .array else {
            wrongType(n, pointer, expected: "an array of views")
            return ([], NameTable(expected: 0))
        }
        var out: [ViewSpec] = []
        out.reserveCapacity(nodes[n].count)
        // Sized up front and probed once per view by the id's bytes.
        let seen = NameTable(expected: nodes[n].count)
        for (k, element) in elements(n).enumerated() {
            let path = ElementPath(pointer, k)
            let errorsBefore = errorCount
            guard let (idNode, superviewNode) = view(element, path, appendingTo: &out) else { continue }
            let last = out.count - 1
            // The superview's position, if it is listed before (a document's views become the
            // tree's slots in this order).
            if let node = superviewNode, let found = withBytes(node, { seen.find($0) }) {
                out[last].superviewSlot = SlotHint(found.value)
            }
            if let first = withBytes(idNode, { seen.insert($0, text: out[last].id, value: k) }) {
                error(ErrorCode.duplicateID, "duplicate view id '\(out[last].id)' (first used by \(pointer)/\(first))",
                      idNode, child(path.text, "id"))
            }
            if errorCount > errorsBefore { unreadViewIDs.append(out.removeLast().id) }
        }
        return (out, seen)
    }

    /// One view object, appended to `out` (built where it stays: a view returned and then
    /// appended would be copied more than once); nothing is
    /// appended when it has no usable id. Returns the nodes of its id and of its superview
    /// (if a string).
    mutating func view(_ n: Int, _ path: ElementPath, appendingTo out: inout [ViewSpec]) -> (id: Int, superview: Int?)? {
        // Built only where an error needs it.
        var pointer: String { path.text }
        guard object(n, pointer, "a view object") else { return nil }
        let f = fields(n, WireReader.viewFields, pointer)
        let location = location(n, path)
        var id: String?
        if let idNode = f[0] { id = viewID(idNode, child(pointer, "id")) } else {
            error(ErrorCode.missingField, "a view needs an 'id'", n, pointer)
        }
        // Without a usable id the other fields are still checked, so every error is found.
        out.append(ViewSpec(id: id ?? "", location: location))
        viewFields(f, path, into: &out[out.count - 1])
        guard id != nil, let idNode = f[0] else { out.removeLast(); return nil }
        return (idNode, out[out.count - 1].superview == nil ? nil : f[1])
    }

    /// The members of a view object but its id (in `f`, `viewFields` order), into `view`.
    private mutating func viewFields(_ f: FieldSlots, _ path: ElementPath, into view: inout ViewSpec) {
        var pointer: String { path.text }
        if let s = f[1], !isNull(s) { view.superview = string(s, child(pointer, "superview")) }
        if let r = f[2], !isNull(r) {
            view.frame = rect(r, child(pointer, "frame"))
            view.frameLocation = self.location(r, path.field(.frame))
        }
        if let k = f[3], !isNull(k), let name = string(k, child(pointer, "kind")) {
            if let kind = ViewKind(rawValue: name) { view.kind = kind } else {
                error(ErrorCode.wrongType, "kind must be \"view\" or \"guide\", found '\(name)'", k, child(pointer, "kind"))
            }
        }
        if let m = f[4], !isNull(m), let margins = insets(m, child(pointer, "margins"), side: 8) { view.margins = margins }
        if let s = f[5], !isNull(s), let safeArea = insets(s, child(pointer, "safeArea"), side: 0) {
            switch safeArea {
            case .physical(let e): view.safeArea = e
            case .directional:
                error(ErrorCode.wrongType, "safeArea takes physical insets {top,left,bottom,right}", s, child(pointer, "safeArea"))
            }
        }
        if let s = f[6], !isNull(s) { intrinsicSize(s, path.field(.intrinsicSize), into: &view) }
        if let h = f[7], !isNull(h), let v = axisPriorities(h, child(pointer, "hugging"), view.hugging) { view.hugging = v }
        if let c = f[8], !isNull(c), let v = axisPriorities(c, child(pointer, "compressionResistance"), view.compressionResistance) {
            view.compressionResistance = v
        }
        if let b = f[9], !isNull(b) { baselines(b, child(pointer, "baselines"), into: &view) }
    }

    /// A view id: a string matching the id pattern and not a reserved word.
    mutating func viewID(_ n: Int, _ pointer: @autoclosure () -> String) -> String? {
        guard nodes[n].kind == .string else { wrongType(n, pointer(), expected: "a view id string"); return nil }
        if let problem = withBytes(n, Names.viewIDProblem) {
            error(ErrorCode.invalidID, problem, n, pointer())
            return nil
        }
        return stringValue(n)
    }

    static let rectFields = FieldTable("x", "y", "width", "height")

    /// `{x, y, width, height}`, all four required.
    mutating func rect(_ n: Int, _ pointer: @autoclosure () -> String) -> Rect? {
        guard object(n, pointer(), "a frame object {x, y, width, height}") else { return nil }
        let f = fields(n, WireReader.rectFields, pointer())
        var values = NumberSlots(0)
        var ok = true
        var missing: [String] = []
        for k in 0..<4 {
            guard let v = f[k] else { missing.append("'\(WireReader.rectFields[k])'"); continue }
            if let d = coordinate(v, child(pointer(), WireReader.rectFields[k])) { values[k] = d } else { ok = false }
        }
        if !missing.isEmpty {
            error(ErrorCode.missingField, "a frame needs " + missing.joined(separator: ", "), n, pointer())
            ok = false
        }
        return ok ? Rect(x: values[0], y: values[1], width: values[2], height: values[3]) : nil
    }

    static let insetFields = FieldTable("top", "left", "bottom", "right", "leading", "trailing")

    /// `{top,left,bottom,right}` or `{top,leading,bottom,trailing}`; a side left out is `side`.
    /// Mixing left/right with leading/trailing is `mixed-direction`.
    mutating func insets(_ n: Int, _ pointer: @autoclosure () -> String, side: Double) -> InsetsSpec? {
        guard object(n, pointer(), "an insets object {top,left,bottom,right} or {top,leading,bottom,trailing}") else { return nil }
        return insetsValue(n, fields(n, WireReader.insetFields, pointer()), pointer(), side: side)
    }

    /// Insets from the member slots `f` of object `n` (in `insetFields` order).
    mutating func insetsValue(_ n: Int, _ f: FieldSlots, _ pointer: @autoclosure () -> String, side: Double) -> InsetsSpec? {
        var values = NumberSlots(side)
        var ok = true
        for k in 0..<6 {
            guard let v = f[k] else { continue }
            if let d = coordinate(v, child(pointer(), WireReader.insetFields[k])) { values[k] = d } else { ok = false }
        }
        let physical = f[1] != nil || f[3] != nil
        let directional = f[4] != nil || f[5] != nil
        if physical && directional {
            error(ErrorCode.mixedDirection, "insets give either left/right or leading/trailing, not both", n, pointer())
            return nil
        }
        guard ok else { return nil }
        if directional {
            return .directional(DirectionalInsets(top: values[0], leading: values[4], bottom: values[2], trailing: values[5]))
        }
        return .physical(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
    }

    static let axisFields = FieldTable("horizontal", "vertical")

    /// `{horizontal, vertical}` priorities; an axis left out keeps `defaults`.
    mutating func axisPriorities(_ n: Int, _ pointer: @autoclosure () -> String, _ defaults: AxisPriorities) -> AxisPriorities? {
        guard object(n, pointer(), "an object {horizontal, vertical}") else { return nil }
        let f = fields(n, WireReader.axisFields, pointer())
        var result = defaults
        var ok = true
        if let h = f[0] { if let v = priority(h, child(pointer(), "horizontal")) { result.horizontal = v } else { ok = false } }
        if let v = f[1] { if let p = priority(v, child(pointer(), "vertical")) { result.vertical = p } else { ok = false } }
        return ok ? result : nil
    }

    static let sizeFields = FieldTable("width", "height")

    /// `{width, height}`, either absent or null for "no intrinsic metric".
    mutating func intrinsicSize(_ n: Int, _ path: ElementPath, into view: inout ViewSpec) {
        // Built only where an error needs it.
        var pointer: String { path.text }
        guard object(n, pointer, "an object {width, height}") else { return }
        view.intrinsicSizeLocation = location(n, path)
        let f = fields(n, WireReader.sizeFields, pointer)
        if let w = f[0], !isNull(w) { view.intrinsicWidth = coordinate(w, child(pointer, "width")) }
        if let h = f[1], !isNull(h) { view.intrinsicHeight = coordinate(h, child(pointer, "height")) }
    }

    static let baselineFields = FieldTable("first", "last")

    mutating func baselines(_ n: Int, _ pointer: @autoclosure () -> String, into view: inout ViewSpec) {
        guard object(n, pointer(), "an object {first, last}") else { return }
        let f = fields(n, WireReader.baselineFields, pointer())
        if let v = f[0], let d = coordinate(v, child(pointer(), "first")) { view.firstBaseline = d }
        if let v = f[1], let d = coordinate(v, child(pointer(), "last")) { view.lastBaseline = d }
    }
}
