/// One thing wrong with a request, with where it stands. A request gets all of them
/// at once (docs/api.md §5), never just the first.
public struct LayoutError: Error, Equatable, Sendable {
    /// kebab-case code from docs/api.md §5 (`unknown-field`, `expression-syntax`, ...).
    public var code: ErrorCode
    public var message: String
    public var location: RequestLocation?
    /// For `unsatisfiable` under `strict`: the diagnostic's irreducible conflicting set
    /// (the broken constraint last) and the constraints broken, as in an answer's
    /// diagnostics (docs/api.md §3). Empty for every other error.
    public var constraints: [ConstraintReference] = []
    public var broken: [ConstraintReference] = []
    /// The caller's own `file:line` of the constraint the error is about, when it gave one.
    public var source: SourceLocation? = nil
    // Made with the memberwise initializer, as one value: an initializer of our own would set
    // the fields of a `self` on the stack, then copy it out and destroy it.
}

/// A whole request refused: the HTTP status it maps to and every error found.
public struct LayoutProblem: Error, Equatable, Sendable {
    public var status: Int
    public var title: String
    /// The errors listed: the first `LayoutProblem.listedErrors` found.
    public var errors: [LayoutError]
    /// How many errors were found in all (at least `errors.count`).
    public var errorCount: Int
    public init(status: Int, title: String, errors: [LayoutError], errorCount: Int? = nil) {
        self.status = status; self.title = title
        self.errors = errors.count > Self.listedErrors ? Array(errors.prefix(Self.listedErrors)) : errors
        self.errorCount = max(errorCount ?? errors.count, self.errors.count)
    }

    /// A problem lists at most this many errors (and counts the rest), so that a request
    /// full of mistakes costs what its first hundred do to report.
    public static let listedErrors = 100
}
