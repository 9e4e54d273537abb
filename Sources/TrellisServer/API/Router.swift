// The API's routes as two tables (docs/api.md §4): the paths, and the endpoints on them.
// Matching, `Allow` headers, CORS preflights, metrics labels and the body and `space` checks
// all derive from these rows; each endpoint's handler is in TrellisApp+Endpoints.swift.

/// A path template; `unmatched` stands for every unknown path (a metrics label).
public enum Route: Int, CaseIterable, Sendable {
    case layouts, sessions, session, edits, explain, health, ready, metrics, openapi, apiDocs, playground, playgroundAsset, unmatched

    /// By position: the path template (`{name}` is one non-empty segment).
    private static let templates: [String] = [
        "/v1/layouts", "/v1/sessions", "/v1/sessions/{id}", "/v1/sessions/{id}/edits", "/v1/explain", "/healthz", "/readyz",
        "/metrics", "/openapi.yaml", "/docs", "/", "/playground/{file}", "unmatched",
    ]

    public var template: String { Route.templates[rawValue] }

    /// The endpoints on this path.
    public var endpoints: [Endpoint] { Endpoint.allCases.filter { $0.route == self } }

    /// The endpoint of this path for `method`, if it has one.
    public func endpoint(for method: String) -> Endpoint? {
        // HEAD is GET without the body (RFC 9110 9.3.2): the HTTP layer drops the body.
        let method = method == "HEAD" ? "GET" : method
        return Endpoint.byRoute[rawValue].first { $0.method == method }
    }

    /// The `Allow` header's methods: the path's methods (HEAD wherever GET is), then OPTIONS.
    public var allowedMethods: [String] {
        let methods = endpoints.map(\.method)
        return methods + (methods.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]
    }

    /// Each template's segments, for matching without allocating.
    fileprivate static let compiled: [(route: Route, segments: [Segment])] = allCases.compactMap { route in
        guard route != .unmatched else { return nil }
        let parts = route.template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return (route, parts.map { $0.hasPrefix("{") ? .parameter : .literal(Array($0.utf8)) })
    }

    fileprivate enum Segment {
        case literal([UInt8])
        /// `{id}` or `{file}`: any non-empty segment.
        case parameter
    }
}

/// Every operation of the API, one row each in `rows`.
public enum Endpoint: Int, CaseIterable, Sendable {
    case solveLayout, createSession, getSession, deleteSession, editSession, explainLog, health, ready, metrics, openapi
    /// The spec as a page a person reads (`GET /docs`).
    case apiDocs
    /// The playground page (`GET /`) and its scripts and styles (`GET /playground/{file}`).
    case playground, playgroundAsset

    struct Row {
        let method: String
        let route: Route
        /// Whether it reads a body, which must then be within the limit and of `bodyType`.
        let takesBody: Bool
        /// The body's media type: `application/json`, or for a pasted log `text/plain`.
        var bodyType: MediaType.Body = .json
        /// Whether it answers frames, and so reads `?space=`.
        let answersFrames: Bool
    }

    /// By position.
    private static let rows: [Row] = [
        Row(method: "POST", route: .layouts, takesBody: true, answersFrames: true),
        Row(method: "POST", route: .sessions, takesBody: true, answersFrames: true),
        Row(method: "GET", route: .session, takesBody: false, answersFrames: true),
        Row(method: "DELETE", route: .session, takesBody: false, answersFrames: false),
        Row(method: "POST", route: .edits, takesBody: true, answersFrames: true),
        Row(method: "POST", route: .explain, takesBody: true, bodyType: .text, answersFrames: false),
        Row(method: "GET", route: .health, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .ready, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .metrics, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .openapi, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .apiDocs, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .playground, takesBody: false, answersFrames: false),
        Row(method: "GET", route: .playgroundAsset, takesBody: false, answersFrames: false),
    ]

    /// The endpoints of each route, by the route's position.
    fileprivate static let byRoute: [[Endpoint]] = Route.allCases.map { route in allCases.filter { $0.route == route } }

    private var row: Row { Endpoint.rows[rawValue] }
    public var method: String { row.method }
    public var route: Route { row.route }
    public var answersFrames: Bool { row.answersFrames }
    public var takesBody: Bool { row.takesBody }
    public var bodyType: MediaType.Body { row.bodyType }
}

/// The outcome of routing a method and a path.
public enum RouteMatch: Equatable, Sendable {
    case endpoint(Endpoint, sessionID: String?)
    /// OPTIONS on a known path (CORS preflight or a plain OPTIONS).
    case options(Route, sessionID: String?)
    /// A known path with another method.
    case methodNotAllowed(Route, allow: [String])
    case notFound
}

/// Matches method and path against `Route`'s templates. Paths match exactly (no trailing
/// slash, no percent-decoding).
public enum Router {
    public static func match(method: String, path: String) -> RouteMatch {
        guard let (route, id) = route(for: path) else { return .notFound }
        if method == "OPTIONS" { return .options(route, sessionID: id) }
        if let endpoint = route.endpoint(for: method) {
            return .endpoint(endpoint, sessionID: id)
        }
        return .methodNotAllowed(route, allow: route.allowedMethods)
    }

    /// The route of a path, with its parameter (`{id}` or `{file}`) if it has one; read on
    /// the UTF-8 bytes in place (every request passes here).
    public static func route(for path: String) -> (Route, String?)? {
        var path = path
        return path.withUTF8 { bytes -> (Route, String?)? in
            for (route, segments) in Route.compiled {
                if let parameter = match(bytes, segments) { return (route, parameter.isEmpty ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[parameter]), as: UTF8.self)) }
            }
            return nil
        }
    }

    /// The range of the parameter segment (empty when the template has none), or nil when
    /// `bytes` is not this template's path.
    private static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: [Route.Segment]) -> Range<Int>? {
        var i = 0
        var parameter = 0..<0
        for segment in segments {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "/") else { return nil }
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "/") { i += 1 }
            switch segment {
            case .literal(let text):
                guard i - start == text.count else { return nil }
                for k in 0..<text.count where bytes[start + k] != text[k] { return nil }
            case .parameter:
                guard i > start else { return nil }
                parameter = start..<i
            }
        }
        return i == bytes.count ? parameter : nil
    }
}
