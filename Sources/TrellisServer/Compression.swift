import CZlib

/// gzip (RFC 9110 8.4.1.3) for answers to clients that accept it: layout answers of a
/// few thousand views shrink about tenfold. Only bodies worth it are compressed, and only
/// media types that are text.
enum Compression {
    /// Smaller bodies go as they are: the gzip frame and the CPU would not pay back.
    static let minimumBytes = 1024

    /// Whether `Accept-Encoding` admits gzip: listed (or `*`) with a non-zero weight.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var star: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let name = parts.first.map({ MediaType.trim($0).lowercased() }) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, MediaType.trim(pair[0]).lowercased() == "q" {
                    weight = Double(MediaType.trim(pair[1])) ?? 0
                }
            }
            if name == "gzip" || name == "x-gzip" { return weight > 0 }
            if name == "*" { star = weight > 0 }
        }
        return star ?? false
    }

    /// Whether a media type is text that compresses (JSON, YAML, HTML, CSS, scripts,
    /// Prometheus text).
    static func isCompressible(_ contentType: String?) -> Bool {
        // The app's own media types, written in lower case: no case folding per answer.
        guard let type = contentType else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/problem+json")
            || type.hasPrefix("application/yaml") || type.hasPrefix("application/javascript")
    }

    /// The bytes in gzip format, or nil if zlib failed (the caller sends them plain).
    static func gzip(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard trellis_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        out.removeLast(out.count - Int(stream.total_out))
        return out
    }

    /// Compresses `response` in place when the client accepts gzip and it is worth it;
    /// answers that could be compressed say `Vary: Accept-Encoding` either way, so a cache
    /// keeps the two forms apart.
    static func apply(to response: inout TrellisResponse, acceptEncoding: String?, level: Int32 = 1) {
        guard isCompressible(response.header("Content-Type")) else { return }
        response.headers.append(HeaderField("Vary", "Accept-Encoding"))
        guard response.header("Content-Encoding") == nil, response.body.count >= minimumBytes,
              acceptsGzip(acceptEncoding), let packed = gzip(response.body, level: level) else { return }
        response.body = packed
        response.headers.append(HeaderField("Content-Encoding", "gzip"))
    }
}
