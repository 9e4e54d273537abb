/// One thing wrong with a request, with where it stands. A request gets all of them
/// at once (CONTRACT section 5), never just the first.
public struct LayoutError: Error, Equatable, Sendable {
    /// kebab-case code from CONTRACT section 5 (`unknown-field`, `expression-syntax`, ...).
    public var code: String
    public var message: String
    public var location: RequestLocation?
    public init(code: String, message: String, location: RequestLocation?) {
        self.code = code; self.message = message; self.location = location
    }
}

/// A whole request refused: the HTTP status it maps to and every error found.
public struct LayoutProblem: Error, Equatable, Sendable {
    public var status: Int
    public var title: String
    public var errors: [LayoutError]
    public init(status: Int, title: String, errors: [LayoutError]) {
        self.status = status; self.title = title; self.errors = errors
    }
}
