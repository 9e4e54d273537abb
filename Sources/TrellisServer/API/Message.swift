import Platform
/// One header line.
public struct HeaderField: Equatable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

/// A request as the server module hands it over, independent of the HTTP library.
public struct TrellisRequest: Sendable {
    public var method: String
    /// The path without the query (`/v1/sessions/abc`).
    public var path: String
    /// The query without `?` (`space=root`), empty if none.
    public var query: String
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// The client's address as "ip:port", when known (the access log names it).
    public var remoteAddress: String?
    /// Whether the client has gone (its connection closed): work for the request that is
    /// still running may stop. Always false for a request that came some other way.
    public var isAbandoned: @Sendable () -> Bool = { false }

    public init(method: String, path: String, query: String = "", headers: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method; self.path = path; self.query = query; self.headers = headers; self.body = body
    }

    /// Splits a request target (`/v1/layouts?space=root`) into path and query.
    public init(method: String, target: String, headers: [HeaderField] = [], body: [UInt8] = []) {
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.init(method: method, path: String(target[..<q]), query: String(target[target.index(after: q)...]),
                      headers: headers, body: body)
        } else {
            self.init(method: method, path: target, headers: headers, body: body)
        }
    }

    /// The first header with this name (ASCII case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { asciiCaseInsensitiveEquals($0.name, name) }?.value
    }
}

public struct TrellisResponse: Sendable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { asciiCaseInsensitiveEquals($0.name, name) }?.value
    }

    public static func json(_ status: Int, _ body: [UInt8]) -> TrellisResponse {
        TrellisResponse(status: status, headers: [HeaderField("Content-Type", "application/json")], body: body)
    }

    public static func problem(_ problem: Problem) -> TrellisResponse {
        TrellisResponse(status: problem.status, headers: [HeaderField("Content-Type", Problem.mediaType)],
                        body: problem.encoded())
    }
}

