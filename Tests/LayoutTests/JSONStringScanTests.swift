// The string scan reads eight bytes at a time (`JSONString.plainRun`): against a reference
// that reads one byte at a time, on random strings whose special bytes (quote, backslash,
// control characters, UTF-8 leads, good and bad) fall at every place of a word.
import Testing
@testable import Layout

@Suite struct JSONStringScanTests {
    enum Outcome: Equatable {
        case closed(at: Int, escaped: Bool)
        case failed(StringError, at: Int)
    }

    /// What the scan must find, byte by byte: the closing quote and whether escapes occur,
    /// or the error and its offset.
    static func reference(_ b: [UInt8], _ quote: Int) -> Outcome {
        var i = quote + 1, escaped = false
        while true {
            guard i < b.count else { return .failed(.unterminated, at: quote) }
            let c = b[i]
            if c == 0x22 { return .closed(at: i, escaped: escaped) }
            if c < 0x20 { return .failed(.controlCharacter, at: i) }
            if c == 0x5C || c >= 0x80 {
                var failAt = i
                do throws(StringError) {
                    i = try b.withUnsafeBufferPointer { p throws(StringError) in
                        guard let base = p.baseAddress else { throw .unterminated }
                        return c == 0x5C ? try JSONString.scanEscape(base, i, b.count, failAt: &failAt)
                                         : try JSONString.scanUTF8(base, i, b.count, failAt: &failAt)
                    }
                    if c == 0x5C { escaped = true }
                } catch {
                    return .failed(error, at: failAt)
                }
                continue
            }
            i += 1
        }
    }

    /// `JSONString.scan` of the string opening at 0 in `buffer`, which ends at `end`.
    static func scan(_ buffer: [UInt8], end: Int) -> Outcome {
        buffer.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return .failed(.unterminated, at: -1) }
            var failAt = -1
            do throws(StringError) {
                let (close, escaped) = try JSONString.scan(base, 0, end, failAt: &failAt)
                return .closed(at: close, escaped: escaped)
            } catch {
                return .failed(error, at: failAt)
            }
        }
    }

    @Test func wordAtATimeScanMatchesByteByByte() {
        let pieces: [[UInt8]] = [
            [0x61], [0x7A], [0x20], [0x7E], [0x22], [0x5C, 0x6E], [0x5C, 0x22], [0x5C, 0x75, 0x30, 0x30, 0x34, 0x31],
            [0x5C, 0x78], [0x01], [0x1F], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
            [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0x80], [0x5C],
        ]
        var rng = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = [0x22]
            // Mostly plain letters, so that runs of 8 and more occur, with a special piece now and then.
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                bytes += Int.random(in: 0..<4, using: &rng) == 0 ? pieces.randomElement(using: &rng) ?? [] : [UInt8.random(in: 0x23...0x5B, using: &rng)]
            }
            if Bool.random(using: &rng) { bytes.append(0x22) }
            bytes += Array(repeating: 0x61, count: Int.random(in: 0...9, using: &rng))
            let expected = Self.reference(bytes, 0)
            let got = Self.scan(bytes, end: bytes.count)
            if got != expected { mismatches.append("\(bytes): expected \(expected), got \(got)") }
            // The same string with closing quotes just past `end`: nothing there may be read.
            let past = Self.scan(bytes + Array(repeating: 0x22, count: 8), end: bytes.count)
            if past != expected { mismatches.append("\(bytes) with quotes past the end: expected \(expected), got \(past)") }
        }
        let count = mismatches.count
        #expect(count == 0, "first mismatch: \(mismatches.first ?? "")")
    }
}
