import Layout
import Testing
import TrellisServer
import Platform

@Suite struct RouterTests {
    @Test func matchesEveryEndpoint() {
        let id = "0123456789abcdef0123456789abcdef"
        #expect(Router.match(method: "POST", path: "/v1/layouts") == .endpoint(.solveLayout, sessionID: nil))
        #expect(Router.match(method: "POST", path: "/v1/sessions") == .endpoint(.createSession, sessionID: nil))
        #expect(Router.match(method: "GET", path: "/v1/sessions/\(id)") == .endpoint(.getSession, sessionID: id))
        #expect(Router.match(method: "DELETE", path: "/v1/sessions/\(id)") == .endpoint(.deleteSession, sessionID: id))
        #expect(Router.match(method: "POST", path: "/v1/sessions/\(id)/edits") == .endpoint(.editSession, sessionID: id))
        #expect(Router.match(method: "GET", path: "/healthz") == .endpoint(.health, sessionID: nil))
        #expect(Router.match(method: "GET", path: "/metrics") == .endpoint(.metrics, sessionID: nil))
        #expect(Router.match(method: "GET", path: "/openapi.yaml") == .endpoint(.openapi, sessionID: nil))
    }

    /// The per-request switch agrees with the endpoint table, for every route and method,
    /// and so does `takesBody` with the methods.
    @Test func endpointSwitchAgreesWithTheTable() {
        for route in Route.allCases {
            for method in ["GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS", "get", ""] {
                // HEAD is served wherever GET is.
                let asked = method == "HEAD" ? "GET" : method
                #expect(route.endpoint(for: method) == route.endpoints.first { $0.method == asked }, "\(route) \(method)")
            }
        }
        for endpoint in Endpoint.allCases { #expect(endpoint.takesBody == (endpoint.method == "POST")) }
        #expect(asciiCaseInsensitiveEquals("Content-Type", "content-TYPE"))
        #expect(!asciiCaseInsensitiveEquals("Content-Type", "Content-Typ"))
        #expect(!asciiCaseInsensitiveEquals("Content-Type", "Content-Tipe"))
        #expect(asciiCaseInsensitiveEquals("", ""))
        #expect(!asciiCaseInsensitiveEquals("é", "É"), "only ASCII letters fold")
    }

    @Test func unknownPathsAreNotFound() {
        for path in ["/v1", "/v1/layouts/", "/v1/sessions/", "/v1/sessions//edits", "/v1/sessions/a/edits/x",
                     "/v1/sessions/a/other", "/healthz/", "/HEALTHZ", "/v2/layouts", ""] {
            #expect(Router.match(method: "GET", path: path) == .notFound, "\(path)")
        }
    }

    @Test func wrongMethodListsTheAllowedOnes() {
        #expect(Router.match(method: "GET", path: "/v1/layouts") == .methodNotAllowed(.layouts, allow: ["POST", "OPTIONS"]))
        #expect(Router.match(method: "PUT", path: "/v1/sessions/x") == .methodNotAllowed(.session, allow: ["GET", "DELETE", "HEAD", "OPTIONS"]))
        #expect(Router.match(method: "GET", path: "/v1/sessions/x/edits") == .methodNotAllowed(.edits, allow: ["POST", "OPTIONS"]))
        #expect(Router.match(method: "POST", path: "/healthz") == .methodNotAllowed(.health, allow: ["GET", "HEAD", "OPTIONS"]))
        #expect(Router.match(method: "get", path: "/healthz") == .methodNotAllowed(.health, allow: ["GET", "HEAD", "OPTIONS"]),
                "methods are case-sensitive (RFC 9110)")
    }

    @Test func optionsOnKnownPaths() {
        #expect(Router.match(method: "OPTIONS", path: "/v1/sessions/abc") == .options(.session, sessionID: "abc"))
        #expect(Router.match(method: "OPTIONS", path: "/nope") == .notFound)
    }

    @Test func mediaTypes() {
        #expect(MediaType.isJSON("application/json"))
        #expect(MediaType.isJSON("Application/JSON"))
        #expect(MediaType.isJSON("application/json; charset=utf-8"))
        #expect(MediaType.isJSON("application/json;charset=\"UTF-8\""))
        #expect(MediaType.isJSON("application/json ; foo=bar"))
        #expect(!MediaType.isJSON(nil))
        #expect(!MediaType.isJSON(""))
        #expect(!MediaType.isJSON("text/plain"))
        #expect(!MediaType.isJSON("application/jsonx"))
        #expect(!MediaType.isJSON("application/problem+json"))
        #expect(!MediaType.isJSON("application/json; charset=latin1"))
        #expect(!MediaType.isJSON("application/json; garbage"))
    }

    @Test func frameSpaceQuery() {
        #expect(FrameSpace(query: "") == .superview)
        #expect(FrameSpace(query: "space=root") == .root)
        #expect(FrameSpace(query: "a=1&space=root&b") == .root)
        #expect(FrameSpace(query: "other=x") == .superview)
        #expect(FrameSpace(query: "space=absolute") == nil)
        #expect(FrameSpace(query: "space") == nil)
    }
}

@Suite struct CORSTests {
    @Test func preflightFromAnyOrigin() {
        let request = TrellisRequest(method: "OPTIONS", path: "/v1/sessions", headers: [
            HeaderField("Origin", "https://app.example"), HeaderField("Access-Control-Request-Method", "POST"),
            HeaderField("Access-Control-Request-Headers", "content-type"),
        ])
        let response = CORSPolicy().preflight(request, route: .sessions)
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.header("Allow") == "POST, OPTIONS")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
        #expect(response.header("Access-Control-Allow-Headers") == "content-type")
        #expect(response.header("Access-Control-Max-Age") == "86400")
        #expect(response.header("Vary") == nil)
    }

    @Test func preflightWithAnOriginList() {
        let policy = CORSPolicy(allowedOrigins: ["https://a.example", "https://b.example"])
        func preflight(_ origin: String) -> TrellisResponse {
            policy.preflight(TrellisRequest(method: "OPTIONS", path: "/v1/sessions/x", headers: [
                HeaderField("Origin", origin), HeaderField("Access-Control-Request-Method", "DELETE"),
            ]), route: .session)
        }
        let allowed = preflight("https://b.example")
        #expect(allowed.header("Access-Control-Allow-Origin") == "https://b.example")
        #expect(allowed.header("Access-Control-Allow-Methods") == "GET, DELETE, HEAD, OPTIONS")
        #expect(allowed.header("Access-Control-Allow-Headers") == CORSPolicy.defaultAllowHeaders)
        #expect(allowed.header("Vary") == "Origin")
        let refused = preflight("https://evil.example")
        #expect(refused.status == 204)
        #expect(refused.header("Access-Control-Allow-Origin") == nil)
        #expect(refused.header("Allow") == "GET, DELETE, HEAD, OPTIONS")
    }

    @Test func plainOptionsHasNoCORSHeaders() {
        let response = CORSPolicy().preflight(TrellisRequest(method: "OPTIONS", path: "/healthz"), route: .health)
        #expect(response.status == 204)
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(response.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func ordinaryAnswers() {
        #expect(CORSPolicy().responseHeaders(origin: nil).isEmpty)
        #expect(CORSPolicy().responseHeaders(origin: "https://x.example") == [
            HeaderField("Access-Control-Allow-Origin", "*"),
            HeaderField("Access-Control-Expose-Headers", "Location, X-Request-Id"),
        ])
        #expect(CORSPolicy(allowedOrigins: ["https://a.example"]).responseHeaders(origin: "https://x.example").isEmpty)
    }
}
