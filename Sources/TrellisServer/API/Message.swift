import HTTPServer
import Platform
/// One header line: the HTTP layer's own type, so that a request's and an answer's headers
/// pass between the layers without being copied field by field.
public typealias HeaderField = HTTPHeader

/// A request as the server module hands it over, independent of the HTTP library.
/// Its parts sit in one shared box, copied on write: every step of an answer (routing, CORS,
/// tracing, the access log) takes the request by value, and a copy of seven fields cost
/// fourteen reference counts where the box costs two.
public struct TrellisRequest: Sendable {
    private final class Parts: @unchecked Sendable {
        // Mutated only through a uniquely held box (`mutate`): never while shared.
        var method: String, path: String, query: String, headers: [HeaderField], body: [UInt8]
        var remoteAddress: String? = nil
        var isAbandoned: @Sendable () -> Bool = { false }
        init(method: String, path: String, query: String, headers: [HeaderField], body: [UInt8]) {
            self.method = method; self.path = path; self.query = query; self.headers = headers; self.body = body
        }
        func copy() -> Parts {
            let c = Parts(method: method, path: path, query: query, headers: headers, body: body)
            c.remoteAddress = remoteAddress; c.isAbandoned = isAbandoned
            return c
        }
    }
    private var parts: Parts
    private mutating func mutate<T>(_ change: (Parts) -> T) -> T {
        if !isKnownUniquelyReferenced(&parts) { parts = parts.copy() }
        return change(parts)
    }

    public var method: String { get { parts.method } set { mutate { $0.method = newValue } } }
    /// The path without the query (`/v1/sessions/abc`).
    public var path: String { get { parts.path } set { mutate { $0.path = newValue } } }
    /// The query without `?` (`space=root`), empty if none.
    public var query: String { get { parts.query } set { mutate { $0.query = newValue } } }
    public var headers: [HeaderField] { get { parts.headers } set { mutate { $0.headers = newValue } } }
    public var body: [UInt8] { get { parts.body } set { mutate { $0.body = newValue } } }
    /// The client's address as "ip:port", when known (the access log names it).
    public var remoteAddress: String? { get { parts.remoteAddress } set { mutate { $0.remoteAddress = newValue } } }
    /// Whether the client has gone (its connection closed): work for the request that is
    /// still running may stop. Always false for a request that came some other way.
    public var isAbandoned: @Sendable () -> Bool { get { parts.isAbandoned } set { mutate { $0.isAbandoned = newValue } } }

    public init(method: String, path: String, query: String = "", headers: [HeaderField] = [], body: [UInt8] = []) {
        parts = Parts(method: method, path: path, query: query, headers: headers, body: body)
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
        parts.headers.value(named: name)
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
        headers.value(named: name)
    }

    public static func json(_ status: Int, _ body: [UInt8]) -> TrellisResponse {
        TrellisResponse(status: status, headers: contentType("application/json"), body: body)
    }

    /// The one header of a typed answer, in room for those every answer gets on its way out
    /// (X-Request-Id, Vary, at times traceparent: `TrellisApp.outbound`): appended to a
    /// literal's room of one, they reallocated it twice an answer.
    static func contentType(_ type: String) -> [HeaderField] {
        var headers: [HeaderField] = []
        headers.reserveCapacity(4)
        headers.append(HeaderField("Content-Type", type))
        return headers
    }

    public static func problem(_ problem: Problem) -> TrellisResponse {
        TrellisResponse(status: problem.status, headers: contentType(Problem.mediaType),
                        body: problem.encoded())
    }
}

