import Foundation
import Layout

/// What a built document is made of, to read the answer back: the document's views in
/// order and the constraint behind each entry.
struct DocumentContext {
    let root: TrellisView
    /// Every view and guide of the tree (implicit guides included), for filling frames.
    let items: [LayoutConstraintItem]
    /// The document's `views`, in order (views and added guides).
    let views: [LayoutConstraintItem]
    /// The document's `constraints`, in order: entry id and the chain it comes from.
    let entries: [(id: String, constraint: Constraint)]

    /// How the conflict log names each item, as SnapKit's descriptions do: its class, then
    /// its `snp` label or else its id (SnapKit prints an address there).
    var logNames: [String: String] {
        Dictionary(items.map { ($0.id, "\(type(of: $0)):" + ($0.snpLabel ?? $0.id)) }, uniquingKeysWith: { a, _ in a })
    }

    var handles: [String: WeakConstraint] {
        Dictionary(entries.map { ($0.id, WeakConstraint(value: $0.constraint)) }, uniquingKeysWith: { a, _ in a })
    }
}

/// Writes a tree as a layout document (docs/api.md §2): views in tree order, then the
/// active constraints in activation order, each with its `source`. Inactive constraints are
/// left out: SnapKit's engine never sees them, and a prepared constraint may name a view
/// that is not in the tree yet. Misuses of the DSL found on the way are returned instead.
enum DocumentBuilder {
    static func build(root: TrellisView) -> Result<(bytes: [UInt8], context: DocumentContext), TrellisLayoutError> {
        let items = root.subtreeItems()
        let views = items.filter { !($0 is TrellisLayoutGuide) || ($0 as? TrellisLayoutGuide)?.implicit == nil }
        var problems = items.flatMap(\.issues)
        let inTree = Set(items.map(ObjectIdentifier.init))
        let constraints = items.flatMap(\.installed).filter { $0.isActive && !$0.isInvalid && $0.from != nil }
            .sorted { $0.activationOrder < $1.activationOrder }

        var w = JSONWriter(capacity: 256 + 160 * (views.count + constraints.count))
        w.beginObject()
        w.field("direction", root.layoutDirection.rawValue)
        w.key("views")
        w.beginArray()
        for item in views { writeView(item, &w, &problems) }
        w.endArray()
        w.key("constraints")
        w.beginArray()
        var entries: [(id: String, constraint: Constraint)] = []
        for (k, c) in constraints.enumerated() {
            let id = "c\(k + 1)"
            if let problem = check(c, id: id, inTree: inTree) { problems.append(problem); continue }
            if c.isSplit {
                for member in c.layoutConstraints {
                    let memberID = id + "_" + member.firstAttributeName
                    writeMember(member, of: c, id: memberID, &w)
                    entries.append((memberID, c))
                }
            } else {
                writeWhole(c, id: id, &w)
                entries.append((id, c))
            }
        }
        w.endArray()
        w.endObject()
        guard problems.isEmpty else { return .failure(TrellisLayoutError(status: 422, problems: problems)) }
        return .success((w.bytes, DocumentContext(root: root, items: items, views: views, entries: entries)))
    }

    // MARK: views

    private static func writeView(_ item: LayoutConstraintItem, _ w: inout JSONWriter, _ problems: inout [TrellisLayoutProblem]) {
        w.beginObject()
        w.field("id", item.id)
        guard let view = item as? TrellisView else {
            if let owner = (item as? TrellisLayoutGuide)?.owningView { w.field("superview", owner.id) }
            w.field("kind", "guide")
            w.endObject()
            return
        }
        if let superview = view.superview { w.field("superview", superview.id) }
        if view.translatesAutoresizingMaskIntoConstraints {
            let f = view.frame
            if ![f.origin.x, f.origin.y, f.size.width, f.size.height].allSatisfy(\.isFinite) {
                problems.append(TrellisLayoutProblem(code: "out-of-range", message: "the frame of \(view.id) is not finite",
                                                     viewID: view.id))
            }
            w.key("frame")
            rect(f, &w)
        }
        switch view.margins {
        case .physical(let m) where m == TrellisEdgeInsets(all: 8): break
        case .physical(let m): w.key("margins"); insets(m, &w)
        case .directional(let d): w.key("margins"); directional(d, &w)
        }
        if view.safeAreaInsets != .zero { w.key("safeArea"); insets(view.safeAreaInsets, &w) }
        let size = view.intrinsicContentSize
        if size.width >= 0 || size.height >= 0 {
            w.key("intrinsicSize")
            w.beginObject()
            w.key("width"); if size.width >= 0 { w.number(Double(size.width)) } else { w.null() }
            w.key("height"); if size.height >= 0 { w.number(Double(size.height)) } else { w.null() }
            w.endObject()
        }
        if view.hugging != (.defaultLow, .defaultLow) {
            w.key("hugging"); axes(view.hugging.horizontal, view.hugging.vertical, &w)
        }
        if view.compression != (.defaultHigh, .defaultHigh) {
            w.key("compressionResistance"); axes(view.compression.horizontal, view.compression.vertical, &w)
        }
        if view.firstBaselineOffsetFromTop != nil || view.lastBaselineOffsetFromBottom != nil {
            w.key("baselines")
            w.beginObject()
            w.field("first", Double(view.firstBaselineOffsetFromTop ?? 0))
            w.field("last", Double(view.lastBaselineOffsetFromBottom ?? 0))
            w.endObject()
        }
        w.endObject()
    }

    // MARK: constraints

    /// What the document cannot say or the service would misread: items outside the tree
    /// (Auto Layout's "no common ancestor"), numbers that are not finite.
    private static func check(_ c: Constraint, id: String, inTree: Set<ObjectIdentifier>) -> TrellisLayoutProblem? {
        func problem(_ code: String, _ message: String) -> TrellisLayoutProblem {
            TrellisLayoutProblem(code: code, message: message, source: c.source, viewID: c.from?.id, constraintID: id)
        }
        if c.layoutConstraints.contains(where: { $0.secondAttribute != nil && $0.secondItem == nil }) {
            return problem("unknown-view", "\(c.describeChain()) relates to a view or guide that no longer exists")
        }
        for item in c.items where !inTree.contains(ObjectIdentifier(item)) {
            return problem("no-common-ancestor", "\(c.describeChain()) relates \(item.id), which is not in the tree of "
                           + "\(c.from?.id ?? "?") (add it to the same tree, or remove the constraint)")
        }
        if !c.multiplier.isFinite {
            return problem("bad-multiplier", "\(c.describeChain()) has a multiplier that is not finite (dividedBy(0)?)")
        }
        let numbers = c.constant.numbers + c.layoutConstraints.flatMap { $0.constantOverride?.numbers ?? [] }
        if !numbers.allSatisfy(\.isFinite) {
            return problem("out-of-range", "\(c.describeChain()) has a constant that is not finite")
        }
        return nil
    }

    /// The chain as written: one entry, composite attributes and all.
    private static func writeWhole(_ c: Constraint, id: String, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("id", id)
        w.field("view", c.from?.wireName ?? "")
        w.key("attributes"); names(c.fromAttributes.wireNames, &w)
        w.field("relation", c.relation.wire)
        w.key("to")
        if let target = c.targetItem {
            if c.targetAttributes == .none {
                w.string(target.wireName)
            } else {
                w.beginObject()
                w.field("view", target.wireName)
                w.key("attribute"); names(c.targetAttributes.wireNames, &w)
                w.endObject()
            }
            modifier(c.constant, &w)
        } else {
            constantTarget(c.constant, &w)
        }
        tail(c, multiplier: c.multiplier, priority: c.priority, &w)
    }

    /// One expanded attribute of a split chain, its second item and attribute spelled out.
    private static func writeMember(_ m: LayoutConstraint, of c: Constraint, id: String, _ w: inout JSONWriter) {
        let constant = m.constantOverride ?? c.constant
        w.beginObject()
        w.field("id", id)
        w.field("view", c.from?.wireName ?? "")
        w.field("attributes", m.firstAttributeName)
        w.field("relation", c.relation.wire)
        w.key("to")
        if c.hasTargetItem, let second = m.secondItem, let attribute = m.secondAttribute {
            w.beginObject()
            w.field("view", second.wireName)
            w.field("attribute", attribute.singleName)
            w.endObject()
            modifier(constant, &w)
        } else {
            // A constant target: the service resolves the superview and attribute as SnapKit did.
            constantTarget(constant, &w)
        }
        tail(c, multiplier: c.multiplier, priority: m.priority, &w)
    }

    private static func tail(_ c: Constraint, multiplier: Double, priority: Float, _ w: inout JSONWriter) {
        if multiplier != 1 { w.field("multiplier", multiplier) }
        if priority != 1000 { w.field("priority", Double(priority)) }
        if let label = c.label { w.field("label", label) }
        w.key("source")
        w.beginObject()
        w.field("file", c.source.file)
        w.field("line", c.source.line)
        w.endObject()
        w.endObject()
    }

    /// A constant beside an item target: `offset` for a number, `inset` for insets.
    private static func modifier(_ c: ConstantValue, _ w: inout JSONWriter) {
        switch c {
        case .scalar(let v): if v != 0 { w.field("offset", v) }
        case .insets(let i): w.key("inset"); insets(i, &w)
        case .directional(let d): w.key("inset"); directional(d, &w)
        case .point, .size: break  // only constant targets carry these (SnapKit's offset takes numbers)
        }
    }

    private static func constantTarget(_ c: ConstantValue, _ w: inout JSONWriter) {
        switch c {
        case .scalar(let v): w.number(v)
        case .point(let x, let y): w.beginObject(); w.field("x", x); w.field("y", y); w.endObject()
        case .size(let width, let height): w.beginObject(); w.field("width", width); w.field("height", height); w.endObject()
        case .insets(let i): insets(i, &w)
        case .directional(let d): directional(d, &w)
        }
    }

    // MARK: values

    private static func names(_ list: [String], _ w: inout JSONWriter) {
        if list.count == 1 { w.string(list[0]); return }
        w.beginArray(); for name in list { w.string(name) }; w.endArray()
    }

    private static func rect(_ r: CGRect, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("x", Double(r.origin.x)); w.field("y", Double(r.origin.y))
        w.field("width", Double(r.size.width)); w.field("height", Double(r.size.height))
        w.endObject()
    }

    private static func insets(_ i: TrellisEdgeInsets, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("top", Double(i.top)); w.field("left", Double(i.left))
        w.field("bottom", Double(i.bottom)); w.field("right", Double(i.right))
        w.endObject()
    }

    private static func directional(_ d: TrellisDirectionalEdgeInsets, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("top", Double(d.top)); w.field("leading", Double(d.leading))
        w.field("bottom", Double(d.bottom)); w.field("trailing", Double(d.trailing))
        w.endObject()
    }

    private static func axes(_ h: TrellisLayoutPriority, _ v: TrellisLayoutPriority, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("horizontal", Double(h.rawValue)); w.field("vertical", Double(v.rawValue))
        w.endObject()
    }
}
