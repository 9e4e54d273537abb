import Platform
/// Collects the pieces llhttp reports for the request being read. llhttp may
/// report one field in several pieces (a read can end mid-name), so names and
/// values are gathered as bytes and turned into Strings once complete. The
/// byte arrays keep their capacity between requests of a connection.
struct RequestBuilder {
    var url: [UInt8] = []
    var field: [UInt8] = []
    var value: [UInt8] = []
    /// llhttp said the current field name is complete; the next name piece
    /// therefore starts a new header (this also handles empty values, which
    /// get no value callback at all).
    var fieldComplete = false
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    /// Request line plus header bytes seen so far, checked against the limit.
    var headBytes = 0
    /// The request line has been read whole (a header or the end of the head followed it).
    var targetComplete = false

    mutating func reset() {
        url.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        fieldComplete = false
        // Room for a typical request's headers in one allocation, instead of
        // growing 1, 2, 4, 8 (the previous array went to the handler).
        headers = []
        headers.reserveCapacity(8)
        body = []
        headBytes = 0
        targetComplete = false
    }

    /// Moves the gathered name/value pair into `headers`.
    mutating func commitHeader() {
        guard fieldComplete else { return }
        headers.append(HTTPHeader(String(decoding: field, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        field.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        fieldComplete = false
    }

    /// True when the header `name` (lower-case ASCII) has a value equal to
    /// `expected` (lower-case ASCII), ignoring case.
    func hasHeader(_ name: String, equalTo expected: String) -> Bool {
        for k in headers.indices where asciiCaseInsensitiveEquals(headers[k].name, name) {
            if asciiCaseInsensitiveEquals(trimmed(headers[k].value), expected) { return true }
        }
        return false
    }

    /// Whether every Transfer-Encoding header names only the codings this server applies:
    /// exactly `chunked` (llhttp de-chunks). Any other coding (`gzip, chunked`, say) would
    /// be read as plain bytes, so RFC 9112 6.1 has it refused (501) instead.
    var transferCodingsAreApplied: Bool {
        for k in headers.indices where asciiCaseInsensitiveEquals(headers[k].name, "transfer-encoding") {
            let codings = headers[k].value.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty }
            guard codings.count == 1, asciiCaseInsensitiveEquals(codings[0], "chunked") else { return false }
        }
        return true
    }

    /// Builds the request, handing over the header and body storage.
    mutating func makeRequest(
        method: String, version: (major: Int, minor: Int), remoteAddress: String?
    ) -> HTTPRequest {
        let target = String(decoding: url, as: UTF8.self)
        let (path, query) = RequestBuilder.originForm(url)
        let request = HTTPRequest(
            method: method, target: target, path: path, query: query, version: version,
            headers: headers, body: body, remoteAddress: remoteAddress)
        headers = []
        body = []
        return request
    }
}

extension RequestBuilder {
    /// Path and query of a request target. An absolute-form target
    /// (`http://host:port/path?q`, which RFC 9112 3.2.2 has servers accept) is reduced to
    /// its path and query; an authority with no path is the path "/".
    static func originForm(_ url: [UInt8]) -> (path: String, query: String?) {
        var start = 0
        if url.first != UInt8(ascii: "/"), let colon = url.firstIndex(of: UInt8(ascii: ":")),
           url.count >= colon + 3, url[colon + 1] == UInt8(ascii: "/"), url[colon + 2] == UInt8(ascii: "/") {
            let authority = colon + 3
            start = url[authority...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) ?? url.count
        }
        let end = url[start...].firstIndex(of: UInt8(ascii: "?")) ?? url.count
        var path = String(decoding: url[start..<end], as: UTF8.self)
        if path.isEmpty && start > 0 { path = "/" }
        let query = end < url.count ? String(decoding: url[(end + 1)...], as: UTF8.self) : nil
        return (path, query)
    }
}

/// The string without leading/trailing spaces and tabs.
func trimmed(_ text: String) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
          let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
    return text[first...last]
}
