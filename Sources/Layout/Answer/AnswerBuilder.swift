import Cassowary

/// An answer as a layout stands at one moment, taken cheaply: the solved values and the
/// view tree are shared, not copied. A session takes it under its lock and reads the frames
/// out of it (`answer`) after letting go, so requests for the same session wait only for
/// the edit itself.
public struct AnswerSnapshot: @unchecked Sendable {  // the tree is an immutable value copy
    let revision: Int
    let tree: ViewTree
    let values: SolvedValues
    /// Unsatisfiable and ambiguous diagnostics (negative sizes come from the frames).
    let diagnostics: [Diagnostic]
    public let stats: LayoutStats

    /// The answer: frames of every view in view order, diagnostics, stats.
    public func answer(space: FrameSpace = .superview) -> LayoutAnswer {
        let frames = self.frames(space: space)
        var diagnostics = self.diagnostics
        if let negative = LiveLayout.negativeSizeDiagnostic(frames) { diagnostics.append(negative) }
        return LayoutAnswer(revision: revision, frames: frames, diagnostics: diagnostics, stats: stats)
    }

    /// The frames in superview space, read from the values where they are.
    var superviewFrames: SnapshotFrames {
        SnapshotFrames(order: tree.order, variables: tree.orderedVariables, values: values)
    }

    func frames(space: FrameSpace) -> [ViewFrame] {
        let source = superviewFrames
        var frames: [ViewFrame] = []
        frames.reserveCapacity(source.count)
        for i in 0..<source.count {
            let r = source.rect(i)
            frames.append(ViewFrame(id: source.id(i), frame: r.cleaned))
        }
        guard space == .root else { return frames }
        // Absolute origins: a view's plus its superview's, memoised (views may be listed
        // before their superviews).
        var index: [String: Int] = [:]
        index.reserveCapacity(frames.count)
        for (i, frame) in frames.enumerated() { index[frame.id] = i }
        var done = [Bool](repeating: false, count: frames.count)
        for start in frames.indices where !done[start] {
            var chain: [Int] = []
            var current: Int? = start
            while let i = current, !done[i] {
                chain.append(i)
                current = tree[frames[i].id]?.superview.flatMap { index[$0] }
            }
            var origin = current.map { (x: frames[$0].frame.x, y: frames[$0].frame.y) } ?? (x: 0, y: 0)
            for i in chain.reversed() {
                frames[i].frame.x = NumberFormat.clean(frames[i].frame.x + origin.x)
                frames[i].frame.y = NumberFormat.clean(frames[i].frame.y + origin.y)
                origin = (frames[i].frame.x, frames[i].frame.y)
                done[i] = true
            }
        }
        return frames
    }
}

/// A snapshot's frames in superview space: the ids shared with the tree, the rectangles
/// read from the solved values in one pass (an answer's writer and its negative-size check
/// both read every frame), as the solver has them: readers clean them (`FrameList`).
struct SnapshotFrames: FrameList {
    let order: [String]
    let rects: [Rect]

    init(order: [String], variables: [FrameVariables], values: SolvedValues) {
        self.order = order
        // Written in place: a hundred appends, each checking room and uniqueness, cost more
        // than the reads.
        rects = values.withReader { value in
            variables.withUnsafeBufferPointer { variables in
                [Rect](unsafeUninitializedCapacity: variables.count) { rects, initialized in
                    guard let base = rects.baseAddress else { return }
                    for (k, v) in variables.enumerated() {
                        (base + k).initialize(to: Rect(x: value[v.x], y: value[v.y], width: value[v.width], height: value[v.height]))
                    }
                    initialized = variables.count
                }
            }
        }
    }

    var count: Int { min(order.count, rects.count) }
    func id(_ i: Int) -> String { order[i] }
    func rect(_ i: Int) -> Rect { rects[i] }
    var sharedIDs: [String]? { order }
}

extension LiveLayout {
    /// The current answer: frames of every view in view order, diagnostics, stats.
    public func answer(space: FrameSpace = .superview) -> LayoutAnswer {
        snapshot().answer(space: space)
    }

    /// The layout as it now stands, for an answer read later (see `AnswerSnapshot`).
    public func snapshot() -> AnswerSnapshot {
        var diagnostics = unsatisfiableDiagnostics()
        if let ambiguous = ambiguityDiagnostic() { diagnostics.append(ambiguous) }
        return AnswerSnapshot(revision: state.revision, tree: state.tree, values: solver.solvedValues(),
                              diagnostics: diagnostics,
                              stats: LayoutStats(views: state.tree.count, constraints: state.entryCount + (activity.leanBuild?.entries ?? 0),
                                                 solveMicros: lastSolveMicros))
    }

    /// Every view's frame as the layout now stands, as an answer gives them (`space`), without
    /// diagnostics: what `?frames=changed` compares an edit's answer with.
    public func framesNow(space: FrameSpace) -> FramesBefore {
        let now = AnswerSnapshot(revision: state.revision, tree: state.tree, values: solver.solvedValues(), diagnostics: [],
                                 stats: LayoutStats(views: 0, constraints: 0, solveMicros: 0))
        return space == .superview ? FramesBefore(rects: now.superviewFrames) : FramesBefore(frames: now.frames(space: space))
    }

    /// One `ambiguous` warning listing every view whose frame is not unique among the
    /// optimal layouts, or nil.
    func ambiguityDiagnostic() -> Diagnostic? {
        let ambiguous = ambiguousVariables()
        guard !ambiguous.isEmpty else { return nil }
        // An ambiguous layout stays ambiguous in the same frames through most edits (each
        // answer of a session of such a screen carries the warning): the same variables of
        // the same views say the same thing.
        if let kept = ambiguityWarning, kept.version == structureVersion, kept.views == state.tree.order,
           kept.variables == ambiguous { return kept.diagnostic }
        var views: [ViewAttributes] = []
        let order = state.tree.order
        for (k, v) in state.tree.orderedVariables.enumerated() where k < order.count {
            var attributes: [String] = []
            if ambiguous.contains(v.x) { attributes.append("x") }
            if ambiguous.contains(v.y) { attributes.append("y") }
            if ambiguous.contains(v.width) { attributes.append("width") }
            if ambiguous.contains(v.height) { attributes.append("height") }
            if !attributes.isEmpty { views.append(ViewAttributes(id: order[k], attributes: attributes)) }
        }
        let names = views.map(\.id).joined(separator: ", ")
        let diagnostic = Diagnostic(severity: .warning, code: .ambiguous,
                                    message: "the layout does not determine every frame uniquely: \(names)", views: views)
        ambiguityWarning = (structureVersion, state.tree.order, ambiguous, diagnostic)
        return diagnostic
    }

    /// Whether the last ambiguity result still holds: computed since the last change of
    /// enforced constraints and of the solver's optimal face (a pivot, or a row reaching or
    /// leaving zero). Edits that only move constants (update, setFrame: the hot path) and
    /// leave the face alone reuse it, so they stay as cheap as a constant change.
    var isAmbiguityCurrent: Bool {
        guard let cache = ambiguityCache else { return false }
        return cache.version == structureVersion && cache.face == solver.faceVersion
    }

    /// The frame variables not unique among the optimal layouts.
    func ambiguousVariables() -> Set<Variable> {
        if let cache = ambiguityCache, isAmbiguityCurrent { return cache.variables }
        var variables: [Variable] = []
        variables.reserveCapacity(state.tree.count * 4)
        for v in state.tree.orderedVariables {
            variables.append(v.x); variables.append(v.y); variables.append(v.width); variables.append(v.height)
        }
        let result = solver.ambiguous(variables)
        ambiguityCache = (structureVersion, solver.faceVersion, result)
        return result
    }

    static func negativeSizeDiagnostic<Frames: FrameList>(_ frames: Frames) -> Diagnostic? {
        var views: [ViewAttributes] = []
        for i in 0..<frames.count {
            let r = frames.rect(i)
            // Cleaned values decide (a width of -1e-9 is a 0 in the answer); only a
            // negative raw one can clean to a negative.
            let width = r.width < 0 && NumberFormat.clean(r.width) < 0
            let height = r.height < 0 && NumberFormat.clean(r.height) < 0
            guard width || height else { continue }
            views.append(ViewAttributes(id: frames.id(i), attributes: (width ? ["width"] : []) + (height ? ["height"] : [])))
        }
        guard !views.isEmpty else { return nil }
        return Diagnostic(severity: .warning, code: .negativeSize,
                          message: "negative sizes: " + views.map(\.id).joined(separator: ", "), views: views)
    }
}

/// The frames a layout had before an edits batch (`framesNow`), for `?frames=changed`: in
/// superview space, the raw rectangles in view order (cleaned when compared); otherwise the
/// answer's frames.
public struct FramesBefore: Sendable {
    let rects: SnapshotFrames?
    let frames: [ViewFrame]?
    init(rects: SnapshotFrames) { self.rects = rects; frames = nil }
    init(frames: [ViewFrame]) { rects = nil; self.frames = frames }
}

extension Rect {
    /// The frame as answers give it (`NumberFormat.clean` on each number).
    var cleaned: Rect {
        Rect(x: NumberFormat.clean(x), y: NumberFormat.clean(y), width: NumberFormat.clean(width), height: NumberFormat.clean(height))
    }
}
