/// A response to one request. The server adds `Content-Length` and
/// `Connection` itself (any given by the handler are ignored, except that a
/// handler's `Connection: close` is honoured), so the framing is always right.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int = 200, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is the UTF-8 of `text`.
    public init(status: Int = 200, headers: [HTTPHeader] = [], text: String) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }

    /// An RFC 9457 problem document:
    /// `{"type":"about:blank","title":...,"status":...}`.
    public static func problem(status: Int, title: String? = nil) -> HTTPResponse {
        let text = title ?? String(describing: reasonPhrase(status))
        var json = #"{"type":"about:blank","title":""#
        appendJSONEscaped(text, to: &json)
        json += #"","status":"# + String(status) + "}"
        return HTTPResponse(
            status: status,
            headers: [HTTPHeader("Content-Type", "application/problem+json")],
            text: json)
    }
}

/// Escapes a string for a JSON string literal (quotes, backslash, controls).
func appendJSONEscaped(_ text: String, to out: inout String) {
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
}
