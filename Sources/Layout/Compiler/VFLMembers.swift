/// The constraints a VFL line makes, as Apple's parser makes them (docs/semantics.md §6.6):
/// left to right, the leading connection, then each view's predicates and the connection after
/// it, then the trailing edge, then the alignments (each adjacent pair, options in attribute
/// order). Spacing `-` is 8 between siblings and 20 to the superview.
extension VFLLine {
    static let siblingSpacing = 8.0, superviewSpacing = 20.0

    /// The constraints as specs of their own, ids `ID.1`, `ID.2`, ..., each located at the
    /// column of the piece that made it; every error at once.
    func members(of entry: ConstraintSpec, metrics documentMetrics: [String: Double], in tree: ViewTree)
        -> (members: [ConstraintSpec], errors: [LayoutError]) {
        // Names as items with their slots (a lean build keeps no index of names): the line's
        // own, found when it was read, and the superviews `|` stands for.
        var superviews: [String: Int] = [:]
        func ref(_ name: String) -> ItemRef { ItemRef(view: name, slot: slots[name] ?? superviews[name] ?? -1) }
        var errors: [LayoutError] = []
        var out: [ConstraintSpec] = []
        func at(_ column: Int) -> RequestLocation { location(column, entry: entry.location) }
        func fail(_ code: ErrorCode, _ message: String, _ column: Int) {
            errors.append(LayoutError(code: code, message: message, location: at(column), source: entry.source))
        }
        func metric(_ name: String) -> Double? { metrics[name] ?? documentMetrics[name] }
        let knownMetrics = Array(Set(metrics.keys).union(documentMetrics.keys)).sorted()

        for v in parsed.views where !tree.contains(ref(v.name)) {
            fail(.unknownView, "view '\(v.name)' does not exist" + tree.viewHint(v.name), v.column)
        }
        // The attributes along the line, and the sign of a spacing on them.
        let direction = options.first { $0.alignment == nil } ?? .directionLeadingToTrailing
        let lead: Attribute, tail: Attribute, length: Attribute
        var sign = 1.0
        if parsed.vertical {
            (lead, tail, length) = (.top, .bottom, .height)
        } else {
            switch direction {
            case .directionLeftToRight: (lead, tail, length) = (.left, .right, .width)
            case .directionRightToLeft: (lead, tail, length) = (.right, .left, .width); sign = -1
            default: (lead, tail, length) = (.leading, .trailing, .width)
            }
        }

        /// `first.a (rel) second.b + constant` at `priority`, made at `column`; with a spacing
        /// whose direction is reversed (right to left), the relation turns around.
        func add(_ first: String, _ a: Attribute, _ relation: Relation, _ second: String?, _ b: Attribute?,
                 multiplier: Double = 1, constant: Double, priority: Double, column: Int, spacing: Bool) {
            var rel = relation
            var c = constant
            if spacing && sign < 0 {
                c = -c
                rel = relation == .lessThanOrEqual ? .greaterThanOrEqual : relation == .greaterThanOrEqual ? .lessThanOrEqual : .equal
            }
            let target: ConstraintTarget = second.map { .item(.item(ref($0)), AttributeSet(b ?? a)) } ?? .constant(.scalar(c))
            var spec = ConstraintSpec(first: ref(first), attributes: AttributeSet(a), target: target, location: at(column))
            spec.relation = rel
            spec.multiplier = multiplier
            if second != nil, c != 0 { spec.modifier = .offset(c) }
            spec.priority = priority
            spec.label = entry.label
            spec.source = entry.source
            spec.active = entry.active
            spec.id = "\(entry.id ?? "").\(out.count + 1)"
            out.append(spec)
        }
        /// A predicate's constant and priority (metrics resolved); nil after an error.
        func value(_ v: VFLValue, spacing: Bool) -> Double? {
            switch v {
            case .number(let n): return n
            case .name(let name, let column):
                if let m = metric(name) { return m }
                if spacing, tree.contains(ref(name)) {
                    fail(.vflSyntax, "'\(name)' is a view; a spacing between dashes is a number or a metric", column)
                } else {
                    fail(.unknownMetric, "'\(name)' is not a metric" + Suggestion.hint(for: name, among: knownMetrics)
                             + (knownMetrics.isEmpty ? " (give \"metrics\": {\"\(name)\": ...} in the entry or the document)" : ""), column)
                }
                return nil
            }
        }
        func priority(_ p: VFLPredicate) -> Double? {
            guard let given = p.priority else { return 1000 }
            guard let v = value(given, spacing: false) else { return nil }
            guard v > 0 && v <= 1000 else {
                fail(.priorityOutOfRange, "priority must be in (0, 1000], found \(NumberFormat.string(v))", p.column)
                return nil
            }
            return v
        }
        func superview(of view: String, bar: Int) -> String? {
            guard tree.contains(ref(view)) else { return nil }
            if let s = tree.superviewItem(of: ref(view)) { superviews[s.view] = tree.slot(of: s); return s.view }
            fail(.noSuperview, "Unable to interpret '|' character, because the related view doesn't have a superview: '\(view)' has none", bar)
            return nil
        }
        /// A connection's constraints: `later.lead (rel) earlier.tail + N`, or against the superview.
        func connect(_ connection: VFLConnection, standard: Double, make: (Relation, Double, Double, Int) -> Void) {
            switch connection {
            case .flush(let column): make(.equal, 0, 1000, column)
            case .standard(let column): make(.equal, standard, 1000, column)
            case .predicates(let list):
                for p in list {
                    guard let n = value(p.object, spacing: true), let pr = priority(p) else { continue }
                    make(p.relation, n, pr, p.column)
                }
            }
        }

        let views = parsed.views
        if let (bar, connection) = parsed.leading, let first = views.first, let s = superview(of: first.name, bar: bar) {
            connect(connection, standard: Self.superviewSpacing) { rel, n, pr, column in
                add(first.name, lead, rel, s, lead, constant: n, priority: pr, column: column, spacing: true)
            }
        }
        for (k, v) in views.enumerated() {
            for p in v.predicates {
                guard let pr = priority(p) else { continue }
                switch p.object {
                case .name(let name, _) where metric(name) == nil && tree.contains(ref(name)):
                    add(v.name, length, p.relation, name, length, constant: 0, priority: pr, column: p.column, spacing: false)
                default:
                    guard let n = value(p.object, spacing: false) else { continue }
                    add(v.name, length, p.relation, nil, nil, constant: n, priority: pr, column: p.column, spacing: false)
                }
            }
            if k < parsed.connections.count {
                let next = views[k + 1]
                connect(parsed.connections[k], standard: Self.siblingSpacing) { rel, n, pr, column in
                    add(next.name, lead, rel, v.name, tail, constant: n, priority: pr, column: column, spacing: true)
                }
            }
        }
        if let (bar, connection) = parsed.trailing, let last = views.last, let s = superview(of: last.name, bar: bar) {
            connect(connection, standard: Self.superviewSpacing) { rel, n, pr, column in
                add(s, tail, rel, last.name, tail, constant: n, priority: pr, column: column, spacing: true)
            }
        }
        let alignments = VFLOption.allCases.filter { options.contains($0) }.compactMap(\.alignment)
        for k in views.indices.dropLast() {
            for attribute in alignments {
                add(views[k].name, attribute, .equal, views[k + 1].name, attribute, constant: 0, priority: 1000,
                    column: views[k + 1].column, spacing: false)
            }
        }
        return (out, errors)
    }
}
