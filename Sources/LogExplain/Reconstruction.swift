import Layout

/// A log's views and constraints as a Trellis layout document (docs/explain.md §3): every
/// view a child of one root, `window` (where they really stand in their hierarchy is not
/// in the log, and relations do not depend on it); each view's id made from its class and
/// address; each listed constraint `cK` in list order, labelled with its class and address;
/// and, last, the non-negative sizes Auto Layout keeps (`V.width >= 0`) that are asked for.
struct Reconstruction {
    struct View {
        let id: String
        var logged: LoggedView
    }

    struct Listed {
        let id: String
        let constraint: LoggedConstraint
        let entry: RawEntry
    }

    /// A non-negative size: `id` is `VIEW_width_min` / `VIEW_height_min`.
    struct NonNegative: Hashable {
        let view: String
        let attribute: String
        var id: String { "\(view)_\(attribute)_min" }
        var expression: String { "\(view).\(attribute) >= 0" }
    }

    static let root = "window"

    private(set) var views: [View] = []
    private var viewIndex: [ViewKey: Int] = [:]
    private(set) var listed: [Listed] = []

    /// Adds a read constraint and the views it names (at most `maxViews` in all; past
    /// that, false and nothing is added).
    /// Superviews the log names (`names: '|':…`), by the child's view index.
    private var superviewOf: [Int: Int] = [:]

    mutating func add(_ c: LoggedConstraint, views named: [(ViewKey, LoggedView)], superviews: [(child: ViewKey, parent: ViewKey)],
                      entry: RawEntry, maxViews: Int) -> Bool {
        var keys = [c.first]
        if let s = c.second { keys.append(s.view) }
        let fresh = Set(keys.filter { viewIndex[$0] == nil } + named.map(\.0).filter { viewIndex[$0] == nil })
        guard views.count + fresh.count <= maxViews else { return false }
        for (key, view) in named { note(key, view) }
        _ = id(of: c.first)
        if let s = c.second { _ = id(of: s.view) }
        for (child, parent) in superviews {
            if let k = viewIndex[child], let p = viewIndex[parent], k != p { superviewOf[k] = p }
        }
        listed.append(Listed(id: "c\(listed.count + 1)", constraint: c, entry: entry))
        return true
    }

    /// The ids of the views `c` names.
    func viewIDs(of c: LoggedConstraint) -> [String] {
        ([c.first] + (c.second.map { [$0.view] } ?? [])).compactMap { viewIndex[$0].map { views[$0].id } }
    }

    /// A listed constraint in the expression language. A constant position (an autoresizing
    /// mask's `midX == 25`) is measured from the superview's origin: from the superview the
    /// log names, when it names one, else from `window`'s.
    func expression(_ c: LoggedConstraint) -> String {
        let firstIndex = viewIndex[c.first]
        let first = firstIndex.map { views[$0].id } ?? "?"
        var text = "\(first).\(c.firstAttribute) \(c.relation) "
        var second = c.second.map { (viewIndex[$0.view].map { views[$0].id } ?? "?", $0.attribute) }
        if second == nil, !LogAttributes.isSize(c.firstAttribute), let k = firstIndex, let p = superviewOf[k] {
            second = (views[p].id, LogAttributes.isVertical(c.firstAttribute) ? "top" : "left")
        }
        if let (view, attribute) = second {
            text += "\(view).\(attribute)"
            if c.multiplier != 1 { text += " * \(Reconstruction.number(c.multiplier))" }
            if c.constant > 0 { text += " + \(Reconstruction.number(c.constant))" }
            if c.constant < 0 { text += " - \(Reconstruction.number(-c.constant))" }
        } else {
            text += Reconstruction.number(c.constant)
        }
        if c.priority < 1000 { text += " @\(Reconstruction.number(c.priority))" }
        return text
    }

    private mutating func note(_ key: ViewKey, _ view: LoggedView) {
        if let k = viewIndex[key] {
            if views[k].logged.text == nil { views[k].logged.text = view.text }
            return
        }
        _ = id(of: key, logged: view)
    }

    /// The view's id, adding it when new.
    private mutating func id(of key: ViewKey, logged: LoggedView? = nil) -> String {
        if let k = viewIndex[key] { return views[k].id }
        let made: View
        switch key {
        case .address(let a):
            let view = logged ?? LoggedView(className: a)
            let id: String
            if let address = view.address { id = Reconstruction.sanitize(view.className + "_" + address) } else if let key = view.key {
                id = Reconstruction.sanitize(view.className + "_" + key)
            } else {
                id = "named_" + Reconstruction.sanitize(a)
            }
            made = View(id: uniqueID(id), logged: view)
        case .superviewOf(let child):
            let childID = id(of: child)
            made = View(id: uniqueID(childID + "_superview"), logged: LoggedView(className: "superview of " + childID))
        }
        viewIndex[key] = views.count
        views.append(made)
        return made.id
    }

    /// `id`, or `id_2`, `id_3`… when a view has it already (sanitizing can make two alike).
    private func uniqueID(_ id: String) -> String {
        guard views.contains(where: { $0.id == id }) else { return id }
        var k = 2
        while views.contains(where: { $0.id == "\(id)_\(k)" }) { k += 1 }
        return "\(id)_\(k)"
    }

    /// Letters, digits and `_`; a first character that is a letter or `_`.
    static func sanitize(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "_"
            out.append(ok ? u : "_")
        }
        let text = String(out)
        guard let f = text.unicodeScalars.first, !(f >= "0" && f <= "9") else { return "v_" + text }
        return text
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// Every non-negative size of the views a listed constraint names.
    var allNonNegative: [NonNegative] {
        views.flatMap { [NonNegative(view: $0.id, attribute: "width"), NonNegative(view: $0.id, attribute: "height")] }
    }

    /// The document: `window` sized `root`, the views, then the listed constraints but those
    /// in `dropped`, then `nonNegative`.
    func document(nonNegative: [NonNegative], dropped: Set<String>, root size: (Double, Double)) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + 96 * (views.count + listed.count))
        w.beginObject()
        w.key("views")
        w.beginArray()
        w.beginObject()
        w.field("id", Reconstruction.root)
        w.key("frame")
        w.beginObject(); w.field("x", 0); w.field("y", 0); w.field("width", size.0); w.field("height", size.1); w.endObject()
        w.endObject()
        for v in views {
            w.beginObject(); w.field("id", v.id); w.field("superview", Reconstruction.root); w.endObject()
        }
        w.endArray()
        w.key("constraints")
        w.beginArray()
        for l in listed where !dropped.contains(l.id) {
            w.beginObject()
            w.field("id", l.id)
            w.field("expr", expression(l.constraint))
            let c = l.constraint
            var label = c.className + ":" + (c.address ?? c.name ?? "?")
            if let identifier = c.identifier { label += " '\(identifier)'" }
            w.field("label", label)
            if let s = c.source {
                w.key("source"); w.beginObject(); w.field("file", s.file); w.field("line", s.line); w.endObject()
            }
            if c.active == false { w.field("active", false) }
            w.endObject()
        }
        // After the listed ones: a conflict then takes the log's own constraints before them.
        for n in nonNegative {
            w.beginObject(); w.field("id", n.id); w.field("expr", n.expression)
            w.field("label", "Auto Layout keeps sizes non-negative"); w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }
}
