import Platform
/// A file the binary carries (openapi.yaml, the playground's assets): served with an
/// `ETag`, answered `304 Not Modified` when the client's copy is current, and gzipped once
/// at the best level for clients that accept it (not again for every request).
final class StaticFile: Sendable {
    let contentType: String
    let bytes: [UInt8]
    /// The strong validator of the plain bytes: a 64-bit FNV-1a hash, in quotes.
    let etag: String
    private let packed = Locked<[UInt8]??>(nil)

    init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// The gzip form's validator: a different representation has its own tag.
    var gzipETag: String { String(etag.dropLast()) + "-gzip\"" }

    /// The answer to a GET or HEAD of this file.
    func answer(_ request: TrellisRequest, extraHeaders: [HeaderField] = []) -> TrellisResponse {
        let gzip = Compression.acceptsGzip(request.header("Accept-Encoding"))
        var body = bytes
        var headers = [HeaderField("Content-Type", contentType)] + extraHeaders + [HeaderField("Vary", "Accept-Encoding")]
        var tag = etag
        if gzip, let packed = compressed() {
            body = packed
            tag = gzipETag
            headers.append(HeaderField("Content-Encoding", "gzip"))
        }
        headers.append(HeaderField("ETag", tag))
        if matches(request.header("If-None-Match")) {
            // RFC 9110 15.4.5: the validator and Vary as a 200 would have them, no body or type.
            return TrellisResponse(status: 304, headers: headers.filter { $0.name != "Content-Type" && $0.name != "Content-Encoding" })
        }
        return TrellisResponse(status: 200, headers: headers, body: body)
    }

    /// `If-None-Match` lists this file's tag (either form, weak comparison) or is `*`.
    func matches(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.split(separator: ",") {
            var tag = MediaType.trim(item)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == etag || tag == gzipETag { return true }
        }
        return false
    }

    private func compressed() -> [UInt8]? {
        packed.withLock { cached in
            if let cached { return cached }
            let made = Compression.gzip(bytes, level: 9)
            cached = .some(made)
            return made
        }
    }
}
