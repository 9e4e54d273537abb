import Layout
import Testing
@testable import Layout

// Builders for specs in tests: SnapKit-like shorthand, no JSON involved.

let specLocation = RequestLocation(pointer: "/test", line: 1, column: 1)

func at(_ pointer: String) -> RequestLocation { RequestLocation(pointer: pointer, line: 1, column: 1) }

func view(_ id: String, in superview: String? = nil, frame: Rect? = nil, kind: ViewKind = .view,
          margins: InsetsSpec? = nil, safeArea: EdgeInsets? = nil,
          intrinsic: (Double?, Double?) = (nil, nil), hugging: AxisPriorities? = nil,
          compression: AxisPriorities? = nil, baselines: (Double, Double) = (0, 0),
          index: Int = 0) -> ViewSpec {
    var v = ViewSpec(id: id, location: at("/views/\(index)"))
    v.superview = superview
    v.frame = frame
    if frame != nil { v.frameLocation = at("/views/\(index)/frame") }
    v.kind = kind
    if let margins { v.margins = margins }
    if let safeArea { v.safeArea = safeArea }
    v.intrinsicWidth = intrinsic.0
    v.intrinsicHeight = intrinsic.1
    if intrinsic.0 != nil || intrinsic.1 != nil { v.intrinsicSizeLocation = at("/views/\(index)/intrinsicSize") }
    if let hugging { v.hugging = hugging }
    if let compression { v.compressionResistance = compression }
    v.firstBaseline = baselines.0
    v.lastBaseline = baselines.1
    return v
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

func ref(_ name: String) -> ItemRef {
    let parts = name.split(separator: ".").map(String.init)
    return ItemRef(view: parts[0], guide: parts.count > 1 ? GuideName(rawValue: parts[1]) : nil)
}

func attrs(_ names: String...) -> AttributeSet {
    names.reduce(AttributeSet()) { $0.union(AttributeSet(name: $1) ?? []) }
}

/// `item("v", "right")` = `v.snp.right`; `item("v")` = bare `v`.
func item(_ name: String, _ attributes: String...) -> ConstraintTarget {
    .item(.item(ref(name)), attributes.reduce(AttributeSet()) { $0.union(AttributeSet(name: $1) ?? []) })
}

func superview(_ attributes: String..., guide: GuideName? = nil) -> ConstraintTarget {
    .item(.superview(guide: guide), attributes.reduce(AttributeSet()) { $0.union(AttributeSet(name: $1) ?? []) })
}

func number(_ n: Double) -> ConstraintTarget { .constant(.scalar(n)) }

/// `make(first, "edges", .equal, target)` with modifiers as arguments.
func make(_ first: String?, _ attributes: AttributeSet, _ relation: Relation = .equal, _ target: ConstraintTarget,
          multiplier: Double = 1, offset: Double? = nil, inset: InsetValue? = nil, priority: Double = 1000,
          id: String? = nil, label: String? = nil, at location: RequestLocation = specLocation) -> ConstraintSpec {
    var c = ConstraintSpec(first: first.map(ref), attributes: attributes, target: target, location: location)
    c.relation = relation
    c.multiplier = multiplier
    if let offset { c.modifier = .offset(offset) }
    if let inset { c.modifier = .inset(inset) }
    c.priority = priority
    c.id = id
    c.label = label
    return c
}

func document(_ views: [ViewSpec], _ constraints: [ConstraintSpec] = [], direction: LayoutDirection = .ltr,
              strict: Bool = false) -> LayoutDocument {
    var d = LayoutDocument()
    d.direction = direction
    d.views = views.enumerated().map { i, v in var v = v; v.location = at("/views/\(i)"); return v }
    d.constraints = constraints
    d.strict = strict
    return d
}

func build(_ d: LayoutDocument) throws -> LiveLayout {
    switch LiveLayout.make(document: d) {
    case .success(let layout): return layout
    case .failure(let problem):
        Issue.record("document rejected: \(problem.errors.map { "\($0.code): \($0.message)" })")
        throw problem
    }
}

func errors(_ d: LayoutDocument) -> [LayoutError] {
    switch LiveLayout.make(document: d) {
    case .success: return []
    case .failure(let problem): return problem.errors
    }
}

func batch(_ ops: EditOpKind..., ifRevision: Int? = nil, strict: Bool = false) -> EditBatch {
    var b = EditBatch()
    b.ifRevision = ifRevision
    b.strict = strict
    b.ops = ops.enumerated().map { EditOp(kind: $1, location: at("/ops/\($0)")) }
    return b
}

extension LiveLayout {
    func frame(_ id: String, space: FrameSpace = .superview) -> Rect? { answer(space: space).frame(of: id) }

    @discardableResult
    func applyOK(_ b: EditBatch) throws -> LayoutAnswer {
        switch apply(b) {
        case .success(let answer): return answer
        case .failure(let problem):
            Issue.record("batch rejected: \(problem.errors.map { "\($0.code): \($0.message)" })")
            throw problem
        }
    }

    func applyFailing(_ b: EditBatch) -> LayoutProblem? {
        switch apply(b) {
        case .success: Issue.record("batch unexpectedly accepted"); return nil
        case .failure(let problem): return problem
        }
    }
}

/// A small standard tree: root (fixed 400x800) > sv (fixed 10,20,300,500) > me, v, v2, g (guide).
func standardTree(direction: LayoutDirection = .ltr) -> [ViewSpec] {
    [view("root", frame: rect(0, 0, 400, 800)),
     view("sv", in: "root", frame: rect(10, 20, 300, 500)),
     view("me", in: "sv"), view("v", in: "sv"), view("v2", in: "sv"),
     view("g", in: "sv", kind: .guide),
     view("other")]
}

/// Compiles one spec against the standard tree.
func compile(_ spec: ConstraintSpec, direction: LayoutDirection = .ltr) -> Result<[CompiledConstraint], CompileFailure> {
    guard case .success(let layout) = LiveLayout.make(document: document(standardTree(), direction: direction)) else {
        return .failure(CompileFailure(errors: []))
    }
    return layout.state.compiler.compile(spec)
}

func compiled(_ spec: ConstraintSpec, direction: LayoutDirection = .ltr) throws -> [CompiledConstraint] {
    switch compile(spec, direction: direction) {
    case .success(let list): return list
    case .failure(let failure):
        Issue.record("did not compile: \(failure.errors.map { "\($0.code): \($0.message)" })")
        throw failure
    }
}

func compileErrors(_ spec: ConstraintSpec, direction: LayoutDirection = .ltr) -> [ErrorCode] {
    switch compile(spec, direction: direction) {
    case .success: return []
    case .failure(let failure): return failure.errors.map(\.code)
    }
}

/// `me.left == v.right + 8`-style summaries of compiled constraints, for compact asserts.
func text(_ list: [CompiledConstraint]) -> [String] { list.map(ConstraintText.describe) }

func approx(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

func approx(_ a: Rect?, _ b: Rect) -> Bool {
    guard let a else { return false }
    return approx(a.x, b.x) && approx(a.y, b.y) && approx(a.width, b.width) && approx(a.height, b.height)
}

extension LayoutProblem: CustomStringConvertible {
    public var description: String { "\(status) \(errors.map { "\($0.code): \($0.message)" })" }
}
