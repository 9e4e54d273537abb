#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Structured log lines on stderr, whole lines through a buffer (`LogSink`: lines from
/// several threads never mix, and keep their order): logfmt (`ts=... level=info msg=request
/// request_id=...`) or JSON.
public struct LineLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    public let label: String
    public let format: ServerConfig.LogFormat
    let sink: LogSink

    public init(label: String, level: Logger.Level, format: ServerConfig.LogFormat, fileDescriptor: Int32 = 2) {
        self.label = label
        self.logLevel = level
        self.format = format
        sink = fileDescriptor == 2 ? .standardError : LogSink(fileDescriptor: fileDescriptor)
    }

    /// A field of a line written without swift-log's metadata (the access log's).
    enum Field {
        case int(Int)
        case text(String)

        /// The same value as swift-log's metadata (the general path writes it alike).
        var metadata: Logger.MetadataValue {
            switch self {
            case .int(let n): return .stringConvertible(n)
            case .text(let text): return .string(text)
            }
        }
    }

    /// An info line whose fields are given in key order (the access log's, built without a
    /// dictionary, numbers written without `description`): the line `log` would write for the
    /// same fields, when the handler has no metadata of its own.
    func info(_ message: StaticString, sortedFields fields: [(key: StaticString, value: Field)]) {
        // As `log` writes it (JSON, a text that needs quoting, a long line: see `logfmtLine`).
        let sorted = fields.map { (key: "\($0.key)", value: $0.value.metadata) }
        sink.append(Self.line(format, time: Self.timestampBytes(), level: .info, message: "\(message)", sorted: sorted),
                    urgent: false)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // Every request writes a line at the default level: the fields are taken as given when
        // the handler has none of its own (a merge copied and rehashed them), and the line is
        // written as bytes, not built as a string.
        var fields = metadata
        if let extra = event.metadata {
            if fields.isEmpty { fields = extra } else { fields.merge(extra) { _, new in new } }
        }
        let line = LineLogHandler.line(format, time: LineLogHandler.timestampBytes(), level: event.level,
                                       message: event.message.description, fields: fields)
        sink.append(line, urgent: event.level >= .warning)
    }

    /// One line, ending in a newline. Fields in key order after ts, level, msg.
    public static func format(_ format: ServerConfig.LogFormat, time: String, level: Logger.Level,
                              message: String, fields: Logger.Metadata) -> String {
        String(decoding: line(format, time: Array(time.utf8), level: level, message: message, fields: fields), as: UTF8.self)
    }

    /// `format`'s line as bytes.
    static func line(_ format: ServerConfig.LogFormat, time: [UInt8], level: Logger.Level,
                     message: String, fields: Logger.Metadata) -> [UInt8] {
        line(format, time: time, level: level, message: message, sorted: fields.sorted { $0.key < $1.key })
    }

    static func line(_ format: ServerConfig.LogFormat, time: [UInt8], level: Logger.Level,
                     message: String, sorted: [(key: String, value: Logger.MetadataValue)]) -> [UInt8] {
        switch format {
        case .logfmt:
            var out: [UInt8] = []
            out.reserveCapacity(256)
            out += "ts=".utf8; out += time; out += " level=".utf8; out += level.rawValue.utf8; out += " msg=".utf8
            appendLogfmt(message, to: &out)
            for (key, value) in sorted {
                out.append(0x20); out += key.utf8; out.append(0x3D)
                if case .string(let text) = value { appendLogfmt(text, to: &out) } else { appendLogfmt(value.description, to: &out) }
            }
            out.append(0x0A)
            return out
        case .json:
            var members: [(String, JSONValue)] = [("ts", .string(String(decoding: time, as: UTF8.self))),
                                                  ("level", .string(level.rawValue)), ("msg", .string(message))]
            for (key, value) in sorted { members.append((key, jsonValue(value))) }
            var out = JSONValue.object(members).encoded()
            out.append(0x0A)
            return out
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
    static func appendLogfmt(_ s: String, to out: inout [UInt8]) {
        let needsQuotes = s.isEmpty || s.utf8.contains { $0 <= 0x20 || $0 == 0x22 || $0 == 0x3d || $0 == 0x5c }
        if needsQuotes { JSONValue.writeString(s, to: &out) } else { out += s.utf8 }
    }

    /// An info line in logfmt whose fields `body` writes in key order, built on the stack and
    /// handed to the sink (the access log's: a line per request); false, nothing written, when
    /// the format is not logfmt or the line cannot be written there (a value that needs
    /// quoting, a line over 768 bytes): then write it the general way.
    func logfmtLine(_ message: StaticString, _ body: (inout LogfmtLine) -> Void) -> Bool {
        guard format == .logfmt else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 768) { buffer -> Bool in
            var line = LogfmtLine(buffer)
            line.raw("ts=")
            if let time = line.reserve(24) { Self.writeTimestamp(into: time) }
            line.raw(" level=info msg=")
            line.raw(message)
            body(&line)
            line.byte(0x0A)
            guard !line.failed else { return false }
            sink.append(line.bytes, urgent: false)
            return true
        }
    }

    /// Now, UTC, RFC 3339 with milliseconds (24 bytes), each digit written in place.
    static func timestampBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 24)
        out.withUnsafeMutableBufferPointer { writeTimestamp(into: $0) }
        return out
    }

    /// `timestampBytes` into 24 bytes. The date from the seconds by arithmetic: glibc's
    /// `gmtime_r` takes the time zone lock on every call (one line a request).
    static func writeTimestamp(into out: UnsafeMutableBufferPointer<UInt8>) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let t = UTCTime(secondsSinceEpoch: Int(ts.tv_sec))
        func put(_ value: Int, _ width: Int, at start: Int) {
            var v = value
            for k in stride(from: start + width - 1, through: start, by: -1) {
                out[k] = UInt8(48 + v % 10)
                v /= 10
            }
        }
        put(t.year, 4, at: 0); out[4] = 0x2D
        put(t.month, 2, at: 5); out[7] = 0x2D
        put(t.day, 2, at: 8); out[10] = 0x54  // T
        put(t.hour, 2, at: 11); out[13] = 0x3A
        put(t.minute, 2, at: 14); out[16] = 0x3A
        put(t.second, 2, at: 17); out[19] = 0x2E
        put(Int(ts.tv_nsec) / 1_000_000, 3, at: 20); out[23] = 0x5A  // Z
    }
}

/// A moment since the Unix epoch as a UTC calendar date and time (proleptic Gregorian).
struct UTCTime: Equatable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year; self.month = month; self.day = day; self.hour = hour; self.minute = minute; self.second = second
    }

    init(secondsSinceEpoch seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        hour = inDay / 3600; minute = inDay / 60 % 60; second = inDay % 60
        // Counted from 0000-03-01 in 400-year cycles of 146,097 days, so that a leap day is
        // the last day of its year: each year of a cycle then starts at a day found by
        // division, and March to February have a fixed pattern of month lengths.
        let shifted = days + 719_468
        let cycle = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfCycle = shifted - cycle * 146_097                                            // 0...146096
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)  // from March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153                                         // 0...11
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
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
