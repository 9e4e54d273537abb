/// The constraints a VFL line makes, as Apple's parser makes them (docs/semantics.md §6.6):
/// left to right, the leading connection, then each view's predicates and the connection after
/// it, then the trailing edge, then the alignments (each adjacent pair, options in attribute
/// order). Spacing `-` is 8 between siblings and 20 to the superview.
extension VFLLine {
    static let siblingSpacing = 8.0, superviewSpacing = 20.0

    /// The constraints as specs of their own, in order (they become `ID.1`, `ID.2`, ...),
    /// each located at the column of the piece that made it; every error at once.
    func members(of entry: ConstraintSpec, metrics documentMetrics: [String: Double], in tree: ViewTree)
        -> (members: [ConstraintSpec], errors: [LayoutError]) {
        var errors: [LayoutError] = []
        var out: [ConstraintSpec] = []
        out.reserveCapacity(3 * parsed.views.count + 2)
        func at(_ column: Int) -> RequestLocation { location(column, entry: entry.location) }
        func fail(_ code: ErrorCode, _ message: String, _ column: Int) {
            errors.append(LayoutError(code: code, message: message, location: at(column), source: entry.source))
        }
        func metric(_ name: String) -> Double? {
            if metrics.isEmpty && documentMetrics.isEmpty { return nil }
            return metrics[name] ?? documentMetrics[name]
        }
        var knownMetrics: [String] { Array(Set(metrics.keys).union(documentMetrics.keys)).sorted() }  // for errors only

        // The views as items with their slots (found when the line was read: a lean build keeps
        // no index of names).
        let views = parsed.views
        let items = views.map { ItemRef(view: $0.name, slot: $0.slot) }
        for (k, v) in views.enumerated() where !tree.contains(items[k]) {
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
        func add(_ first: ItemRef, _ a: Attribute, _ relation: Relation, _ second: ItemRef?, _ b: Attribute?,
                 constant: Double, priority: Double, column: Int, spacing: Bool) {
            var rel = relation
            var c = constant
            if spacing && sign < 0 {
                c = -c
                rel = relation == .lessThanOrEqual ? .greaterThanOrEqual : relation == .greaterThanOrEqual ? .lessThanOrEqual : .equal
            }
            let target: ConstraintTarget
            var modifier = ConstantModifier.none
            if let second {
                target = .item(.item(second), AttributeSet(b ?? a))
                if c != 0 { modifier = .offset(c) }
            } else {
                target = .constant(.scalar(c))
            }
            out.append(ConstraintSpec(id: nil, first: first, attributes: AttributeSet(a), relation: rel, target: target,
                                      multiplier: 1, modifier: modifier, priority: priority, label: entry.label,
                                      source: entry.source, location: at(column), active: entry.active))
        }
        /// A predicate's constant and priority (metrics resolved); nil after an error.
        func value(_ v: VFLValue, spacing: Bool) -> Double? {
            switch v {
            case .number(let n): return n
            case .name(let name, let slot, let column):
                if let m = metric(name) { return m }
                if spacing, tree.contains(ItemRef(view: name, slot: slot)) {
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
        func superview(of k: Int, bar: Int) -> ItemRef? {
            guard tree.contains(items[k]) else { return nil }
            if let s = tree.superviewItem(of: items[k]) { return s }
            fail(.noSuperview, "Unable to interpret '|' character, because the related view doesn't have a superview: '\(views[k].name)' has none", bar)
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

        if let (bar, connection) = parsed.leading, !views.isEmpty, let s = superview(of: 0, bar: bar) {
            connect(connection, standard: Self.superviewSpacing) { rel, n, pr, column in
                add(items[0], lead, rel, s, lead, constant: n, priority: pr, column: column, spacing: true)
            }
        }
        for (k, v) in views.enumerated() {
            for p in v.predicates {
                guard let pr = priority(p) else { continue }
                switch p.object {
                case .name(let name, let slot, _) where metric(name) == nil && tree.contains(ItemRef(view: name, slot: slot)):
                    add(items[k], length, p.relation, ItemRef(view: name, slot: slot), length, constant: 0, priority: pr,
                        column: p.column, spacing: false)
                default:
                    guard let n = value(p.object, spacing: false) else { continue }
                    add(items[k], length, p.relation, nil, nil, constant: n, priority: pr, column: p.column, spacing: false)
                }
            }
            if k < parsed.connections.count {
                connect(parsed.connections[k], standard: Self.siblingSpacing) { rel, n, pr, column in
                    add(items[k + 1], lead, rel, items[k], tail, constant: n, priority: pr, column: column, spacing: true)
                }
            }
        }
        if let (bar, connection) = parsed.trailing, !views.isEmpty, let s = superview(of: views.count - 1, bar: bar) {
            connect(connection, standard: Self.superviewSpacing) { rel, n, pr, column in
                add(s, tail, rel, items[views.count - 1], tail, constant: n, priority: pr, column: column, spacing: true)
            }
        }
        if options.contains(where: { $0.alignment != nil }) {
            let alignments = VFLOption.allCases.filter { options.contains($0) }.compactMap(\.alignment)
            for k in views.indices.dropLast() {
                for attribute in alignments {
                    add(items[k], attribute, .equal, items[k + 1], attribute, constant: 0, priority: 1000,
                        column: views[k + 1].column, spacing: false)
                }
            }
        }
        return (out, errors)
    }
}
