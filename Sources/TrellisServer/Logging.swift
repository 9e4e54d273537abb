#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Structured log lines on stderr, one `write` per line (lines from several threads
/// never mix): logfmt (`ts=... level=info msg=request request_id=...`) or JSON.
public struct LineLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    public let label: String
    public let format: ServerConfig.LogFormat
    private let fd: Int32

    public init(label: String, level: Logger.Level, format: ServerConfig.LogFormat, fileDescriptor: Int32 = 2) {
        self.label = label
        self.logLevel = level
        self.format = format
        self.fd = fileDescriptor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { _, new in new } }
        let line = LineLogHandler.format(format, time: LineLogHandler.timestamp(), level: event.level,
                                         message: event.message.description, fields: fields)
        line.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(fd, buffer.baseAddress, buffer.count - 1)
        }
    }

    /// One line, ending in a newline. Fields in key order after ts, level, msg.
    public static func format(_ format: ServerConfig.LogFormat, time: String, level: Logger.Level,
                              message: String, fields: Logger.Metadata) -> String {
        let sorted = fields.sorted { $0.key < $1.key }
        switch format {
        case .logfmt:
            var line = "ts=\(time) level=\(level.rawValue) msg=\(logfmtValue(message))"
            for (key, value) in sorted { line += " \(key)=\(logfmtValue(value.description))" }
            return line + "\n"
        case .json:
            var members: [(String, JSONValue)] = [("ts", .string(time)), ("level", .string(level.rawValue)),
                                                  ("msg", .string(message))]
            for (key, value) in sorted { members.append((key, jsonValue(value))) }
            return String(decoding: JSONValue.object(members).encoded(), as: UTF8.self) + "\n"
        }
    }

    /// A field as JSON: numbers and booleans logged as values (`.stringConvertible`) stay
    /// numbers and booleans, so a log pipeline can sum durations without parsing text.
    static func jsonValue(_ value: Logger.MetadataValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .stringConvertible(let item):
            switch item {
            case let n as Int: return .int(n)
            case let n as any BinaryInteger: return Int(exactly: n).map { .int($0) } ?? .string(value.description)
            case let x as Double: return x.isFinite ? .number(x) : .string(value.description)
            case let b as Bool: return .bool(b)
            default: return .string(value.description)
            }
        case .array(let items): return .array(items.map(jsonValue))
        case .dictionary(let fields): return .object(fields.sorted { $0.key < $1.key }.map { ($0.key, jsonValue($0.value)) })
        }
    }

    /// Bare when it has no space, quote, equals sign or control character; quoted otherwise.
    static func logfmtValue(_ s: String) -> String {
        let needsQuotes = s.isEmpty || s.utf8.contains { $0 <= 0x20 || $0 == 0x22 || $0 == 0x3d || $0 == 0x5c }
        guard needsQuotes else { return s }
        var out: [UInt8] = []
        JSONValue.writeString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// UTC, RFC 3339 with milliseconds.
    static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = ts.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))."
            + "\(pad(Int(ts.tv_nsec) / 1_000_000, 3))Z"
    }
}

public enum TrellisLogging {
    /// The swift-log level of a name (case-insensitive), or nil.
    public static func level(named name: String) -> Logger.Level? {
        Logger.Level(rawValue: name.lowercased())
    }

    /// Installs `LineLogHandler` for every logger of the process (once, at startup).
    public static func bootstrap(level: String, format: ServerConfig.LogFormat) {
        let lvl = self.level(named: level) ?? .info
        LoggingSystem.bootstrap { label in LineLogHandler(label: label, level: lvl, format: format) }
    }
}
