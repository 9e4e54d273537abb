import Testing
import TestSupport
@testable import TrellisServer

/// `Compression.acceptsGzip` reads `Accept-Encoding` over its bytes. The oracle is the
/// plain reading it replaced (split on commas and semicolons, trim, lowercase, parse `q`),
/// on random headers of tokens, weights, spaces, tabs, stray separators and a few non-ASCII
/// letters (HTTP splits a field on bytes: commas are never part of another character here).
@Suite struct CompressionTests {
    static func oracle(_ header: String?) -> Bool {
        guard let header else { return false }
        func trim(_ s: Substring) -> String {
            var t = s[...]
            while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
            while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
            return String(t)
        }
        var star: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let name = parts.first.map({ trim($0).lowercased() }) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, trim(pair[0]).lowercased() == "q" { weight = Double(trim(pair[1])) ?? 0 }
            }
            if name == "gzip" || name == "x-gzip" { return weight > 0 }
            if name == "*" { star = weight > 0 }
        }
        return star ?? false
    }

    @Test func examples() {
        #expect(Compression.acceptsGzip("gzip"))
        #expect(Compression.acceptsGzip("br;q=1.0, GZip;q=0.8"))
        #expect(Compression.acceptsGzip("deflate, *"))
        #expect(!Compression.acceptsGzip("identity"))
        #expect(!Compression.acceptsGzip("gzip;q=0"))
        #expect(!Compression.acceptsGzip("gzip;q=0.000, *"))
        #expect(Compression.acceptsGzip("gzip;q="))       // nothing after '=': the weight stays
        #expect(!Compression.acceptsGzip("*;q=0, br"))
        #expect(!Compression.acceptsGzip(nil))
        #expect(!Compression.acceptsGzip(""))
    }

    @Test func randomHeadersAnswerAsThePlainReadingDoes() {
        let pieces = ["gzip", "GZIP", "x-gzip", "X-Gzip", "*", "br", "deflate", "identity", "gz", "gzipp", "é", "q",
                      ",", ",", ";", ";", "=", "q=", "q=0", "q=1", "Q=0.5", "q=0.000", "q=abc", "q = 0", " ", "\t", "ü"]
        var accepted = 0
        for seed in UInt64(1)...20_000 {
            var rng = SplitMix(state: seed)
            var header = ""
            for _ in 0..<Int(rng.next() % 9) { header += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let expected = Self.oracle(header)
            #expect(Compression.acceptsGzip(header) == expected, "\(header.debugDescription)")
            if expected { accepted += 1 }
        }
        #expect(accepted > 500 && accepted < 19_500, "\(accepted) of 20,000 accepted")
    }
}
