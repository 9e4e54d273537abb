/// A one-shot's layout kept to answer the next document of the same structure (docs/api.md
/// §"Warm one-shots"): web frontends POST the same screen again and again with only numbers
/// changed (a window size, a text's measured size, a constant). Such a document is answered by
/// changing the kept solver's constants in place, as a session's `update` and `setFrame` do
/// (proven equal to fresh solves by the session differential tests), instead of a build.
///
/// What counts as structure: everything but the numbers a build turns into solver constants
/// (fixed frames, intrinsic sizes, constraint constants, offsets and insets). Views, tree,
/// attributes, relations, items, multipliers, priorities, ids, labels, margins, guides,
/// VFL lines and distribute entries must be equal, compared in full (`hasSameStructure`),
/// never by hash alone.
///
/// A warm answer is given only where it is the cold answer: an answer with a broken
/// constraint (whose diagnostics quote constants and request locations), an ambiguous one, or
/// any error is declined, and the caller solves the document cold.
///
/// Not thread-safe: one request at a time (`WarmLayouts` hands it out and takes it back).
public final class WarmLayout: @unchecked Sendable {
    let layout: LiveLayout
    /// The document whose numbers the layout holds now.
    private var document: LayoutDocument
    /// The registry id of each of the document's constraints, in document order; nil for an
    /// entry that made several constraints of its own (distribute, VFL: kept equal).
    private let ids: [String?]
    /// The tree slot of each of the document's views, in document order (-1: none). A warm
    /// layout's views never change, so neither do their slots.
    private let viewSlots: [Int]
    /// `LayoutDocument.structureHash` of `document`.
    public let structureHash: Int
    /// The body `document` was read from, and its number tokens, each checked to hold the
    /// value its role says (nil: no body kept, and no `retarget(body:)`).
    private var body: (bytes: [UInt8], tokens: NumberTokens)?
    /// The arrays `retarget(body:)` fills, kept with their room from one request to the next
    /// (one request at a time holds a warm layout): made afresh, they were six allocations a
    /// request.
    private var scratch = RetargetScratch()
    /// A refused change left the layout between documents: it answers nothing more.
    public private(set) var isSpoiled = false
    /// The text of the numbers of the answers given (`WarmAnswer.encoded`): most numbers of
    /// the next answer are the same.
    private let memo = FrameTextMemo()
    /// The views of the document it holds (a server solves big layouts off its event loops).
    public var viewCount: Int { layout.state.tree.count }
    /// `ScannedBody.skeletonHash` of the body kept, if any.
    public var skeletonHash: Int? { body?.tokens.skeletonHash }
    /// About what the kept layout costs in memory, for the cache's bound, erring high: the
    /// layout and the document it keeps, as `trellis-bench memory` measures them resident
    /// (a 13-view card screen 62 + 25 KB, a 122-view list 567 + 159 KB, one view under
    /// 16,000 bounds 17.3 + 4.7 MB: about 1.1 KB a solver constraint, 0.3 KB a document
    /// constraint, 1.5 KB a view), plus the body kept, its tokens (40 bytes each) and the room
    /// `scratch` keeps for them (32 bytes a token).
    public var estimatedBytes: Int {
        layoutBytes + (body.map { $0.bytes.count + 72 * $0.tokens.spans.count } ?? 0)
    }
    private let layoutBytes: Int

    /// `layoutBytes` of a layout of `views` views and `entries` solver entries holding a
    /// document of `constraints` constraints (the figures measured above), with the memo of
    /// its answers' number texts.
    private static func layoutBytes(views: Int, entries: Int, constraints: Int) -> Int {
        8192 + (1536 + FrameTextMemo.bytesPerFrame) * views + 1152 * entries + 320 * constraints
    }

    /// The least `estimatedBytes` a layout of `document` kept with `bodyBytes` of body can
    /// have (its entries are at least its constraints): known before building it.
    public static func leastBytes(of document: LayoutDocument, bodyBytes: Int) -> Int {
        let n = document.constraints.count
        return layoutBytes(views: document.views.count, entries: n, constraints: n) + bodyBytes
    }

    /// Builds the layout of `document` in full (the form edits work on); nil when the document
    /// is refused, or when its constraints cannot be matched with the registry's descriptions.
    public static func make(document: LayoutDocument, body: [UInt8]? = nil, seconds: Double = LayoutLimits.standard.solveSeconds,
                            stop: (@Sendable () -> Bool)? = nil) -> WarmLayout? {
        guard case .success(let layout) = LiveLayout.make(document: document, seconds: seconds, stop: stop) else { return nil }
        // A fresh build registers one description per plain constraint, in document order.
        let plain = layout.state.registry.ungroupedIDsInOrder
        var ids: [String?] = []
        ids.reserveCapacity(document.constraints.count)
        var next = 0
        for spec in document.constraints {
            guard spec.distribution == nil && spec.vfl == nil else { ids.append(nil); continue }
            guard next < plain.count else { return nil }
            ids.append(plain[next])
            next += 1
        }
        guard next == plain.count else { return nil }
        layout.compactStorage()
        let warm = WarmLayout(layout: layout, document: document, ids: ids)
        if let body { warm.keep(body: body) }
        return warm
    }

    /// Keeps `bytes` (the body `document` was read from) and its number tokens, if every
    /// token with a role holds the value the document has there: proof that the roles
    /// name the right views and constraints.
    private func keep(body bytes: [UInt8]) {
        body = nil
        guard let tokens = bytes.withUnsafeBytes({ NumberTokens($0) }) else { return }
        let consistent = bytes.withUnsafeBufferPointer { p -> Bool in
            guard let base = p.baseAddress else { return false }
            for (k, role) in tokens.roles.enumerated() where role != .other {
                var failAt = 0
                let span = tokens.spans[k]
                guard let (value, _) = try? JSONNumber.scan(base, span.lowerBound, span.upperBound, failAt: &failAt),
                      document.value(at: role) == value else { return false }
            }
            return true
        }
        if consistent { body = (bytes, tokens) }
    }

    private init(layout: LiveLayout, document: LayoutDocument, ids: [String?]) {
        self.layout = layout
        self.document = document
        self.ids = ids
        viewSlots = document.views.map { layout.state.tree.slot($0.id) ?? -1 }
        structureHash = document.structureHash
        layoutBytes = Self.layoutBytes(views: layout.state.tree.count, entries: layout.state.entryCount,
                                       constraints: document.constraints.count)
    }

    /// The answer of the document it holds now.
    public func answer(space: FrameSpace = .superview) -> LayoutAnswer { layout.answer(space: space) }

    /// Whether `other` has the structure of the document held (compared in full).
    public func matches(_ other: LayoutDocument) -> Bool { document.hasSameStructure(as: other) }

    public enum Outcome {
        /// The answer of the new document, equal to its cold answer.
        case answered(WarmAnswer)
        /// Not answered here: solve it cold. The layout still holds a document of its structure.
        case declined
    }

    /// Answers `new` (which `matches`; read from `body`, if given) by changing the numbers
    /// that differ, in place, as one atomic batch: a refused batch puts everything back.
    public func retarget(to new: LayoutDocument, body newBody: [UInt8]? = nil, space: FrameSpace = .superview,
                         seconds: Double = LayoutLimits.standard.solveSeconds,
                         stop: (@Sendable () -> Bool)? = nil) -> Outcome {
        guard !isSpoiled, let plan = plan(to: new) else { return .declined }
        let (outcome, applied) = run(plan, new, space: space, seconds: seconds, stop: stop)
        if applied { if let newBody { keep(body: newBody) } else { body = nil } }
        return outcome
    }

    /// Answers a body that differs from the kept one in number tokens alone, without reading
    /// it: the kept document with those numbers patched in. Nil when that is not so (a token
    /// of another role changed, a value out of `limits`, or no body kept): read it then.
    public func retarget(body newBody: [UInt8], limits: LayoutLimits, space: FrameSpace = .superview,
                         seconds: Double = LayoutLimits.standard.solveSeconds,
                         stop: (@Sendable () -> Bool)? = nil) -> Outcome? {
        guard !isSpoiled, let body else { return nil }
        // The arrays of the last request, emptied with their room kept; put back on the way out.
        var s = RetargetScratch()
        swap(&s, &scratch)
        // Emptied on the way out: the plan's ids and specs are not kept until the next request.
        defer { s.clear(); swap(&s, &scratch) }
        guard newBody.withUnsafeBytes({ new in
            body.bytes.withUnsafeBytes { old in body.tokens.changes(from: old, to: new, into: &s.changed, spans: &s.spans) }
        }) else { return nil }
        // The new document is the kept one patched in place: taken out, so that its arrays are
        // not copied whole (every view, for one changed number); on the way out it is back,
        // patched if the batch ran, as it was otherwise (each patched element restored).
        var new = LayoutDocument()
        swap(&new, &document)
        // A view's numbers are put back as they were; a constraint is put back whole (its
        // modifier is not a number alone).
        var savedConstraints: [(Int, ConstraintSpec)] = []
        defer { document = new }
        func unpatched() -> Outcome? {
            for (role, number) in s.savedNumbers.reversed() { new.restoreViewNumber(number, at: role) }
            for (c, spec) in savedConstraints.reversed() { new.constraints[c] = spec }
            return nil
        }
        for (token, value) in s.changed {
            let role = body.tokens.roles[token]
            switch role {
            case .frame, .intrinsic: if let old = new.value(at: role) { s.savedNumbers.append((role, old)) }
            case .to(let c), .offset(let c), .inset(let c):
                if s.constraints.last != c && new.constraints.indices.contains(c) { savedConstraints.append((c, new.constraints[c])) }
            case .other: break
            }
            guard CoordinateRange.contains(value, within: limits.maxCoordinate), new.setValue(value, at: role) else { return unpatched() }
            switch role {
            case .frame(let v, _): if s.views.last != v { s.views.append(v) }
            case .intrinsic(let v, let axis):
                guard viewSlots.indices.contains(v), viewSlots[v] >= 0 else { return unpatched() }
                s.plan.sizes.append(IntrinsicSizeChange(slot: viewSlots[v], axis: axis, size: value))
            case .to(let c), .offset(let c), .inset(let c): if s.constraints.last != c { s.constraints.append(c) }
            case .other: return unpatched()
            }
        }
        for v in s.views {
            guard let frame = new.views[v].frame else { return unpatched() }
            s.plan.frames.append((new.views[v].id, v, frame, new.views[v].frameLocation))
        }
        for c in s.constraints {
            guard let change = constantChange(c, new.constraints[c]) else { return unpatched() }
            s.plan.constraints.append(change)
        }
        let (outcome, applied) = run(s.plan, new, space: space, seconds: seconds, stop: stop)
        if applied {
            // The new spans in, the old ones out to the scratch (unshared once `body` goes).
            var tokens = body.tokens
            swap(&tokens.spans, &s.spans)
            self.body = (newBody, tokens)
        }
        return outcome
    }

    /// Runs `plan` as one batch; whether it was applied (the layout holds `new` now). The
    /// batch records no undo steps (they cost more than the changes): a refused one spoils
    /// the layout instead, which the cache then lets go.
    private func run(_ plan: NewNumbers, _ new: LayoutDocument, space: FrameSpace, seconds: Double,
                     stop: (@Sendable () -> Bool)?) -> (Outcome, applied: Bool) {
        layout.recordsUndo = false
        defer { layout.recordsUndo = true }
        let result = layout.runBatch(strict: new.strict, seconds: seconds, stop: stop) { plan.apply(to: $0) }
        guard case .success(let snapshot) = result else {
            isSpoiled = true
            return (.declined, false)
        }
        document = new
        // A broken constraint's diagnostic quotes its constant and where it stands in the
        // request, which the kept descriptions may not have as this request has them; where
        // the layout is ambiguous, an edited solver may settle on another of the equally good
        // layouts than a fresh build (docs/sessions.md). Both are answered cold.
        guard snapshot.diagnostics.isEmpty else { return (.declined, true) }
        return (.answered(WarmAnswer(snapshot: snapshot, space: space, memo: memo)), true)
    }

    /// What changes, worked out before anything does; nil when a change cannot be made in place.
    private func plan(to new: LayoutDocument) -> NewNumbers? {
        guard new.views.count == document.views.count, new.constraints.count == document.constraints.count else { return nil }
        var plan = NewNumbers()
        for (v, (old, view)) in zip(document.views, new.views).enumerated() {
            if let frame = view.frame, frame != old.frame { plan.frames.append((view.id, v, frame, view.frameLocation)) }
            for axis in SizeAxis.allCases {
                let size = axis == .width ? view.intrinsicWidth : view.intrinsicHeight
                let before = axis == .width ? old.intrinsicWidth : old.intrinsicHeight
                guard let size, size != before, ViewSpec.installsIntrinsic(size) else { continue }
                guard viewSlots.indices.contains(v), viewSlots[v] >= 0 else { return nil }
                plan.sizes.append(IntrinsicSizeChange(slot: viewSlots[v], axis: axis, size: size))
            }
        }
        for (k, (old, spec)) in zip(document.constraints, new.constraints).enumerated()
        where old.target != spec.target || old.modifier != spec.modifier {
            guard let change = constantChange(k, spec) else { return nil }
            plan.constraints.append(change)
        }
        return plan
    }

    /// Constraint `k` given as `spec`: its new constants, when it compiles to constraints
    /// that differ from the installed ones in their constants alone.
    private func constantChange(_ k: Int, _ spec: ConstraintSpec) -> (id: String, spec: ConstraintSpec, constants: [Double])? {
        guard ids.indices.contains(k), let id = ids[k], let installed = layout.state.registry[id],
              case .success(let members) = layout.state.compiler.compile(spec, defaultFirst: nil),
              members.count == installed.expanded.count,
              zip(members, installed.expanded).allSatisfy({ $0.hasSameUpdateKey(as: $1.compiled) })
        else { return nil }
        return (id, spec, members.map(\.constant))
    }
}

/// What `WarmLayout.retarget(body:)` works in: the changed tokens, the new spans, the numbers
/// to put back, the views and constraints touched, the plan.
private struct RetargetScratch {
    var changed: [(token: Int, value: Double)] = []
    var spans: [Range<Int>] = []
    var savedNumbers: [(NumberRole, Double)] = []
    var views: [Int] = [], constraints: [Int] = []
    var plan = NewNumbers()

    /// Empty, with the room kept (`changes(from:to:into:spans:)` empties its own two on entry).
    mutating func clear() {
        savedNumbers.removeAll(keepingCapacity: true)
        views.removeAll(keepingCapacity: true)
        constraints.removeAll(keepingCapacity: true)
        plan.frames.removeAll(keepingCapacity: true)
        plan.sizes.removeAll(keepingCapacity: true)
        plan.constraints.removeAll(keepingCapacity: true)
    }
}

/// The numbers a warm one-shot changes, and how each is changed in place (as `setFrame`, an
/// intrinsic size's constant, `set` of a constraint's constant). A view's place in the
/// document is where the tree most likely keeps it (`ViewTree.slot(_:hint:)`).
private struct NewNumbers {
    var frames: [(view: String, place: Int, frame: Rect, location: RequestLocation?)] = []
    var sizes: [IntrinsicSizeChange] = []
    var constraints: [(id: String, spec: ConstraintSpec, constants: [Double])] = []

    func apply(to layout: LiveLayout) -> [LayoutError] {
        var errors: [LayoutError] = []
        for f in frames { errors += layout.setFrame(f.frame, of: f.view, at: f.location, viewHint: f.place) }
        if !sizes.isEmpty {
            do { try layout.changeIntrinsicSizes(sizes) } catch { errors.append(error) }
        }
        for c in constraints {
            guard let description = layout.state.registry[c.id] else { continue }
            do {
                for (k, constant) in c.constants.enumerated() { _ = try layout.setUserConstant(constant, id: c.id, index: k) }
            } catch {
                errors.append(error)
            }
            // The description says what is installed again: the new spec, as written.
            let oldStored = description.stored, wasEdited = description.edited, id = c.id
            layout.state.registry.restate(id: id, as: StoredSpec(c.spec, group: nil))
            layout.recordUndo { layout in
                layout.state.registry.restate(id: id, as: oldStored)
                if wasEdited { layout.state.registry.markEdited(id: id) }
            }
        }
        return errors
    }
}
