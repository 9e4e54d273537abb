// `NumberTokens.changes` (a warm one-shot's reading of a body against the kept one) against
// an oracle that reads the new body whole: the same bytes outside the number tokens, token
// for token, or nil.
import Foundation
import TestSupport
import Testing
@testable import Layout

@Suite struct NumberTokensTests {
    typealias Changes = (changed: [(token: Int, value: Double)], spans: [Range<Int>])

    /// What `changes` must answer, worked out from both bodies' tokens.
    static func oracle(_ kept: NumberTokens, _ old: [UInt8], _ new: [UInt8]) -> Changes? {
        guard let fresh = new.withUnsafeBytes({ NumberTokens($0) }), fresh.spans.count == kept.spans.count else { return nil }
        var changed: [(token: Int, value: Double)] = []
        var oldEnd = 0, newEnd = 0
        for k in kept.spans.indices {
            let a = kept.spans[k], b = fresh.spans[k]
            guard old[oldEnd..<a.lowerBound].elementsEqual(new[newEnd..<b.lowerBound]) else { return nil }
            oldEnd = a.upperBound; newEnd = b.upperBound
            if old[a].elementsEqual(new[b]) { continue }
            guard kept.roles[k] != .other, let value = Double(String(decoding: new[b], as: UTF8.self)),
                  isJSONNumber(String(decoding: new[b], as: UTF8.self)) else { return nil }
            changed.append((k, value))
        }
        guard old[oldEnd...].elementsEqual(new[newEnd...]) else { return nil }
        return (changed, fresh.spans)
    }

    /// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    static func isJSONNumber(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    static func same(_ a: Changes?, _ b: Changes?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.spans == b.spans && a.changed.map(\.token) == b.changed.map(\.token)
            && a.changed.map(\.value) == b.changed.map(\.value)
    }

    @Test func changesAreTheTokensThatDiffer() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/screens")
        let numbers = ["0", "7", "12", "120", "-3", "1.5", "0.25", "1e3", "2E-2", "-0", "1234567"]
        let notNumbers = ["01", "1-", "", "9.", "+4", "1e"]
        var rng = SplitMix(state: 2026_11_30)
        var checked = 0, answered = 0
        for name in ["stack", "signin", "cards", "list"] {
            let old = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".json")))
            let kept = try #require(old.withUnsafeBytes { NumberTokens($0) })
            for _ in 0..<400 {
                // Some tokens given new text, at times one byte elsewhere changed or put in.
                var new: [UInt8] = []
                var from = 0
                for span in kept.spans {
                    new += old[from..<span.lowerBound]
                    if Int.random(in: 0..<400, using: &rng) == 0 {
                        new += Array(notNumbers[Int.random(in: 0..<notNumbers.count, using: &rng)].utf8)
                    } else if Int.random(in: 0..<12, using: &rng) == 0 {
                        new += Array(numbers[Int.random(in: 0..<numbers.count, using: &rng)].utf8)
                    } else {
                        new += old[span]
                    }
                    from = span.upperBound
                }
                new += old[from...]
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: new[Int.random(in: 0..<new.count, using: &rng)] = UInt8(ascii: "9")
                case 1: new.insert(UInt8(ascii: "5"), at: Int.random(in: 0...new.count, using: &rng))
                case 2: new.removeLast()
                default: break
                }
                let got = old.withUnsafeBytes { o in new.withUnsafeBytes { n in kept.changes(from: o, to: n) } }
                let expected = Self.oracle(kept, old, new)
                #expect(Self.same(got, expected), "\(name): \(String(decoding: new, as: UTF8.self))")
                checked += 1
                if got != nil { answered += 1 }
            }
        }
        #expect(answered > checked / 10 && answered < checked)
    }
}
