/// What a solve answers (docs/api.md §3), as plain values; the wire layer encodes it.
public struct LayoutAnswer: Equatable, Sendable {
    /// The session revision (1 after creation, +1 per successful batch).
    public var revision: Int
    /// Every view and explicit guide, in view order.
    public var frames: [ViewFrame]
    public var diagnostics: [Diagnostic]
    public var stats: LayoutStats

    public init(revision: Int, frames: [ViewFrame], diagnostics: [Diagnostic], stats: LayoutStats) {
        self.revision = revision; self.frames = frames; self.diagnostics = diagnostics; self.stats = stats
    }

    /// The frame of one view, if it exists (linear search: for tests and small tools).
    public func frame(of id: String) -> Rect? { frames.first { $0.id == id }?.frame }
}

/// Frames in view order, as the answer writer reads them: an answer's array, or a
/// session's snapshot read in place. Rectangles may hold solver values as they are
/// (rounding noise included): whoever writes or judges them cleans them first
/// (`NumberFormat.clean`, which leaves clean values as they are).
protocol FrameList {
    var count: Int { get }
    func id(_ i: Int) -> String
    func rect(_ i: Int) -> Rect
    /// The ids in order as one array shared with the view tree, when there is one: a
    /// memo that still holds that very array knows the ids without reading them.
    var sharedIDs: [String]? { get }
}

extension Array: FrameList where Element == ViewFrame {
    func id(_ i: Int) -> String { self[i].id }
    func rect(_ i: Int) -> Rect { self[i].frame }
    var sharedIDs: [String]? { nil }
}

public struct ViewFrame: Equatable, Sendable {
    public var id: String
    public var frame: Rect
    public init(id: String, frame: Rect) { self.id = id; self.frame = frame }
}

/// Which coordinate space frames are given in: the superview's (like `UIView.frame`),
/// or absolute (`?space=root`).
public enum FrameSpace: Sendable { case superview, root }

public struct LayoutStats: Equatable, Sendable {
    public var views: Int
    /// Expanded constraints installed, user and implicit, broken ones included.
    public var constraints: Int
    /// Time spent building or editing (compiling plus solving) for this answer.
    public var solveMicros: Int
    public init(views: Int, constraints: Int, solveMicros: Int) {
        self.views = views; self.constraints = constraints; self.solveMicros = solveMicros
    }
}

public enum Severity: String, Sendable { case error, warning }

/// One diagnostic. Codes: `unsatisfiable` (error: `constraints` is an irreducible
/// conflicting set, the broken one last; `broken` the ones not enforced), `ambiguous`
/// (warning: `views`), `negative-size` (warning: `views` with a negative width/height).
public struct Diagnostic: Equatable, Sendable {
    public var severity: Severity
    public var code: ErrorCode
    public var message: String
    public var constraints: [ConstraintReference]
    public var broken: [ConstraintReference]
    /// View id -> frame attributes among `x`, `y`, `width`, `height`, in view order.
    public var views: [ViewAttributes]
    /// `unsatisfiable`: why its members cannot hold together, with the numbers
    /// (`ConflictExplanation`), and what would resolve it.
    public var explanation: String?
    public var suggestions: [String]

    public init(severity: Severity, code: ErrorCode, message: String, constraints: [ConstraintReference] = [],
                broken: [ConstraintReference] = [], views: [ViewAttributes] = [],
                explanation: String? = nil, suggestions: [String] = []) {
        self.severity = severity; self.code = code; self.message = message
        self.constraints = constraints; self.broken = broken; self.views = views
        self.explanation = explanation; self.suggestions = suggestions
    }
}

public struct ViewAttributes: Equatable, Sendable {
    public var id: String
    public var attributes: [String]
    public init(id: String, attributes: [String]) { self.id = id; self.attributes = attributes }
}

/// A constraint as diagnostics name it: its id and first attribute (which together pick
/// one expanded constraint), the client's label and source, a SnapKit-style description
/// with names rather than addresses (docs/semantics.md §8.1), and where it stands in the request
/// that introduced it.
public struct ConstraintReference: Equatable, Sendable {
    public var id: String
    public var attribute: String
    public var label: String?
    public var description: String
    public var source: SourceLocation?
    public var location: RequestLocation?
    // Made with the memberwise initializer, as one value (see `LayoutError`).
}

/// One installed expanded constraint, for inspection (GET tooling, tests).
public struct InstalledConstraint: Equatable, Sendable {
    public var id: String
    public var constraint: CompiledConstraint
    public var isBroken: Bool
}
