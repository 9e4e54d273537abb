// The access log's timestamps: the calendar date worked out by arithmetic (`UTCTime`) against
// glibc's `gmtime_r` as the oracle, over random moments from 1900 to 2400 and the days
// around the edges of months, leap years and centuries.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing
@testable import TrellisServer

@Suite struct UTCTimeTests {
    static func oracle(_ seconds: Int) -> UTCTime {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return UTCTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                       hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    @Test func datesAreGlibcs() {
        var moments: [Int] = [0, -1, 86_399, 86_400, 951_782_400, 951_868_800, 4_107_542_400, -2_208_988_800]
        // Midnight and the second before it on every day of 1899-2101 (month ends, 29 February,
        // 1900 and 2100 not leap years, 2000 one).
        for day in stride(from: -25_568, through: 47_847, by: 1) { moments.append(day * 86_400); moments.append(day * 86_400 - 1) }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { moments.append(Int.random(in: -2_208_988_800...13_569_465_600, using: &rng)) }
        var wrong: [Int] = []
        for s in moments where UTCTime(secondsSinceEpoch: s) != Self.oracle(s) { wrong.append(s) }
        #expect(wrong.isEmpty, "differ from gmtime_r at \(wrong.prefix(5))")
    }

    @Test func aLineStampReadsAsNow() {
        let stamp = String(decoding: LineLogHandler.timestampBytes(), as: UTF8.self)
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let year = String(Int(parts.tm_year) + 1900)
        #expect(stamp.hasPrefix(year) && stamp.count == 24 && stamp.hasSuffix("Z"), "\(stamp)")
    }
}
