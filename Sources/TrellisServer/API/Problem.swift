import Layout

/// Where an error stands in the request body (docs/api.md §3, `location`): the Layout
/// module's own location type, so nothing is converted on the way out.
public typealias ProblemLocation = RequestLocation

extension RequestLocation {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("pointer", .string(pointer)), ("line", .int(line)), ("column", .int(column)),
        ]
        if let exprColumn { members.append(("exprColumn", .int(exprColumn))) }
        return .object(members)
    }
}

/// One entry of a problem's `errors`: a diagnostic with severity "error".
public struct ProblemError: Equatable, Sendable {
    public var code: ErrorCode
    public var message: String
    public var location: ProblemLocation?
    /// Further members written after the standard ones (`constraints`, `broken` of an
    /// unsatisfiable diagnostic under `strict`).
    public var extra: [(String, JSONValue)]

    public init(code: ErrorCode, message: String, location: ProblemLocation? = nil, extra: [(String, JSONValue)] = []) {
        self.code = code; self.message = message; self.location = location; self.extra = extra
    }

    public static func == (a: ProblemError, b: ProblemError) -> Bool { a.json == b.json }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("severity", .string("error")), ("code", .string(code.rawValue)), ("message", .string(message)),
        ]
        if let location { members.append(("location", location.json)) }
        members.append(contentsOf: extra)
        return .object(members)
    }
}

/// An RFC 9457 problem (`application/problem+json`): type, title, status, detail,
/// instance, and `errors`, every error found (at least one: a problem made with none
/// is answered with one generic error for its status, never a trap).
public struct Problem: Error, Equatable, Sendable {
    public static let mediaType = "application/problem+json"

    public var status: Int
    public var title: String
    public var detail: String?
    /// The request path; the handler fills it in when empty.
    public var instance: String?
    public var errors: [ProblemError]

    public init(status: Int, errors: [ProblemError], title: String? = nil, detail: String? = nil, instance: String? = nil) {
        self.status = status
        self.errors = errors.isEmpty ? [Problem.fallbackError(status: status)] : errors
        self.title = title ?? HTTPStatus.reason(status)
        self.detail = detail
        self.instance = instance
    }

    /// A problem with a single error.
    public init(status: Int, code: ErrorCode, message: String, location: ProblemLocation? = nil) {
        self.init(status: status, errors: [ProblemError(code: code, message: message, location: location)])
    }

    /// `errors`, or the generic error when someone emptied it after `init`.
    private var listedErrors: [ProblemError] { errors.isEmpty ? [Problem.fallbackError(status: status)] : errors }

    /// The error a problem lists when it was given none.
    static func fallbackError(status: Int) -> ProblemError {
        ProblemError(code: status >= 500 ? .internalError : .badRequest, message: HTTPStatus.reason(status))
    }

    /// `urn:trellis:problem:<code of the first error>`.
    public var type: String { "urn:trellis:problem:" + listedErrors[0].code.rawValue }

    public var json: JSONValue {
        let errors = listedErrors
        var members: [(String, JSONValue)] = [
            ("type", .string(type)), ("title", .string(title)), ("status", .int(status)),
        ]
        let summary = detail ?? (errors.count == 1 ? errors[0].message : "\(errors.count) errors in the request")
        members.append(("detail", .string(summary)))
        if let instance { members.append(("instance", .string(instance))) }
        members.append(("errors", .array(errors.map(\.json))))
        return .object(members)
    }

    public func encoded() -> [UInt8] { json.encoded() }

    // The problems the server itself raises.

    public static func notFound(path: String) -> Problem {
        Problem(status: 404, code: .notFound, message: "no route for \(path)")
    }
    public static func unknownSession(_ id: String) -> Problem {
        Problem(status: 404, code: .unknownSession, message: "no session \(id) (never created, deleted, expired or evicted)")
    }
    public static func methodNotAllowed(method: String, allow: [String]) -> Problem {
        Problem(status: 405, code: .methodNotAllowed,
                message: "\(method) is not allowed here; allowed: \(allow.joined(separator: ", "))")
    }
    public static func unsupportedMediaType(_ contentType: String?, expected: MediaType.Body = .json) -> Problem {
        let hint = expected == .text ? " (curl: --data-binary @log.txt -H 'Content-Type: text/plain')" : ""
        return Problem(status: 415, code: .unsupportedMediaType,
                       message: "the body must be \(expected.name) (UTF-8); got \(contentType.map { "'\($0)'" } ?? "no Content-Type")" + hint)
    }
    public static func tooLarge(_ message: String) -> Problem {
        Problem(status: 413, code: .tooLarge, message: message)
    }
    public static func badRequest(_ message: String) -> Problem {
        Problem(status: 400, code: .badRequest, message: message)
    }
    public static func internalError(_ message: String) -> Problem {
        Problem(status: 500, code: .internalError, message: message)
    }
}
