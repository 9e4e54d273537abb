#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The "Date: ...\r\n" header line in IMF-fixdate form. Each loop keeps one
/// and refreshes it once a second from a timer, so responses copy bytes
/// instead of formatting a time.
enum HTTPDate {
    static func headerLine(now: time_t = time(nil)) -> [UInt8] {
        var seconds = now
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [CChar](repeating: 0, count: 64)
        let written = strftime(&text, text.count, "Date: %a, %d %b %Y %H:%M:%S GMT\r\n", &parts)
        return text.prefix(written).map { UInt8(bitPattern: $0) }
    }
}
