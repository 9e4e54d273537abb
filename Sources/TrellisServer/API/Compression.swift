import Platform
import CZlib

/// gzip (RFC 9110 8.4.1.3) for answers to clients that accept it: layout answers of a
/// few thousand views shrink about tenfold. Only bodies worth it are compressed, and only
/// media types that are text.
enum Compression {
    /// Smaller bodies go as they are: the gzip frame and the CPU would not pay back.
    static let minimumBytes = 1024

    /// Whether `Accept-Encoding` admits gzip: listed (or `*`) with a non-zero weight.
    /// Read over the header's bytes, allocating nothing: every answer of a kilobyte or more
    /// asks, and substrings split, trimmed and lowercased would cost more than the update.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard var header else { return false }
        return header.withUTF8 { acceptsGzip(bytes: $0) }
    }

    /// Items split on commas, an item's parts on semicolons and a parameter once on `=`, as
    /// `split` does it: empty pieces are skipped, so `;gzip` names gzip and `q=` says nothing.
    static func acceptsGzip(bytes h: UnsafeBufferPointer<UInt8>) -> Bool {
        var star: Bool?
        var i = 0
        let n = h.count
        while i < n {
            var end = i
            while end < n && h[end] != UInt8(ascii: ",") { end += 1 }
            var name: Range<Int>?
            var weight = 1.0
            var p = i
            while p < end {
                var q = p
                while q < end && h[q] != UInt8(ascii: ";") { q += 1 }
                if q > p {
                    if name == nil { name = trimmed(h, p, q) } else if let w = qValue(h, p, q) { weight = w }
                }
                p = q + 1
            }
            if let name {
                if equalsIgnoringCase(h, name, "gzip") || equalsIgnoringCase(h, name, "x-gzip") { return weight > 0 }
                if equalsIgnoringCase(h, name, "*") { star = weight > 0 }
            }
            i = end + 1
        }
        return star ?? false
    }

    /// The weight a parameter `from..<to` sets: its value if it is `q=value` (0 when the value
    /// is not a number), nil for any other parameter.
    private static func qValue(_ h: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Double? {
        var k = from
        while k < to && h[k] == UInt8(ascii: "=") { k += 1 }
        var e = k
        while e < to && h[e] != UInt8(ascii: "=") { e += 1 }
        guard e + 1 < to, equalsIgnoringCase(h, trimmed(h, k, e), "q") else { return nil }
        let value = trimmed(h, e + 1, to)
        return Double(String(decoding: UnsafeBufferPointer(rebasing: h[value]), as: UTF8.self)) ?? 0
    }

    /// `from..<to` without the spaces and tabs at either end.
    private static func trimmed(_ h: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Range<Int> {
        var a = from, b = to
        while a < b && (h[a] == UInt8(ascii: " ") || h[a] == UInt8(ascii: "\t")) { a += 1 }
        while b > a && (h[b - 1] == UInt8(ascii: " ") || h[b - 1] == UInt8(ascii: "\t")) { b -= 1 }
        return a..<b
    }

    /// Whether the bytes in `range` are `word` (ASCII, lower case) in any case.
    private static func equalsIgnoringCase(_ h: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        asciiCaseInsensitiveEquals(bytes: h[range], UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
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
