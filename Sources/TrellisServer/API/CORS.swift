/// Cross-origin access for browser frontends. `allowedOrigins` `["*"]` (the default)
/// allows any origin; otherwise exact origins (`https://app.example`).
public struct CORSPolicy: Equatable, Sendable {
    public var allowedOrigins: [String]
    public var maxAgeSeconds: Int
    public static let defaultAllowHeaders = "Content-Type, X-Request-Id"
    public static let exposeHeaders = "Location, X-Request-Id"

    public init(allowedOrigins: [String] = ["*"], maxAgeSeconds: Int = 86_400) {
        self.allowedOrigins = allowedOrigins
        self.maxAgeSeconds = maxAgeSeconds
    }

    public var allowsAny: Bool { allowedOrigins.contains("*") }

    /// The `Access-Control-Allow-Origin` value for a request's `Origin`, nil if not allowed.
    public func allowOrigin(for origin: String?) -> String? {
        guard let origin, !origin.isEmpty else { return nil }
        if allowsAny { return "*" }
        return allowedOrigins.contains(origin) ? origin : nil
    }

    /// Headers for an ordinary (non-preflight) answer.
    public func responseHeaders(origin: String?) -> [HeaderField] {
        guard let allow = allowOrigin(for: origin) else { return [] }
        var fields = [HeaderField("Access-Control-Allow-Origin", allow),
                      HeaderField("Access-Control-Expose-Headers", CORSPolicy.exposeHeaders)]
        if allow != "*" { fields.append(HeaderField("Vary", "Origin")) }
        return fields
    }

    /// The answer to OPTIONS on a known path: 204 with `Allow`, plus the CORS preflight
    /// headers when it is a preflight from an allowed origin.
    public func preflight(_ request: TrellisRequest, route: Route) -> TrellisResponse {
        let methods = route.allowedMethods.joined(separator: ", ")
        var response = TrellisResponse(status: 204, headers: [HeaderField("Allow", methods)])
        let origin = request.header("Origin")
        guard request.header("Access-Control-Request-Method") != nil, let allow = allowOrigin(for: origin) else {
            return response
        }
        let requested = request.header("Access-Control-Request-Headers").map(MediaType.trim)
        response.headers += [
            HeaderField("Access-Control-Allow-Origin", allow),
            HeaderField("Access-Control-Allow-Methods", methods),
            HeaderField("Access-Control-Allow-Headers", requested.flatMap { $0.isEmpty ? nil : $0 } ?? CORSPolicy.defaultAllowHeaders),
            HeaderField("Access-Control-Max-Age", String(maxAgeSeconds)),
        ]
        if allow != "*" { response.headers.append(HeaderField("Vary", "Origin")) }
        return response
    }
}

extension MediaType {
    static func trim(_ s: String) -> String { trim(s[...]) }
}
