import Foundation
import TestSupport
import Testing
@testable import Layout

/// A random valid VFL line and the expression strings Apple's expansion says it stands for,
/// written here from the grammar (docs/semantics.md §6.6) and not by the layout's own code,
/// solve to the same frames and make the same constraints.
@Suite struct VFLPropertyTests {
    /// The project's deterministic generator, with the few draws the lines need.
    struct Gen {
        var rng: SplitMix
        init(state: UInt64) { rng = SplitMix(state: state) }
        mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
    }

    /// The line, and its constraints as expression strings in Apple's order.
    static func line(_ g: inout Gen) -> (vfl: String, expressions: [String]) {
        let vertical = g.chance(0.5)
        let (lead, tail, length) = vertical ? ("top", "bottom", "height") : ("leading", "trailing", "width")
        var names = ["a", "b", "c", "d"]
        var views: [String] = []
        for _ in 0..<g.int(1...4) { views.append(names.remove(at: g.int(0...(names.count - 1)))) }
        var text = vertical ? "V:" : (g.chance(0.5) ? "H:" : "")
        var out: [String] = []
        /// A connection's text and its (relation, constant, priority) triples.
        func connection(_ standard: Int) -> (String, [(String, Int, Int?)]) {
            switch g.int(0...3) {
            case 0: return ("", [("==", 0, nil)])
            case 1: return ("-", [("==", standard, nil)])
            case 2: let n = g.int(0...40); return ("-\(n)-", [("==", n, nil)])
            default:
                var parts: [(String, Int, Int?)] = []
                for _ in 0..<g.int(1...2) { parts.append((g.pick(["==", ">=", "<="]), g.int(0...30), g.chance(0.5) ? g.pick([250, 750, 999]) : nil)) }
                let inside = parts.map { "\($0.0)\($0.1)" + ($0.2.map { "@\($0)" } ?? "") }.joined(separator: ",")
                return ("-(\(inside))-", parts)
            }
        }
        func expression(_ first: String, _ a: String, _ rel: String, _ second: String?, _ b: String?, _ n: Int, _ p: Int?) -> String {
            let rhs = second.map { "\($0).\(b ?? a)" + (n == 0 ? "" : " + \(n)") } ?? "\(n)"
            return "\(first).\(a) \(rel) \(rhs)" + (p.map { " @\($0)" } ?? "")
        }
        if g.chance(0.6) {
            let (t, parts) = connection(20)
            text += "|" + t
            for p in parts { out.append(expression(views[0], lead, p.0, "root", lead, p.1, p.2)) }
        }
        for (k, v) in views.enumerated() {
            var predicates: [String] = []
            if g.chance(0.4) {
                if k > 0 && g.chance(0.4) {
                    predicates.append("==\(views[k - 1])")
                    out.append("\(v).\(length) == \(views[k - 1]).\(length)")
                } else {
                    let n = g.int(10...120), rel = g.pick(["==", ">="])
                    predicates.append("\(rel)\(n)")
                    out.append(expression(v, length, rel, nil, nil, n, nil))
                }
            }
            text += "[\(v)" + (predicates.isEmpty ? "" : "(" + predicates.joined(separator: ",") + ")") + "]"
            if k + 1 < views.count {
                let (t, parts) = connection(8)
                text += t
                for p in parts { out.append(expression(views[k + 1], lead, p.0, v, tail, p.1, p.2)) }
            }
        }
        if g.chance(0.6), let last = views.last {
            let (t, parts) = connection(20)
            text += t + "|"
            for p in parts { out.append(expression("root", tail, p.0, last, tail, p.1, p.2)) }
        }
        return (text, out)
    }

    static let views = #"""
    [{"id": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}},
     {"id": "a", "superview": "root", "intrinsicSize": {"width": 30, "height": 20}}, {"id": "b", "superview": "root"},
     {"id": "c", "superview": "root", "intrinsicSize": {"width": 60, "height": 44}}, {"id": "d", "superview": "root"}]
    """#

    static func layout(_ constraints: [String]) throws -> LiveLayout {
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        let document = try decodeLayoutDocument(Array(#"{"views": \#(views), "constraints": [\#(list)]}"#.utf8)).get()
        return try LiveLayout.make(document: document).get()
    }

    @Test func aLineSolvesAsTheExpressionsItStandsFor() throws {
        var g = Gen(state: 2811_2026)
        var failures: [String] = []
        for _ in 0..<400 {
            let (vfl, expressions) = Self.line(&g)
            let fixed = ["a.top == 5 @1", "b.left == 7 @1"]  // the same extra in both
            let viaLine = try Self.layout([vfl] + fixed), viaExpressions = try Self.layout(expressions + fixed)
            let made = viaLine.installedConstraints().filter { $0.id.hasPrefix("c1.") }.map { ConstraintText.describe($0.constraint) }
            let written = viaExpressions.installedConstraints().prefix(expressions.count).map { ConstraintText.describe($0.constraint) }
            if made != Array(written) || viaLine.answer().frames != viaExpressions.answer().frames {
                failures.append("\(vfl)\n  made:    \(made)\n  written: \(Array(written))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) lines differ; first: \(failures.first ?? "")")
    }
}
