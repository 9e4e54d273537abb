/// Every operation of the API (docs/api.md §4).
public enum Endpoint: Int, CaseIterable, Sendable {
    case solveLayout, createSession, getSession, deleteSession, editSession, health, ready, metrics, openapi
    /// The playground page (`GET /`) and its scripts and styles (`GET /playground/{file}`).
    case playground, playgroundAsset

    public var method: String {
        switch self {
        case .solveLayout, .createSession, .editSession: return "POST"
        case .getSession, .health, .ready, .metrics, .openapi, .playground, .playgroundAsset: return "GET"
        case .deleteSession: return "DELETE"
        }
    }

    public var route: Route {
        switch self {
        case .solveLayout: return .layouts
        case .createSession: return .sessions
        case .getSession, .deleteSession: return .session
        case .editSession: return .edits
        case .health: return .health
        case .ready: return .ready
        case .metrics: return .metrics
        case .openapi: return .openapi
        case .playground: return .playground
        case .playgroundAsset: return .playgroundAsset
        }
    }

    /// Endpoints that answer frames and so read `?space=`.
    public var answersFrames: Bool {
        switch self {
        case .solveLayout, .createSession, .getSession, .editSession: return true
        default: return false
        }
    }

    /// Routes whose body must be `application/json`.
    public var takesBody: Bool {
        switch self {
        case .solveLayout, .createSession, .editSession: return true
        default: return false
        }
    }
}

/// A path template; `unmatched` stands for every unknown path (a metrics label).
public enum Route: Int, CaseIterable, Sendable {
    case layouts, sessions, session, edits, health, ready, metrics, openapi, playground, playgroundAsset, unmatched

    public var template: String {
        switch self {
        case .layouts: return "/v1/layouts"
        case .sessions: return "/v1/sessions"
        case .session: return "/v1/sessions/{id}"
        case .edits: return "/v1/sessions/{id}/edits"
        case .health: return "/healthz"
        case .ready: return "/readyz"
        case .metrics: return "/metrics"
        case .openapi: return "/openapi.yaml"
        case .playground: return "/"
        case .playgroundAsset: return "/playground/{file}"
        case .unmatched: return "unmatched"
        }
    }

    /// The endpoints on this path.
    public var endpoints: [Endpoint] { Endpoint.allCases.filter { $0.route == self } }

    /// The endpoint of this path for `method`, if it has one (every request asks: a switch,
    /// not a search through `endpoints`).
    public func endpoint(for method: String) -> Endpoint? {
        // HEAD is GET without the body (RFC 9110 9.3.2): the HTTP layer drops the body.
        if method == "HEAD" { return endpoint(for: "GET") }
        switch (self, method) {
        case (.layouts, "POST"): return .solveLayout
        case (.sessions, "POST"): return .createSession
        case (.session, "GET"): return .getSession
        case (.session, "DELETE"): return .deleteSession
        case (.edits, "POST"): return .editSession
        case (.health, "GET"): return .health
        case (.ready, "GET"): return .ready
        case (.metrics, "GET"): return .metrics
        case (.openapi, "GET"): return .openapi
        case (.playground, "GET"): return .playground
        case (.playgroundAsset, "GET"): return .playgroundAsset
        default: return nil
        }
    }

    /// The `Allow` header's methods: the path's methods (HEAD wherever GET is), then OPTIONS.
    public var allowedMethods: [String] {
        let methods = endpoints.map(\.method)
        return methods + (methods.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]
    }
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

/// Matches method and path against the fixed routes. Paths match exactly (no trailing
/// slash, no percent-decoding); `{id}` is any non-empty segment.
public enum Router {
    public static func match(method: String, path: String) -> RouteMatch {
        guard let (route, id) = route(for: path) else { return .notFound }
        if method == "OPTIONS" { return .options(route, sessionID: id) }
        if let endpoint = route.endpoint(for: method) {
            return .endpoint(endpoint, sessionID: id)
        }
        return .methodNotAllowed(route, allow: route.allowedMethods)
    }

    /// The route of a path, with its `{id}` (or `{file}`) if it has one.
    public static func route(for path: String) -> (Route, String?)? {
        switch path {
        case "/v1/layouts": return (.layouts, nil)
        case "/v1/sessions": return (.sessions, nil)
        case "/healthz": return (.health, nil)
        case "/readyz": return (.ready, nil)
        case "/metrics": return (.metrics, nil)
        case "/openapi.yaml": return (.openapi, nil)
        case "/": return (.playground, nil)
        default: break
        }
        if path.hasPrefix("/playground/") {
            let file = path.dropFirst("/playground/".count)
            return file.isEmpty || file.contains("/") ? nil : (.playgroundAsset, String(file))
        }
        // `/v1/sessions/{id}` or `/v1/sessions/{id}/edits`, read on the UTF-8 bytes in
        // place (every session request passes here).
        var path = path
        return path.withUTF8 { bytes -> (Route, String?)? in
            let prefix: StaticString = "/v1/sessions/", suffix: StaticString = "/edits"
            let p = prefix.utf8CodeUnitCount
            guard bytes.count > p, Self.matches(bytes, at: 0, prefix) else { return nil }
            var idEnd = p
            while idEnd < bytes.count, bytes[idEnd] != UInt8(ascii: "/") { idEnd += 1 }
            guard idEnd > p else { return nil }
            let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[p..<idEnd]), as: UTF8.self)
            switch bytes.count - idEnd {
            case 0: return (.session, id)
            case suffix.utf8CodeUnitCount where Self.matches(bytes, at: idEnd, suffix): return (.edits, id)
            default: return nil
            }
        }
    }

    /// Whether `bytes` holds `text` at `offset` (the caller checked there is room).
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        for k in 0..<n where bytes[offset + k] != text.utf8Start[k] { return false }
        return true
    }
}
