import Cassowary

extension LiveLayout {
    /// The current answer: frames of every view in view order, diagnostics, stats.
    public func answer(space: FrameSpace = .superview) -> LayoutAnswer {
        let frames = self.frames(space: space)
        var diagnostics = unsatisfiableDiagnostics()
        if let ambiguous = ambiguityDiagnostic() { diagnostics.append(ambiguous) }
        if let negative = negativeSizeDiagnostic(frames) { diagnostics.append(negative) }
        return LayoutAnswer(revision: state.revision, frames: frames, diagnostics: diagnostics,
                            stats: LayoutStats(views: state.tree.count, constraints: state.entries.count,
                                               solveMicros: lastSolveMicros))
    }

    func frames(space: FrameSpace) -> [ViewFrame] {
        let tree = state.tree
        var relative: [String: Rect] = [:]
        relative.reserveCapacity(tree.count)
        for id in tree.order {
            guard let v = tree[id]?.variables else { continue }
            relative[id] = Rect(x: NumberFormat.clean(solver.value(v.x)), y: NumberFormat.clean(solver.value(v.y)),
                                width: NumberFormat.clean(solver.value(v.width)),
                                height: NumberFormat.clean(solver.value(v.height)))
        }
        guard space == .root else {
            return tree.order.compactMap { id in relative[id].map { ViewFrame(id: id, frame: $0) } }
        }
        var absolute: [String: Rect] = [:]
        absolute.reserveCapacity(tree.count)
        func resolve(_ id: String) -> Rect? {
            if let known = absolute[id] { return known }
            // Walk up to a known (or root) ancestor, then come back down adding offsets.
            var chain: [String] = []
            var current: String? = id
            while let c = current, absolute[c] == nil {
                chain.append(c)
                current = tree[c]?.superview
            }
            var origin = current.flatMap { absolute[$0] }.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
            for c in chain.reversed() {
                guard var r = relative[c] else { return nil }
                r.x = NumberFormat.clean(r.x + origin.x)
                r.y = NumberFormat.clean(r.y + origin.y)
                absolute[c] = r
                origin = (r.x, r.y)
            }
            return absolute[id]
        }
        return tree.order.compactMap { id in resolve(id).map { ViewFrame(id: id, frame: $0) } }
    }

    /// One `ambiguous` warning listing every view whose frame is not unique among the
    /// optimal layouts, or nil.
    func ambiguityDiagnostic() -> Diagnostic? {
        let tree = state.tree
        var variables: [Variable] = []
        variables.reserveCapacity(tree.count * 4)
        for id in tree.order { if let node = tree[id] { variables += node.variables.all } }
        let ambiguous = solver.ambiguous(variables)
        guard !ambiguous.isEmpty else { return nil }
        var views: [ViewAttributes] = []
        for id in tree.order {
            guard let v = tree[id]?.variables else { continue }
            let attributes = zip(["x", "y", "width", "height"], v.all).filter { ambiguous.contains($0.1) }.map(\.0)
            if !attributes.isEmpty { views.append(ViewAttributes(id: id, attributes: attributes)) }
        }
        let names = views.map(\.id).joined(separator: ", ")
        return Diagnostic(severity: .warning, code: "ambiguous",
                          message: "the layout does not determine every frame uniquely: \(names)", views: views)
    }

    func negativeSizeDiagnostic(_ frames: [ViewFrame]) -> Diagnostic? {
        let views = frames.compactMap { f -> ViewAttributes? in
            let attributes = [("width", f.frame.width), ("height", f.frame.height)].filter { $0.1 < 0 }.map(\.0)
            return attributes.isEmpty ? nil : ViewAttributes(id: f.id, attributes: attributes)
        }
        guard !views.isEmpty else { return nil }
        return Diagnostic(severity: .warning, code: "negative-size",
                          message: "negative sizes: " + views.map(\.id).joined(separator: ", "), views: views)
    }
}
