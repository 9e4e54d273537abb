/// Every code an error or a diagnostic carries: one row each, with the HTTP status of a
/// problem it leads and what it means. openapi.yaml's `ErrorCode` and `DiagnosticCode` lists
/// and docs/api.md's status table are checked against this table (ErrorCodeTableTests), so a
/// new code is one case here plus its row in `row`.
public enum ErrorCode: String, CaseIterable, Sendable, CustomStringConvertible {
    // Not JSON, not HTTP, not a route.
    case invalidJSON = "invalid-json"
    case badRequest = "bad-request"
    case notFound = "not-found"
    case unknownSession = "unknown-session"
    case methodNotAllowed = "method-not-allowed"
    case requestTimeout = "request-timeout"
    case revisionMismatch = "revision-mismatch"
    case tooLarge = "too-large"
    case unsupportedMediaType = "unsupported-media-type"
    case notImplemented = "not-implemented"
    case tooManyConnections = "too-many-connections"
    case draining
    case sessionOwnedElsewhere = "session-owned-elsewhere"
    case storeUnavailable = "store-unavailable"
    case internalError = "internal-error"
    // The request's form (the wire reader).
    case unknownField = "unknown-field"
    case wrongType = "wrong-type"
    case missingField = "missing-field"
    case missingTarget = "missing-target"
    case invalidID = "invalid-id"
    case duplicateID = "duplicate-id"
    case unknownAttribute = "unknown-attribute"
    case conflictingFields = "conflicting-fields"
    case conflictingConstants = "conflicting-constants"
    case mixedDirection = "mixed-direction"
    case priorityOutOfRange = "priority-out-of-range"
    case badMultiplier = "bad-multiplier"
    case outOfRange = "out-of-range"
    case expressionSyntax = "expression-syntax"
    case vflSyntax = "vfl-syntax"
    case vflOption = "vfl-option"
    case unknownMetric = "unknown-metric"
    // The request's meaning (the compiler and the live layout).
    case unknownView = "unknown-view"
    case unknownConstraint = "unknown-constraint"
    case superviewCycle = "superview-cycle"
    case multiAttributeMismatch = "multi-attribute-mismatch"
    case axisMismatch = "axis-mismatch"
    case noSuperview = "no-superview"
    case noCommonAncestor = "no-common-ancestor"
    case noMatchingConstraint = "no-matching-constraint"
    case tooComplex = "too-complex"
    case unsatisfiable
    case solverError = "solver-error"
    case noLogFound = "no-log-found"
    // Warnings: diagnostics only, never a problem.
    case ambiguous
    case negativeSize = "negative-size"
    case notReproduced = "not-reproduced"
    case unreadable

    /// Printed as on the wire.
    public var description: String { rawValue }

    /// The HTTP status of a problem whose first error has this code (413 `too-large` is
    /// also 431 for the request head); nil for a warning, which no problem carries.
    public var status: Int? { row.status }

    /// What the code means, as docs/api.md's table says it.
    public var meaning: String { row.meaning }

    private var row: (status: Int?, meaning: String) {
        switch self {
        case .invalidJSON: return (400, "not JSON, a number that overflows, duplicate member names")
        case .badRequest: return (400, "not HTTP/1.1; a `space` other than `root`")
        case .notFound: return (404, "unknown route")
        case .unknownSession: return (404, "no such session (never created, deleted, expired or evicted)")
        case .methodNotAllowed: return (405, "a known path with another method; with an `Allow` header")
        case .requestTimeout: return (408, "the request did not arrive in time")
        case .revisionMismatch: return (409, "`ifRevision` is not the session's revision")
        case .tooLarge: return (413, "body, views, constraints or nesting depth over a limit; 431 for the request head")
        case .unsupportedMediaType: return (415, "the body is not `application/json`")
        case .notImplemented: return (501, "a transfer coding other than `chunked`")
        case .tooManyConnections: return (503, "too many open connections; with `Retry-After`")
        case .draining: return (503, "`/readyz` during a graceful shutdown; with `Retry-After`")
        case .sessionOwnedElsewhere: return (503, "a fleet: another instance holds the session's lease, or took the session over while this edit ran (nothing applied); with `Retry-After`")
        case .storeUnavailable: return (503, "a fleet: the shared store (PostgreSQL) could not be reached; nothing applied; with `Retry-After`")
        case .internalError: return (500, "the server failed; nothing was changed")
        case .unknownField: return (422, "a field the object does not have")
        case .wrongType: return (422, "a value of the wrong type, or outside an enumeration")
        case .missingField: return (422, "a required field is absent")
        case .missingTarget: return (422, "a constraint without `to`")
        case .invalidID: return (422, "a malformed or reserved id")
        case .duplicateID: return (422, "an id given twice, or one the session already has")
        case .unknownAttribute: return (422, "no such attribute or composite")
        case .conflictingFields: return (422, "a field given twice (beside `expr`; `view` and `ids`)")
        case .conflictingConstants: return (422, "more than one of a constant `to`, `offset`, `inset`")
        case .mixedDirection: return (422, "left/right mixed with leading/trailing")
        case .priorityOutOfRange: return (422, "a priority outside (0, 1000]")
        case .badMultiplier: return (422, "a multiplier that is not finite, or a zero divisor")
        case .outOfRange: return (422, "a coordinate or constant beyond the limit, or a solution beyond 1e15")
        case .expressionSyntax: return (422, "an expression string that does not parse")
        case .vflSyntax: return (422, "a VFL line that does not parse (or a view where a spacing goes)")
        case .vflOption: return (422, "an unknown VFL option, a spacing option, or an alignment parallel to the line")
        case .unknownMetric: return (422, "a VFL name that is neither a metric nor, where one may stand, a view")
        case .unknownView: return (422, "no such view")
        case .unknownConstraint: return (422, "no such constraint id")
        case .superviewCycle: return (422, "views that are their own ancestors")
        case .multiAttributeMismatch: return (422, "several attributes related to other, non-identical ones")
        case .axisMismatch: return (422, "a horizontal attribute related to a vertical one")
        case .noSuperview: return (422, "`superview` on a view that has none")
        case .noCommonAncestor: return (422, "items in different trees")
        case .noMatchingConstraint: return (422, "an `update` that matches no installed constraint")
        case .tooComplex: return (422, "the solve budget ran out; nothing changed")
        case .unsatisfiable: return (422, "required constraints that cannot hold together (an error under `strict`)")
        case .solverError: return (422, "the solver refused a constraint")
        case .noLogFound: return (422, "`/v1/explain`: no Auto Layout log in the paste (empty, or its list redacted as `<private>`)")
        case .ambiguous: return (nil, "views whose frames are not unique among the optimal layouts")
        case .negativeSize: return (nil, "a view solved to a negative width or height")
        case .notReproduced: return (nil, "`/v1/explain`: the logged constraints hold together on their own (the list is partial)")
        case .unreadable: return (nil, "`/v1/explain`: a line of the paste that could not be read")
        }
    }
}
