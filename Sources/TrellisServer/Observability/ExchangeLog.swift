#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every request and its answer as one JSON line, so real traffic can be checked against
/// openapi.yaml by an independent validator (`scripts/check-traffic`). Off unless a file is
/// named (`TRELLIS_EXCHANGE_LOG`, a test aid: it costs a write per request). Answers are
/// logged as the app made them, before gzip; the HTTP layer's own refusals are logged once
/// their request line had arrived (without it there is no operation to check them against).
private let writeBytes = write

public final class ExchangeLog: Sendable {
    private let fd: Int32

    /// Opens (appends to) `path`; nil when it cannot.
    public init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    func record(_ request: TrellisRequest, _ response: TrellisResponse) {
        append(method: request.method, path: request.path, query: request.query,
               requestHeaders: request.headers, requestBody: request.body, response)
    }

    /// A refusal of the HTTP layer, whose request is known by its method and path only.
    func record(method: String, path: String, _ response: TrellisResponse) {
        append(method: method, path: path, query: "", requestHeaders: [], requestBody: [], response)
    }

    private func append(method: String, path: String, query: String, requestHeaders: [HeaderField],
                       requestBody: [UInt8], _ response: TrellisResponse) {
        func headers(_ fields: [HeaderField]) -> JSONValue {
            .object(fields.map { ($0.name.lowercased(), .string($0.value)) })
        }
        let line = JSONValue.object([
            ("method", .string(method)), ("path", .string(path)), ("query", .string(query)),
            ("requestHeaders", headers(requestHeaders)),
            ("requestBody", .string(String(decoding: requestBody, as: UTF8.self))),
            ("status", .int(response.status)), ("responseHeaders", headers(response.headers)),
            // A body already encoded (a static file's gzip form) goes as base64 bytes.
            response.header("Content-Encoding") == nil
                ? ("responseBody", .string(String(decoding: response.body, as: UTF8.self)))
                : ("responseBodyBase64", .string(Base64.encode(response.body))),
        ]).encoded() + [0x0A]
        // One write per line on an O_APPEND file: lines from several threads do not interleave.
        line.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = writeBytes(fd, base + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

extension ExchangeLog {
    /// `TRELLIS_EXCHANGE_LOG=PREFIX`: this process logs to `PREFIX.<pid>.jsonl` (several
    /// servers, and the test runner's in-process ones, each get a file of their own).
    public static func fromEnvironment() -> ExchangeLog? {
        guard let prefix = getenv("TRELLIS_EXCHANGE_LOG").map({ String(cString: $0) }), !prefix.isEmpty else { return nil }
        return ExchangeLog(path: "\(prefix).\(getpid()).jsonl")
    }
}

/// Standard base64 (RFC 4648 section 4), for the log's encoded bodies.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let word = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(word >> 18 & 63)])
            out.append(alphabet[Int(word >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
