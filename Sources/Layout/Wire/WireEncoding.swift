// Re-encoding of request specs to their wire form, for `GET /v1/sessions/{id}`'s
// `document`. The output decodes back to equal specs (locations aside); fields at their
// defaults are left out to keep the document short.

extension AttributeSet {
    /// Composites in the order their names are preferred when re-encoding (the
    /// directional vertical edges are the same bits as `verticalEdges`).
    static let compositeWireOrder: [(String, AttributeSet)] = [
        ("edges", .edges), ("horizontalEdges", .horizontalEdges), ("verticalEdges", .verticalEdges),
        ("directionalEdges", .directionalEdges), ("directionalHorizontalEdges", .directionalHorizontalEdges),
        ("size", .size), ("center", .center), ("margins", .margins),
        ("directionalMargins", .directionalMargins), ("centerWithinMargins", .centerWithinMargins),
    ]

    /// One wire name for the whole set (a single attribute or a composite), if there is one.
    public var wireName: String? {
        let list = expansion
        if list.count == 1, let only = list.first { return only.name }
        return AttributeSet.compositeWireOrder.first { $0.1 == self }?.0
    }
}

extension ItemRef {
    /// `card` or `card.safeAreaLayoutGuide`.
    public var wireName: String { guide.map { view + "." + $0.rawValue } ?? view }
}

extension TargetItem {
    /// `card`, `card.layoutMarginsGuide`, `superview`, `superview.safeAreaLayoutGuide`.
    public var wireName: String {
        switch self {
        case .item(let ref): return ref.wireName
        case .superview(let guide): return guide.map { "superview." + $0.rawValue } ?? "superview"
        }
    }
}

extension JSONWriter {
    /// An attribute set: one name if it has one, else an array of names in expansion order.
    public mutating func attributes(_ set: AttributeSet) {
        if let name = set.wireName { string(name); return }
        beginArray()
        for attribute in set.expansion { string(attribute.name) }
        endArray()
    }

    public mutating func insets(_ insets: InsetsSpec) {
        beginObject()
        switch insets {
        case .physical(let e):
            field("top", e.top); field("left", e.left); field("bottom", e.bottom); field("right", e.right)
        case .directional(let d):
            field("top", d.top); field("leading", d.leading); field("bottom", d.bottom); field("trailing", d.trailing)
        }
        endObject()
    }

    public mutating func rect(_ r: Rect) {
        beginObject()
        field("x", r.x); field("y", r.y); field("width", r.width); field("height", r.height)
        endObject()
    }

    /// `{pointer, line, column, exprColumn?}` (docs/api.md §3, a diagnostic's `location`).
    public mutating func location(_ l: RequestLocation) {
        beginObject()
        field("pointer", l.pointer); field("line", l.line); field("column", l.column)
        if let e = l.exprColumn { field("exprColumn", e) }
        endObject()
    }

    /// `{file, line, column?}`: the caller's own location, as it was sent.
    public mutating func source(_ s: SourceLocation) {
        beginObject()
        field("file", s.file); field("line", s.line)
        if let column = s.column { field("column", column) }
        endObject()
    }

    /// A constraint in object form (docs/api.md §2).
    public mutating func constraint(_ c: ConstraintSpec) {
        if let d = c.distribution { return distribute(c, d) }
        if let line = c.vfl { return vfl(c, line) }
        beginObject()
        if let id = c.id { field("id", id) }
        if let first = c.first { field("view", first.wireName) }
        key("attributes"); attributes(c.attributes)
        field("relation", c.relation.rawValue)
        key("to")
        switch c.target {
        case .constant(.scalar(let v)): number(v)
        case .constant(.size(let w, let h)): beginObject(); field("width", w); field("height", h); endObject()
        case .constant(.point(let x, let y)): beginObject(); field("x", x); field("y", y); endObject()
        case .constant(.insets(let i)): insets(i)
        case .item(let item, let set):
            if set.isEmpty { string(item.wireName) } else if let name = set.wireName { string(item.wireName + "." + name) } else {
                beginObject(); field("view", item.wireName); key("attribute"); attributes(set); endObject()
            }
        }
        if c.multiplier != 1 { field("multiplier", c.multiplier) }
        switch c.modifier {
        case .none: break
        case .offset(let v): field("offset", v)
        case .inset(.scalar(let v)): field("inset", v)
        case .inset(.insets(let i)): key("inset"); insets(i)
        }
        if c.priority != 1000 { field("priority", c.priority) }
        if let label = c.label { field("label", label) }
        if let s = c.source { key("source"); source(s) }
        if !c.active { field("active", false) }
        endObject()
    }

    /// A distribute entry (docs/api.md §2).
    mutating func distribute(_ c: ConstraintSpec, _ d: Distribution) {
        beginObject()
        if let id = c.id { field("id", id) }
        key("distribute")
        beginArray()
        for v in d.views { string(v.wireName) }
        endArray()
        field("axis", d.axis.rawValue)
        switch d.fixed {
        case .spacing(let v): field("spacing", v)
        case .itemLength(let v): field("itemLength", v)
        }
        if d.leadSpacing != 0 { field("leadSpacing", d.leadSpacing) }
        if d.tailSpacing != 0 { field("tailSpacing", d.tailSpacing) }
        if c.priority != 1000 { field("priority", c.priority) }
        if let label = c.label { field("label", label) }
        if let s = c.source { key("source"); source(s) }
        if !c.active { field("active", false) }
        endObject()
    }

    /// A view object (docs/api.md §2, views table).
    public mutating func view(_ v: ViewSpec) {
        let defaults = ViewSpec(id: v.id, location: v.location)
        beginObject()
        field("id", v.id)
        if let superview = v.superview { field("superview", superview) }
        if let frame = v.frame { key("frame"); rect(frame) }
        if v.kind != .view { field("kind", v.kind.rawValue) }
        if v.margins != defaults.margins { key("margins"); insets(v.margins) }
        if v.safeArea != defaults.safeArea { key("safeArea"); insets(.physical(v.safeArea)) }
        if v.intrinsicWidth != nil || v.intrinsicHeight != nil {
            key("intrinsicSize")
            beginObject()
            key("width"); if let w = v.intrinsicWidth { number(w) } else { null() }
            key("height"); if let h = v.intrinsicHeight { number(h) } else { null() }
            endObject()
        }
        if v.hugging != defaults.hugging {
            key("hugging"); beginObject(); field("horizontal", v.hugging.horizontal); field("vertical", v.hugging.vertical); endObject()
        }
        if v.compressionResistance != defaults.compressionResistance {
            key("compressionResistance")
            beginObject()
            field("horizontal", v.compressionResistance.horizontal); field("vertical", v.compressionResistance.vertical)
            endObject()
        }
        if v.firstBaseline != 0 || v.lastBaseline != 0 {
            key("baselines"); beginObject(); field("first", v.firstBaseline); field("last", v.lastBaseline); endObject()
        }
        endObject()
    }

    /// `{direction, views, constraints}` as a value (e.g. the `document` member of a GET answer).
    public mutating func document(direction: LayoutDirection, views: [ViewSpec], constraints: [ConstraintSpec],
                                  metrics: [String: Double] = [:]) {
        beginObject()
        field("direction", direction.rawValue)
        if !metrics.isEmpty { key("metrics"); self.metrics(metrics) }
        key("views"); beginArray(); for v in views { view(v) }; endArray()
        key("constraints"); beginArray(); for c in constraints { constraint(c) }; endArray()
        endObject()
    }

    /// `{"name": number}`, names sorted (the same document, the same bytes).
    mutating func metrics(_ metrics: [String: Double]) {
        beginObject()
        for name in metrics.keys.sorted() { key(name); number(metrics[name] ?? 0) }
        endObject()
    }

    /// A VFL entry (docs/api.md §2): the object form, with its id.
    mutating func vfl(_ c: ConstraintSpec, _ line: VFLLine) {
        beginObject()
        if let id = c.id { field("id", id) }
        field("vfl", line.text)
        if !line.options.isEmpty { key("options"); beginArray(); for o in line.options { string(o.rawValue) }; endArray() }
        if !line.metrics.isEmpty { key("metrics"); metrics(line.metrics) }
        if let label = c.label { field("label", label) }
        if let s = c.source { key("source"); source(s) }
        if !c.active { field("active", false) }
        endObject()
    }
}

/// A whole document as JSON bytes (`strict` is a request option and is not part of it).
public func encodeLayoutDocument(_ document: LayoutDocument) -> [UInt8] {
    var writer = JSONWriter(capacity: 128 + 96 * (document.views.count + document.constraints.count))
    writer.document(direction: document.direction, views: document.views, constraints: document.constraints,
                    metrics: document.metrics)
    return writer.bytes
}
