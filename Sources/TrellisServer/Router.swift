/// Every operation of the API (CONTRACT section 3).
public enum Endpoint: Int, CaseIterable, Sendable {
    case solveLayout, createSession, getSession, deleteSession, editSession, health, metrics, openapi

    public var method: String {
        switch self {
        case .solveLayout, .createSession, .editSession: return "POST"
        case .getSession, .health, .metrics, .openapi: return "GET"
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
        case .metrics: return .metrics
        case .openapi: return .openapi
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
    case layouts, sessions, session, edits, health, metrics, openapi, unmatched

    public var template: String {
        switch self {
        case .layouts: return "/v1/layouts"
        case .sessions: return "/v1/sessions"
        case .session: return "/v1/sessions/{id}"
        case .edits: return "/v1/sessions/{id}/edits"
        case .health: return "/healthz"
        case .metrics: return "/metrics"
        case .openapi: return "/openapi.yaml"
        case .unmatched: return "unmatched"
        }
    }

    /// The endpoints on this path.
    public var endpoints: [Endpoint] { Endpoint.allCases.filter { $0.route == self } }

    /// The endpoint of this path for `method`, if it has one (every request asks: a switch,
    /// not a search through `endpoints`).
    public func endpoint(for method: String) -> Endpoint? {
        switch (self, method) {
        case (.layouts, "POST"): return .solveLayout
        case (.sessions, "POST"): return .createSession
        case (.session, "GET"): return .getSession
        case (.session, "DELETE"): return .deleteSession
        case (.edits, "POST"): return .editSession
        case (.health, "GET"): return .health
        case (.metrics, "GET"): return .metrics
        case (.openapi, "GET"): return .openapi
        default: return nil
        }
    }

    /// The `Allow` header's methods: the path's methods, then OPTIONS.
    public var allowedMethods: [String] { endpoints.map(\.method) + ["OPTIONS"] }
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

    /// The route of a path, with its `{id}` if it has one.
    public static func route(for path: String) -> (Route, String?)? {
        switch path {
        case "/v1/layouts": return (.layouts, nil)
        case "/v1/sessions": return (.sessions, nil)
        case "/healthz": return (.health, nil)
        case "/metrics": return (.metrics, nil)
        case "/openapi.yaml": return (.openapi, nil)
        default: break
        }
        // `/v1/sessions/{id}` or `/v1/sessions/{id}/edits`, read on the UTF-8 bytes
        // (every session request passes here).
        let bytes = path.utf8
        let prefix = "/v1/sessions/".utf8
        guard bytes.starts(with: prefix) else { return nil }
        let idStart = bytes.index(bytes.startIndex, offsetBy: prefix.count)
        let idEnd = bytes[idStart...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        guard idStart < idEnd, let id = String(bytes[idStart..<idEnd]) else { return nil }
        let rest = bytes[idEnd...]
        switch rest.count {
        case 0: return (.session, id)
        case 6 where rest.elementsEqual("/edits".utf8): return (.edits, id)
        default: return nil
        }
    }
}
