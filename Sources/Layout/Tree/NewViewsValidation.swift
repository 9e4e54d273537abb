/// Checks views about to join the tree (a document's views, or an `addViews` op) and
/// puts them in an order where every superview comes before its subviews, since the
/// client may list them in any order.
extension ViewTree {
    /// Returns the views that can be placed (parents first) and every error found. The
    /// placeable views are returned even when there are errors, so that the rest of a
    /// failing request can still be checked against them.
    func validateNewViews(_ specs: [ViewSpec]) -> (ordered: [ViewSpec], errors: [LayoutError]) {
        if isPlaceableAsListed(specs) { return (specs, []) }
        var errors: [LayoutError] = []
        /// id -> index in `specs` of the view that took it (the first one).
        var batch: [String: Int] = [:]
        batch.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            if contains(spec.id) || batch[spec.id] != nil {
                errors.append(.init(code: .duplicateID, message: "view id '\(spec.id)' is already taken",
                                    location: spec.location))
                continue
            }
            batch[spec.id] = i
            if !Self.prioritiesInRange(spec.hugging, spec.compressionResistance) { errors += priorityErrors(spec) }
        }
        var unplaceable: [String] = []
        // The views that count: the one that took each id, and any exact copy of it.
        var kept: [Int] = []
        kept.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            guard let j = batch[spec.id], j == i || specs[j] == spec else { continue }
            if spec.kind == .guide && spec.superview == nil {
                // A layout guide belongs to a view (UILayoutGuide.owningView): never a root.
                errors.append(.init(code: .noSuperview,
                                    message: "layout guide '\(spec.id)' has no superview; give it the view that owns it",
                                    location: spec.location))
                unplaceable.append(spec.id)
                continue
            }
            kept.append(i)
            if let parent = spec.superview, !contains(parent), batch[parent] == nil, !unplaced.contains(parent) {
                let hint = suggestions.take() ? Suggestion.hint(for: parent, among: specs.lazy.map(\.id) + order) : ""
                errors.append(.init(code: .unknownView,
                                    message: "superview '\(parent)' of view '\(spec.id)' does not exist" + hint,
                                    location: spec.location))
            }
        }
        // A view under a guide that could not be placed cannot be placed either (and is
        // not reported again): drop it from `batch` so its walk up stops there.
        for id in unplaceable { batch[id] = nil }
        let (ordered, cycleErrors) = topologicalOrder(kept, of: specs, batch: batch)
        errors += cycleErrors
        return (ordered, errors)
    }

    /// The usual case, checked in one pass: every id new and listed once, every superview
    /// present or listed before its subviews, every priority in range. The list is then
    /// the order, and there is nothing to report.
    private func isPlaceableAsListed(_ specs: [ViewSpec]) -> Bool {
        var listed = Set<String>(minimumCapacity: specs.count)
        let treeIsEmpty = storage.isEmpty
        for spec in specs {
            guard Self.isPlaceableAlone(spec), treeIsEmpty || !contains(spec.id) else { return false }
            if let parent = spec.superview, !listed.contains(parent), treeIsEmpty || !contains(parent) { return false }
            guard listed.insert(spec.id).inserted else { return false }
        }
        return true
    }

    /// What a view must be, whatever the others: its priorities in range, and a guide under
    /// a view. (A lean build takes views as listed only if this holds for each.)
    static func isPlaceableAlone(_ spec: ViewSpec) -> Bool {
        withUnsafePointer(to: spec) { isPlaceableAlone(at: $0) }
    }

    /// `isPlaceableAlone` of the spec at `spec`, read where it stands (a lean build's document).
    @inline(__always)
    static func isPlaceableAlone(at spec: UnsafePointer<ViewSpec>) -> Bool {
        prioritiesInRange(spec.pointee.hugging, spec.pointee.compressionResistance)
            && (spec.pointee.kind != .guide || spec.pointee.superview != nil)
    }

    @inline(__always)
    private static func prioritiesInRange(_ hugging: AxisPriorities, _ compressionResistance: AxisPriorities) -> Bool {
        PriorityRange.contains(hugging.horizontal) && PriorityRange.contains(hugging.vertical)
            && PriorityRange.contains(compressionResistance.horizontal)
            && PriorityRange.contains(compressionResistance.vertical)
    }

    private func priorityErrors(_ spec: ViewSpec) -> [LayoutError] {
        let priorities = [("hugging.horizontal", spec.hugging.horizontal), ("hugging.vertical", spec.hugging.vertical),
                          ("compressionResistance.horizontal", spec.compressionResistance.horizontal),
                          ("compressionResistance.vertical", spec.compressionResistance.vertical)]
        return priorities.compactMap { name, value in
            PriorityRange.contains(value) ? nil : LayoutError(
                code: .priorityOutOfRange,
                message: "\(spec.id).\(name) is \(NumberFormat.string(value)); priorities lie in (0, 1000]",
                location: spec.location)
        }
    }

    /// Parents first. Views on a superview cycle (within the batch) are reported once per
    /// cycle and left out, together with anything hanging below them.
    /// `kept` indexes `all`; `batch` maps each id to the index of the view that took it.
    /// Marks are kept by that index (one per id), as the walk needs them per id.
    private func topologicalOrder(_ kept: [Int], of all: [ViewSpec], batch: [String: Int])
        -> ([ViewSpec], [LayoutError]) {
        enum Mark: UInt8 { case none, done, failed, onPath }
        var marks = [Mark](repeating: .none, count: all.count)
        var ordered: [ViewSpec] = []
        ordered.reserveCapacity(kept.count)
        var errors: [LayoutError] = []
        var path: [Int] = []  // indexes (into `all`) of the views walked through
        for k in kept {
            guard let start = batch[all[k].id], marks[start] == .none else { continue }
            // Walk up through not-yet-placed batch views.
            path.removeAll(keepingCapacity: true)
            var current: Int? = start
            var outcome = Mark.done
            while let i = current {
                if marks[i] == .done || marks[i] == .failed { outcome = marks[i]; break }
                if marks[i] == .onPath {
                    let view = all[i]
                    let cycle = path.drop { all[$0].id != view.id }
                    // The member listed first among the kept views.
                    let first = cycle.min { a, b in
                        (kept.firstIndex { all[$0] == all[a] } ?? 0) < (kept.firstIndex { all[$0] == all[b] } ?? 0)
                    }
                    errors.append(.init(code: .superviewCycle,
                                        message: "superview cycle: "
                                            + (cycle.map { all[$0].id } + [view.id]).joined(separator: " -> "),
                                        location: (first.map { all[$0] } ?? view).location))
                    outcome = .failed
                    break
                }
                path.append(i)
                marks[i] = .onPath
                guard let parent = all[i].superview, let parentIndex = batch[parent] else { break }
                current = parentIndex
            }
            // Unknown superviews were reported already; those views are simply not placed.
            for i in path.reversed() {
                marks[i] = outcome
                if outcome == .done { ordered.append(all[i]) }
            }
        }
        return (ordered, errors)
    }
}

/// The priority range of Auto Layout: (0, 1000], 1000 = required (docs/semantics.md §5.2).
enum PriorityRange {
    static func contains(_ p: Double) -> Bool { p.isFinite && p > 0 && p <= 1000 }
}
