import Foundation

/// A place in the caller's code: what SnapKit's relations capture (`#fileID`, `#line`).
public struct TrellisSourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file; self.line = line; self.column = column
    }

    /// `file:line` (`file:line:column` with a column).
    public var description: String { "\(file):\(line)" + (column.map { ":\($0)" } ?? "") }
}

/// What `layout()` tells besides the frames: conflicts (with the `file:line` of each
/// member), ambiguity and other warnings, as the service's diagnostics say them.
public struct LayoutReport: Equatable, CustomStringConvertible {
    /// Every view's and added guide's frame by id, in its superview's coordinates.
    public var frames: [String: CGRect]
    /// Unsatisfiable required constraints, one per independent conflict.
    public var conflicts: [LayoutConflict]
    /// View id -> the frame attributes (`x`, `y`, `width`, `height`) that are not unique.
    public var ambiguousViews: [String: [String]]
    /// Every diagnostic of the answer, in order (conflicts and ambiguity included).
    public var diagnostics: [LayoutDiagnostic]
    /// Views and guides laid out; expanded constraints enforced, implicit ones included.
    public var viewCount: Int
    public var constraintCount: Int
    /// The conflicts as Auto Layout logs them (also printed to stderr); "" without any.
    public var conflictLog: String
    /// The constraints behind the ids, for `constraint(for:)`; not compared.
    var handles: [String: WeakConstraint] = [:]

    public var hasAmbiguousLayout: Bool { !ambiguousViews.isEmpty }

    public func frame(of view: TrellisView) -> CGRect? { frames[view.id] }

    /// The `Constraint` a conflict member stands for (nil for implicit constraints such
    /// as a fixed frame or an intrinsic size).
    public func constraint(for member: ConflictMember) -> Constraint? { handles[member.id]?.value }

    public static func == (a: LayoutReport, b: LayoutReport) -> Bool {
        a.frames == b.frames && a.conflicts == b.conflicts && a.ambiguousViews == b.ambiguousViews
            && a.diagnostics == b.diagnostics && a.viewCount == b.viewCount && a.constraintCount == b.constraintCount
            && a.conflictLog == b.conflictLog
    }

    public var description: String {
        var lines = ["\(viewCount) views, \(constraintCount) constraints"]
        lines += diagnostics.map { "\($0.severity): \($0.code): \($0.message)" }
        return lines.joined(separator: "\n")
    }
}

struct WeakConstraint {
    weak var value: Constraint?
}

/// One diagnostic as the service answers it.
public struct LayoutDiagnostic: Equatable, Sendable {
    /// `error` or `warning`.
    public var severity: String
    /// `unsatisfiable`, `ambiguous`, `negative-size`, ...
    public var code: String
    public var message: String
    /// View id -> attributes, for `ambiguous` and `negative-size`.
    public var views: [String: [String]]
}

/// Required constraints that cannot all hold: an irreducible set (drop any member and the
/// rest hold), and the member Auto Layout-style recovery broke (the newest).
public struct LayoutConflict: Equatable, Sendable {
    public var message: String
    public var members: [ConflictMember]
    public var broken: [ConflictMember]
    /// Why they cannot hold, with the numbers.
    public var explanation: String?
    public var suggestions: [String]
}

/// One expanded constraint named in a conflict.
public struct ConflictMember: Equatable, Sendable {
    /// The document id (`c3`; `c3_top` for one attribute of a split chain; `root.frame.width`
    /// and the like for implicit constraints).
    public var id: String
    /// Its first attribute (which, with the id, picks one expanded constraint).
    public var attribute: String
    public var label: String?
    /// SnapKit-style, with view ids: `title.width == 500`.
    public var description: String
    /// Where the chain's relation was written; nil for implicit constraints.
    public var source: TrellisSourceLocation?

    /// A fixed frame, an intrinsic size's hugging or compression: not made through `snp`.
    public var isImplicit: Bool { source == nil }
}

/// Why `layout()` refused the tree: every problem found, as the service lists them (422),
/// or a misuse of the DSL that SnapKit would trap on.
public struct TrellisLayoutError: Error, Equatable, CustomStringConvertible {
    /// The HTTP status the service gives (422 for an invalid layout).
    public var status: Int
    public var problems: [TrellisLayoutProblem]

    public init(status: Int, problems: [TrellisLayoutProblem]) {
        self.status = status; self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One problem, with the caller's `file:line` where a constraint is at fault.
public struct TrellisLayoutProblem: Equatable, Sendable, CustomStringConvertible {
    /// A kebab-case code of the service's (`multi-attribute-mismatch`, `axis-mismatch`,
    /// `no-matching-constraint`, `invalid-id`, ...).
    public var code: String
    public var message: String
    /// The relation call of the constraint at fault.
    public var source: TrellisSourceLocation?
    /// Where in the generated document (`/constraints/3/to`), when the service found it.
    public var pointer: String?
    /// The view the problem is about (the from item's for a constraint).
    public var viewID: String?
    /// The document id of the constraint at fault.
    public var constraintID: String?

    public init(code: String, message: String, source: TrellisSourceLocation? = nil, pointer: String? = nil,
                viewID: String? = nil, constraintID: String? = nil) {
        self.code = code; self.message = message; self.source = source
        self.pointer = pointer; self.viewID = viewID; self.constraintID = constraintID
    }

    /// `File.swift:12: error: message [code]`, as a compiler would say it.
    public var description: String {
        (source.map { "\($0): " } ?? "") + "error: \(message) [\(code)]"
    }
}
