/// A request the server answers by itself with an error before any handler sees it
/// (see `HTTPServerConfig.errorResponse`). Method and path are there once the request
/// line has arrived, so the answer and its accounting can name the route it was for.
public struct HTTPFailure: Sendable {
    /// 400, 408, 413, 431, 501 or 503.
    public var status: Int
    /// The reason phrase, e.g. "Content Too Large".
    public var reason: String
    /// The method, once the request line was read.
    public var method: String?
    /// The target's path (origin form), once the request line was read.
    public var path: String?
    /// The peer's address as "ip:port", when it could be read.
    public var remoteAddress: String?

    public init(status: Int, reason: String, method: String? = nil, path: String? = nil,
                remoteAddress: String? = nil) {
        self.status = status
        self.reason = reason
        self.method = method
        self.path = path
        self.remoteAddress = remoteAddress
    }
}
