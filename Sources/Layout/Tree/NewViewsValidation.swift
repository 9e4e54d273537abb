/// Checks views about to join the tree (a document's views, or an `addViews` op) and
/// puts them in an order where every superview comes before its subviews, since the
/// client may list them in any order.
extension ViewTree {
    /// Returns the views that can be placed (parents first) and every error found. The
    /// placeable views are returned even when there are errors, so that the rest of a
    /// failing request can still be checked against them.
    func validateNewViews(_ specs: [ViewSpec]) -> (ordered: [ViewSpec], errors: [LayoutError]) {
        var errors: [LayoutError] = []
        var batch: [String: ViewSpec] = [:]
        for spec in specs {
            if nodes[spec.id] != nil || batch[spec.id] != nil {
                errors.append(.init(code: "duplicate-id", message: "view id '\(spec.id)' is already taken",
                                    location: spec.location))
                continue
            }
            batch[spec.id] = spec
            errors += priorityErrors(spec)
        }
        for spec in specs where batch[spec.id] == spec {
            if let parent = spec.superview, nodes[parent] == nil, batch[parent] == nil {
                errors.append(.init(code: "unknown-view",
                                    message: "superview '\(parent)' of view '\(spec.id)' does not exist",
                                    location: spec.location))
            }
        }
        let (ordered, cycleErrors) = topologicalOrder(specs.filter { batch[$0.id] == $0 }, batch: batch)
        errors += cycleErrors
        return (ordered, errors)
    }

    private func priorityErrors(_ spec: ViewSpec) -> [LayoutError] {
        let priorities = [("hugging.horizontal", spec.hugging.horizontal), ("hugging.vertical", spec.hugging.vertical),
                          ("compressionResistance.horizontal", spec.compressionResistance.horizontal),
                          ("compressionResistance.vertical", spec.compressionResistance.vertical)]
        return priorities.compactMap { name, value in
            PriorityRange.contains(value) ? nil : LayoutError(
                code: "priority-out-of-range",
                message: "\(spec.id).\(name) is \(NumberFormat.string(value)); priorities lie in (0, 1000]",
                location: spec.location)
        }
    }

    /// Parents first. Views on a superview cycle (within the batch) are reported once per
    /// cycle and left out, together with anything hanging below them.
    private func topologicalOrder(_ specs: [ViewSpec], batch: [String: ViewSpec])
        -> ([ViewSpec], [LayoutError]) {
        enum Mark { case done, failed }
        var marks: [String: Mark] = [:]
        var ordered: [ViewSpec] = []
        var errors: [LayoutError] = []
        for spec in specs where marks[spec.id] == nil {
            // Walk up through not-yet-placed batch views.
            var path: [ViewSpec] = []
            var onPath = Set<String>()
            var current: ViewSpec? = spec
            var outcome = Mark.done
            while let view = current {
                if let mark = marks[view.id] { outcome = mark; break }
                if onPath.contains(view.id) {
                    let cycle = path.drop { $0.id != view.id }
                    let first = cycle.min { a, b in specs.firstIndex(of: a) ?? 0 < specs.firstIndex(of: b) ?? 0 }
                    errors.append(.init(code: "superview-cycle",
                                        message: "superview cycle: " + (cycle.map(\.id) + [view.id]).joined(separator: " -> "),
                                        location: (first ?? view).location))
                    outcome = .failed
                    break
                }
                path.append(view)
                onPath.insert(view.id)
                guard let parent = view.superview, let parentSpec = batch[parent] else { break }
                current = parentSpec
            }
            // Unknown superviews were reported already; those views are simply not placed.
            for view in path.reversed() {
                marks[view.id] = outcome
                if outcome == .done { ordered.append(view) }
            }
        }
        return (ordered, errors)
    }
}

/// The priority range of Auto Layout: (0, 1000], 1000 = required (SEMANTICS 5.2).
enum PriorityRange {
    static func contains(_ p: Double) -> Bool { p.isFinite && p > 0 && p <= 1000 }
}
