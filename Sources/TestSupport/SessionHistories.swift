// Random layout documents and random edit histories, as JSON a client would send: views
// nested up to four levels (guides, margins, intrinsic sizes, fixed frames), every kind of
// attribute and composite, constant and item targets, insets, offsets, multipliers,
// priorities with ties, deliberate conflicts and under-constrained views; batches of every
// op with refusals mixed in (unknown ids and views, update misses, strict conflicts).
import Layout

public struct SessionHistories {
    public var rng: SplitMix
    var views: [GenView] = []
    /// Constraints made with an id of ours, by id: what `update` can match.
    var specs: [String: GenSpec] = [:]
    var nextView = 0
    var nextConstraint = 0
    /// Set once the add order holds a fixed frame given by `setFrame` to a view that had
    /// none, after constraints that name the view: an order no document expresses.
    public var orderExpressible = true

    public init(seed: UInt64) { rng = SplitMix(state: seed) }

    struct GenView {
        var id: String
        var superview: String?
        var depth: Int
        var isGuide: Bool
        var hasFrame: Bool
    }

    /// One description, as the generator knows it (enough to send it again for `update`).
    struct GenSpec {
        var view: String
        var attributes: [String]
        var relation: String
        var target: String?          // nil: a constant target
        var multiplier: Double
        var constant: Double
        var useInset: Bool
        var priority: Double?
        /// `"active": false`: kept but not enforced.
        var inactive = false

        func json(id: String?, view includeView: Bool) -> String {
            var fields: [String] = []
            if let id { fields.append(#""id": "\#(id)""#) }
            if includeView { fields.append(#""view": "\#(view)""#) }
            let attrs = attributes.count == 1 ? #""\#(attributes[0])""# : "[" + attributes.map { #""\#($0)""# }.joined(separator: ", ") + "]"
            fields.append(#""attributes": \#(attrs)"#)
            fields.append(#""relation": "\#(relation)""#)
            if let target {
                fields.append(#""to": "\#(target)""#)
                if multiplier != 1 { fields.append(#""multiplier": \#(multiplier)"#) }
                if constant != 0 { fields.append(useInset ? #""inset": \#(constant)"# : #""offset": \#(constant)"#) }
            } else {
                fields.append(#""to": \#(constant)"#)
            }
            if let priority { fields.append(#""priority": \#(priority)"#) }
            if inactive { fields.append(#""active": false"#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    // MARK: - documents

    public mutating func document() -> String {
        let direction = chance(0.3) ? "rtl" : "ltr"
        views = [GenView(id: "root", superview: nil, depth: 0, isGuide: false, hasFrame: true)]
        var viewJSON = [#"{"id": "root", "frame": {"x": 0, "y": 0, "width": \#(pick([320, 375, 400, 414])), "height": \#(pick([480, 667, 800]))}}"#]
        for _ in 0..<Int.random(in: 2...7, using: &rng) { viewJSON.append(newView(frameChance: 0.15)) }
        var constraints: [String] = []
        for _ in 0..<Int.random(in: 3...14, using: &rng) {
            guard let v = randomView(excludingRoot: true) else { break }
            constraints.append(constraintJSON(for: v, includeView: true))
        }
        if chance(0.35), let entry = distributeJSON() {
            constraints.insert(entry, at: Int.random(in: 0...constraints.count, using: &rng))
        }
        if chance(0.35), let line = vflJSON() {
            constraints.insert(line, at: Int.random(in: 0...constraints.count, using: &rng))
        }
        return #"{"direction": "\#(direction)", "views": [\#(viewJSON.joined(separator: ", "))], "constraints": [\#(constraints.joined(separator: ", "))]}"#
    }

    /// A `distribute` entry over two to four distinct views (not guides), with fixed spacing or
    /// length, leads and tails, now and then a priority or inactive; nil without two views.
    mutating func distributeJSON() -> String? {
        let pool = views.dropFirst().filter { !$0.isGuide }.shuffled(using: &rng)
        guard pool.count >= 2 else { return nil }
        let list = pool.prefix(Int.random(in: 2...min(4, pool.count), using: &rng)).map { #""\#($0.id)""# }
        var fields = [#""distribute": [\#(list.joined(separator: ", "))]"#, #""axis": "\#(chance(0.5) ? "horizontal" : "vertical")""#]
        if chance(0.7) { nextConstraint += 1; fields.insert(#""id": "d\#(nextConstraint)""#, at: 0) }
        fields.append(chance(0.5) ? #""spacing": \#(pick([0, 8, 10]))"# : #""itemLength": \#(pick([20, 30, 44]))"#)
        if chance(0.6) { fields.append(#""leadSpacing": \#(pick([0, 5, 16]))"#) }
        if chance(0.6) { fields.append(#""tailSpacing": \#(pick([0, 5, 16]))"#) }
        if chance(0.2) { fields.append(#""priority": \#(pick([250, 750, 999]))"#) }
        if chance(0.1) { fields.append(#""active": false"#) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A VFL line over one to three views that share a superview (not guides): connections of
    /// every kind, view predicates, `|` edges, now and then alignment or direction options,
    /// metrics or inactive; as a string or an object with an id; nil without such views.
    mutating func vflJSON() -> String? {
        let candidates = views.dropFirst().filter { !$0.isGuide && $0.superview != nil }
        guard let anchor = candidates.randomElement(using: &rng) else { return nil }
        let siblings = candidates.filter { $0.superview == anchor.superview }.shuffled(using: &rng)
        let chosen = Array(siblings.prefix(Int.random(in: 1...min(3, siblings.count), using: &rng)))
        let vertical = chance(0.5)
        func connection() -> String {
            switch Int.random(in: 0...4, using: &rng) {
            case 0: return ""
            case 1: return "-"
            case 2: return "-\(pick([0, 4, 12]))-"
            case 3: return "-(pad)-"
            default: return "-(>=\(pick([0, 8])),<=\(pick([40, 80]))@\(pick([250, 750])))-"
            }
        }
        var line = vertical ? "V:" : "H:"
        if chance(0.5) { line += "|" + connection() }
        for (k, v) in chosen.enumerated() {
            var predicate = ""
            if chance(0.3) { predicate = k > 0 && chance(0.4) ? "(==\(chosen[k - 1].id))" : "(\(pick([">=20", "44", "==w", "<=100@750"])))" }
            line += "[\(v.id)\(predicate)]"
            if k + 1 < chosen.count { line += connection() }
        }
        if chance(0.5) { line += connection() + "|" }
        var fields = [#""vfl": "\#(line)""#, #""metrics": {"pad": \#(pick([6, 16])), "w": \#(pick([30, 90]))}"#]
        if chance(0.3) { fields.append(#""options": ["\#(vertical ? pick(["alignAllLeading", "alignAllCenterX"]) : pick(["alignAllTop", "alignAllCenterY"]))"]"#) }
        if !vertical && chance(0.15) { fields.append(#""options": ["directionRightToLeft"]"#) }
        if chance(0.7) { nextConstraint += 1; fields.insert(#""id": "l\#(nextConstraint)""#, at: 0) }
        if chance(0.1) { fields.append(#""active": false"#) }
        // Two option lists would be a duplicate member: keep the last.
        if fields.filter({ $0.hasPrefix(#""options""#) }).count > 1, let first = fields.firstIndex(where: { $0.hasPrefix(#""options""#) }) {
            fields.remove(at: first)
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// One to two ids of the document's constraints as an op names them: whole entries, one
    /// member of a composite (`c2.top`) or of a distribute entry (`d3.2`).
    mutating func someIDs(_ document: LayoutDocument) -> [String] {
        var ids: [String] = []
        for c in document.constraints.shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng)) {
            guard let id = c.id else { continue }
            let members = Array(c.attributes.expansion)
            if let d = c.distribution, chance(0.3) {
                ids.append("\(id).\(Int.random(in: 1...(2 * d.views.count), using: &rng))")
            } else if c.vfl != nil, chance(0.3) {
                ids.append("\(id).\(Int.random(in: 1...4, using: &rng))")
            } else {
                ids.append(members.count > 1 && chance(0.3) ? "\(id).\(pick(members).name)" : id)
            }
        }
        return ids
    }

    /// A new view (appended to `views`) as JSON.
    mutating func newView(frameChance: Double) -> String {
        nextView += 1
        let id = "v\(nextView)"
        let parents = views.filter { !$0.isGuide && $0.depth < 4 }
        let parent = parents[Int.random(in: 0..<parents.count, using: &rng)]
        let isGuide = chance(0.12)
        let hasFrame = chance(frameChance)
        var fields = [#""id": "\#(id)""#, #""superview": "\#(parent.id)""#]
        if isGuide { fields.append(#""kind": "guide""#) }
        if hasFrame {
            fields.append(#""frame": {"x": \#(pick([0, 5, 10])), "y": \#(pick([0, 8, 20])), "width": \#(pick([40, 100, 150])), "height": \#(pick([20, 44, 60]))}"#)
        }
        if chance(0.4) {
            let w = chance(0.8) ? "\(pick([30, 64, 120]))" : "null"
            fields.append(#""intrinsicSize": {"width": \#(w), "height": \#(pick([17, 21, 44]))}"#)
            if chance(0.2) { fields.append(#""hugging": {"horizontal": \#(pick([250, 251, 750, 1000])), "vertical": 250}"#) }
            if chance(0.2) { fields.append(#""compressionResistance": {"horizontal": 750, "vertical": \#(pick([250, 749, 750, 1000]))}"#) }
        }
        if !isGuide && chance(0.2) { fields.append(#""margins": {"top": \#(pick([0, 4, 8])), "left": 16, "bottom": 8, "right": \#(pick([8, 16, 20]))}"#) }
        views.append(GenView(id: id, superview: parent.id, depth: parent.depth + 1, isGuide: isGuide, hasFrame: hasFrame))
        return "{" + fields.joined(separator: ", ") + "}"
    }

    // MARK: - constraints

    /// A random constraint whose first item is `v`, remembered when it gets an id.
    mutating func constraintJSON(for v: GenView, includeView: Bool) -> String {
        if chance(0.15) { return expressionJSON(for: v) }
        var spec = randomSpec(for: v)
        spec.inactive = chance(0.1)
        var id: String?
        if chance(0.75) {
            nextConstraint += 1
            let name = "k\(nextConstraint)"
            specs[name] = spec
            id = name
        }
        return spec.json(id: id, view: includeView)
    }

    private mutating func expressionJSON(for v: GenView) -> String {
        let attribute = pick(["width", "height", "left", "top", "centerX"])
        let relation = pick(["==", "<=", ">="])
        let priority = chance(0.3) ? " @\(pick([250, 500, 750, 999]))" : ""
        if attribute == "width" || attribute == "height" || v.superview == nil {
            return #""\#(v.id).\#(attribute == "left" || attribute == "top" || attribute == "centerX" ? "width" : attribute) \#(relation) \#(pick([10, 44, 80, 200]))\#(priority)""#
        }
        return #""\#(v.id).\#(attribute) \#(relation) superview.\#(attribute) + \#(pick([0, 8, 12]))\#(priority)""#
    }

    private mutating func randomSpec(for v: GenView) -> GenSpec {
        let priority: Double? = chance(0.7) ? nil : Double(pick([1, 250, 500, 500, 750, 999, 1000]))
        let relation = chance(0.7) ? "==" : pick(["<=", ">="])
        let other = randomView(excludingRoot: false).flatMap { $0.id == v.id ? nil : $0 }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0 where v.superview != nil:
            let composite = pick(["edges", "horizontalEdges", "verticalEdges", "directionalEdges"])
            let target = chance(0.3) && !v.isGuide ? "superview.layoutMarginsGuide" : "superview"
            return GenSpec(view: v.id, attributes: [composite], relation: relation, target: target, multiplier: 1,
                           constant: Double(pick([0, 8, 20])), useInset: true, priority: priority)
        case 1:
            return GenSpec(view: v.id, attributes: ["size"], relation: relation, target: nil, multiplier: 1,
                           constant: Double(pick([20, 50, 100, 300])), useInset: false, priority: priority)
        case 2 where v.superview != nil:
            return GenSpec(view: v.id, attributes: ["center"], relation: relation, target: "superview",
                           multiplier: chance(0.2) ? 0.5 : 1, constant: Double(pick([0, 10])), useInset: false, priority: priority)
        case 3, 4:
            let attribute = pick(["width", "height"])
            if let other, chance(0.5) {
                return GenSpec(view: v.id, attributes: [attribute], relation: relation,
                               target: "\(other.id).\(pick(["width", "height"]))", multiplier: pick([0.5, 1, 1, 2]),
                               constant: Double(pick([0, 10, -4])), useInset: false, priority: priority)
            }
            return GenSpec(view: v.id, attributes: [attribute], relation: relation, target: nil, multiplier: 1,
                           constant: Double(pick([10, 44, 100, 250, 500])), useInset: false, priority: priority)
        default:
            let horizontal = chance(0.5)
            let family = horizontal ? (chance(0.5) ? ["left", "right", "centerX"] : ["leading", "trailing", "centerX"])
                : ["top", "bottom", "centerY"]
            var attributes = [pick(family)]
            if chance(0.2), let second = family.first(where: { $0 != attributes[0] }) { attributes.append(second) }
            let targetItem = other.map(\.id) ?? "superview"
            let useSuperview = v.superview != nil && (chance(0.6) || other == nil)
            let target = attributes.count > 1 || chance(0.6) ? (useSuperview ? "superview" : targetItem)
                : "\(useSuperview ? "superview" : targetItem).\(pick(family))"
            if !useSuperview && other == nil { return randomSizeSpec(v, relation, priority) }
            return GenSpec(view: v.id, attributes: attributes, relation: relation, target: target, multiplier: 1,
                           constant: Double(pick([0, 8, 16, -12, 30])), useInset: chance(0.3), priority: priority)
        }
    }

    private mutating func randomSizeSpec(_ v: GenView, _ relation: String, _ priority: Double?) -> GenSpec {
        GenSpec(view: v.id, attributes: ["width"], relation: relation, target: nil, multiplier: 1,
                constant: Double(pick([10, 60])), useInset: false, priority: priority)
    }

    // MARK: - batches

    /// A batch of one to three ops as JSON, against the layout's document as it stands.
    public mutating func batch(_ document: LayoutDocument) -> String {
        refresh(document)
        var ops: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) { ops.append(op(document)) }
        let strict = chance(0.08) ? #""strict": true, "# : ""
        return "{\(strict)\"ops\": [\(ops.joined(separator: ", "))]}"
    }

    /// Forgets views and constraints the layout no longer has (after removals, or after a
    /// refused batch that had added them).
    mutating func refresh(_ document: LayoutDocument) {
        let present = Set(document.views.map(\.id))
        views.removeAll { !present.contains($0.id) }
        for i in views.indices { views[i].hasFrame = document.views.first { $0.id == views[i].id }?.frame != nil }
        let ids = Set(document.constraints.compactMap(\.id))
        specs = specs.filter { ids.contains($0.key) }
    }

    private mutating func op(_ document: LayoutDocument) -> String {
        guard let v = randomView(excludingRoot: true) else { return addViewsOp(document) }
        switch Int.random(in: 0..<26, using: &rng) {
        case 0...3:
            let list = (0..<Int.random(in: 1...2, using: &rng)).map { _ in constraintJSON(for: v, includeView: false) }
            return #"{"op": "make", "view": "\#(v.id)", "constraints": [\#(list.joined(separator: ", "))]}"#
        case 4...6:
            guard let (id, spec) = specs.filter({ $0.value.view == v.id }).sorted(by: { $0.key < $1.key }).randomElement(using: &rng)
            else { return setFrameOp(views[0]) }
            var changed = spec
            changed.constant += Double(pick([-30, -8, 4, 12, 40]))
            if chance(0.3), spec.attributes.count == 1, let composite = Attribute.compositeMembers(spec.attributes[0]) {
                changed.attributes = [pick(composite)]  // a part of the composite only
            }
            if chance(0.1) { changed.relation = spec.relation == "==" ? ">=" : "==" }  // misses: refused
            _ = id
            return #"{"op": "update", "view": "\#(v.id)", "constraints": [\#(changed.json(id: nil, view: false))]}"#
        case 7:
            return #"{"op": "remake", "view": "\#(v.id)", "constraints": [\#(constraintJSON(for: v, includeView: false))]}"#
        case 8:
            return #"{"op": "remove", "view": "\#(v.id)"}"#
        case 9, 10:
            var ids = document.constraints.compactMap(\.id).shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng)).map { $0 }
            if chance(0.15) || ids.isEmpty { ids.append("nosuch") }
            return #"{"op": "remove", "ids": [\#(ids.map { #""\#($0)""# }.joined(separator: ", "))]}"#
        case 11, 12:
            return addViewsOp(document)
        case 13:
            return #"{"op": "removeViews", "ids": ["\#(v.id)"]}"#
        case 14:
            return #"{"op": "make", "view": "ghost", "constraints": ["ghost.width == 1"]}"#
        case 20, 21:
            // activate / deactivate by ids: whole entries, one member of a composite, or unknown.
            let op = chance(0.5) ? "activate" : "deactivate"
            var ids = someIDs(document)
            if chance(0.1) || ids.isEmpty { ids.append(chance(0.5) ? "nosuch" : "k1.nosuch") }
            return #"{"op": "\#(op)", "ids": [\#(ids.map { #""\#($0)""# }.joined(separator: ", "))]}"#
        case 22:
            return #"{"op": "\#(chance(0.5) ? "activate" : "deactivate")", "view": "\#(v.id)"}"#
        case 23...25:
            return setOp(document)
        case 15:
            // On a view without a frame this adds the newest constraints, an order no
            // document expresses: a third of the time only.
            return v.hasFrame || chance(0.33) ? setFrameOp(v) : setFrameOp(views[0])
        default:
            return setFrameOp(views[0])
        }
    }

    /// `set` by ids (entries, members of composites, now and then unknown) with a constant,
    /// a priority (required and optional both ways), `active`, or a mix; now and then nothing
    /// to change or two constants (refused).
    private mutating func setOp(_ document: LayoutDocument) -> String {
        var ids = someIDs(document)
        if chance(0.05) || ids.isEmpty { ids.append("nosuch") }
        var fields: [String] = []
        if chance(0.6) {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: fields.append(#""inset": \#(pick([0, 4, 10]))"#)
            case 1: fields.append(#""to": \#(pick([20, 60, 150]))"#)
            default: fields.append(#""offset": \#(pick([-20, 0, 6, 12, 50]))"#)
            }
            if chance(0.04) { fields.append(#""offset": 1"#) }  // two constants: refused
        }
        if chance(0.4) { fields.append(#""priority": \#(pick(["250", "500", "751", "999", "1000", "\"high\"", "\"required\""]))"#) }
        if chance(0.2) { fields.append(#""active": \#(chance(0.5))"#) }
        let list = ids.map { #""\#($0)""# }.joined(separator: ", ")
        return #"{"op": "set", "ids": [\#(list)]\#(fields.map { ", " + $0 }.joined())}"#
    }

    private mutating func addViewsOp(_ document: LayoutDocument) -> String {
        // A new view's frame comes after older constraints in the session but before them in
        // a document; no conflict can tell (older constraints cannot name the new view, so a
        // conflict holding both has a newer member that links them, and that one breaks).
        let json = newView(frameChance: 0.25)
        return #"{"op": "addViews", "views": [\#(json)]}"#
    }

    private mutating func setFrameOp(_ v: GenView) -> String {
        if !v.hasFrame { orderExpressible = false }
        let big = v.superview == nil
        let w = big ? pick([200, 320, 375, 667, 1024]) : pick([0, 30, 90, 200])
        let h = big ? pick([300, 480, 667, 375]) : pick([10, 44, 90])
        return #"{"op": "setFrame", "view": "\#(v.id)", "frame": {"x": \#(pick([0, 4, 10])), "y": \#(pick([0, 20])), "width": \#(w), "height": \#(h)}}"#
    }

    // MARK: - helpers

    mutating func randomView(excludingRoot: Bool) -> GenView? {
        let pool = excludingRoot ? Array(views.dropFirst()) : views
        return pool.isEmpty ? nil : pool[Int.random(in: 0..<pool.count, using: &rng)]
    }

    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
}

extension Attribute {
    /// The single attributes a composite name stands for, nil for a single attribute.
    static func compositeMembers(_ name: String) -> [String]? {
        guard let set = AttributeSet(name: name), set.expansion.count > 1 else { return nil }
        return set.expansion.map(\.name)
    }
}

/// SplitMix64: a tiny deterministic generator, so failures reproduce.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
