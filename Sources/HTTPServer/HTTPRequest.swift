import Platform
/// One parsed HTTP/1.x request, handed to the handler once its whole body has
/// arrived. Strings are decoded as UTF-8 (invalid bytes become U+FFFD); the
/// target is not percent-decoded.
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. "GET".
    public var method: String
    /// The request target as sent: path plus optional "?query".
    public var target: String
    /// The target before the first "?".
    public var path: String
    /// The target after the first "?", or nil when there is no "?".
    public var query: String?
    /// The HTTP version from the request line.
    public var version: (major: Int, minor: Int)
    /// Header fields in arrival order; names keep the client's spelling.
    public var headers: [HTTPHeader]
    /// The decoded body (chunked bodies arrive here already de-chunked).
    public var body: [UInt8]
    /// The peer's address as "ip:port", when it could be read.
    public var remoteAddress: String?

    public init(
        method: String, target: String, version: (major: Int, minor: Int) = (1, 1),
        headers: [HTTPHeader] = [], body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        let (path, query) = HTTPRequest.split(target: target)
        self.init(method: method, target: target, path: path, query: query, version: version,
                  headers: headers, body: body, remoteAddress: remoteAddress)
    }

    /// Memberwise form used by the parser, which already split the target.
    init(
        method: String, target: String, path: String, query: String?,
        version: (major: Int, minor: Int), headers: [HTTPHeader],
        body: [UInt8], remoteAddress: String?
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of the header `name`, compared case-insensitively
    /// (ASCII), without allocating.
    public func header(_ name: String) -> String? {
        headers.value(named: name)
    }

    static func split(target: String) -> (path: String, query: String?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return (target, nil)
        }
        let path = String(target[..<mark])
        let query = String(target[target.utf8.index(after: mark)...])
        return (path, query)
    }
}
