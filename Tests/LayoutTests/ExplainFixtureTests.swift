import Foundation
import Layout
@testable import LogExplain
import Testing

/// Real Auto Layout logs, collected from public issue trackers and Q&A pages with the damage
/// their pastes have (Fixtures/autolayout-logs/README.md), each with the facts worked out by
/// hand beside it: the entries listed, the minimal conflicting subset, the non-negative sizes
/// it needs, and the constraint Auto Layout broke. The explainer must find each (issue #39).
@Suite struct ExplainFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/autolayout-logs")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func thereAreEnoughFixtures() {
        #expect(Self.names.count >= 15, "\(Self.names)")
    }

    @Test(arguments: names) func everyFixtureIsExplained(_ name: String) throws {
        let log = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".log"))
        let expected = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.directory.appendingPathComponent(name + ".json"))) as? [String: Any])
        let outcome = LogExplainer.explain(Array(log))
        if expected["expectedStatus"] as? Int == 422 {
            guard case .noLog = outcome else { Issue.record("\(name): explained, want 422 no-log-found"); return }
            return
        }
        guard case .report(let bytes) = outcome else {
            Issue.record("\(name): not explained")
            return
        }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let logs = report["logs"] as? [[String: Any]] ?? []
        let warnings = report["warnings"] as? [[String: Any]] ?? []
        for want in expected["logs"] as? [[String: Any]] ?? [] {
            let header = want["headerLine"] as? Int ?? 0
            guard let got = logs.first(where: { $0["line"] as? Int == header }) else {
                Issue.record("\(name): no log at line \(header); logs at \(logs.map { $0["line"] ?? "?" })")
                continue
            }
            try check(name, want, got, warnings)
        }
    }

    private func check(_ name: String, _ want: [String: Any], _ got: [String: Any], _ warnings: [[String: Any]]) throws {
        let line = got["line"] as? Int ?? 0
        // Every listed entry is read.
        let read = Set((got["constraints"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String })
        let listed = (want["listed"] as? [String] ?? []).map { $0.lowercased() }
        #expect(Set(listed).isSubset(of: read), "\(name)@\(line): not read: \(Set(listed).subtracting(read))")
        // The broken constraint is echoed, with its line.
        let broke = got["autoLayoutBroke"] as? [String: Any]
        #expect((broke?["address"] as? String) == (want["broke"] as? String)?.lowercased(), "\(name)@\(line): \(String(describing: broke))")
        #expect(broke?["line"] as? Int == want["brokeLine"] as? Int, "\(name)@\(line): \(String(describing: broke))")
        let conflict = Set((want["conflict"] as? [String] ?? []).map { $0.lowercased() })
        let alternatives = (want["alternativeConflicts"] as? [[String: Any]] ?? []).map { a in
            (Set((a["conflict"] as? [String] ?? []).map { $0.lowercased() }), a["implicitNonNegative"] as? [[String: Any]])
        }
        let diagnostics = got["diagnostics"] as? [[String: Any]] ?? []
        let unsatisfiable = diagnostics.filter { $0["code"] as? String == "unsatisfiable" }
        guard !conflict.isEmpty else {
            #expect(unsatisfiable.isEmpty, "\(name)@\(line): a conflict found in a partial list")
            #expect(warnings.contains { $0["code"] as? String == "not-reproduced" && $0["line"] as? Int == line }, "\(name)@\(line)")
            return
        }
        // The hand-worked conflict is one of those found, implicit sizes included.
        let views = Dictionary((got["views"] as? [[String: Any]] ?? []).compactMap { v in
            (v["id"] as? String).map { ($0, (v["address"] as? String) ?? "") } }, uniquingKeysWith: { a, _ in a })
        let implicit = Set((want["implicitNonNegative"] as? [[String: Any]] ?? []).map {
            "\(($0["view"] as? String ?? "").lowercased()).\($0["attribute"] as? String ?? "")" })
        let sets = unsatisfiable.map { d -> (Set<String>, Set<String>, String) in
            let members = d["constraints"] as? [[String: Any]] ?? []
            let logged = Set(members.compactMap { $0["address"] as? String })
            let sizes = Set(members.filter { $0["implicit"] as? Bool == true }.map {
                "\(views[$0["view"] as? String ?? ""] ?? "?").\($0["attribute"] as? String ?? "")" })
            return (logged, sizes, d["explanation"] as? String ?? "")
        }
        func sizes(_ list: [[String: Any]]?) -> Set<String> {
            Set((list ?? []).map { "\(($0["view"] as? String ?? "").lowercased()).\($0["attribute"] as? String ?? "")" })
        }
        // The hand-worked set, or one of the other sets as small that the fixture lists.
        let wanted = [(conflict, implicit)] + alternatives.map { ($0.0, $0.1.map(sizes) ?? implicit) }
        let match = sets.first { got in wanted.contains { $0.0 == got.0 } }
        #expect(match != nil, "\(name)@\(line): found \(sets.map { ($0.0, $0.1) }), want \(conflict) + \(implicit)")
        if let match, let want = wanted.first(where: { $0.0 == match.0 }) {
            #expect(match.1 == want.1, "\(name)@\(line): implicit sizes \(match.1), want \(want.1)")
            try checkExplanation(name, match.2)
        }
        // The rebuilt document, solved again, reports the same conflicts.
        let document = try JSONSerialization.data(withJSONObject: try #require(got["document"]))
        let again = try decodeLayoutDocument(Array(document)).flatMap { LiveLayout.solve(document: $0, space: .root) }.get()
        let againSets = again.diagnostics.filter { $0.code == .unsatisfiable }.map { Set($0.constraints.map(\.id)) }
        let ids = unsatisfiable.map { Set(($0["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) }
        #expect(againSets == ids, "\(name)@\(line): the document solved again gives \(againSets), the report \(ids)")
    }

    /// The sentence's arithmetic: "… make Q at least B (t1 + t2 …), but … needs it to equal c":
    /// the terms add up to B, and B misses c on the side the sentence says.
    private func checkExplanation(_ name: String, _ text: String) throws {
        let pattern = try NSRegularExpression(pattern: #" makes? .* (exactly|at least|at most) (-?[0-9.e+-]+) = (.*), but (.* needs it to (equal|be at least|be at most) (-?[0-9.e+-]+)|no (width|height) is below 0)$"#)
        guard let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            Issue.record("\(name): explanation without its numbers: \(text)")
            return
        }
        func group(_ k: Int) -> String { Range(m.range(at: k), in: text).map { String(text[$0]) } ?? "" }
        let side = group(1), bound = Double(group(2)) ?? .nan
        let need = group(7).isEmpty ? group(5) : "be at least", target = group(7).isEmpty ? Double(group(6)) ?? .nan : 0
        // "10 (c1) - 11 (c2)": the numbers, each with its sign.
        let named = try NSRegularExpression(pattern: #"(^|[+-]) ?(-?[0-9.e]+) \([^)]*\)"#)
        let sumText = group(3)
        let terms = named.matches(in: sumText, range: NSRange(sumText.startIndex..., in: sumText)).compactMap { t -> Double? in
            let sign = Range(t.range(at: 1), in: sumText).map { sumText[$0] == "-" ? -1.0 : 1.0 } ?? 1
            return Range(t.range(at: 2), in: sumText).flatMap { Double(sumText[$0]) }.map { $0 * sign }
        }
        #expect(abs(terms.reduce(0, +) - bound) < 1e-6, "\(name): \(text)")
        switch (side, need) {
        case ("exactly", "equal"): #expect(bound != target, "\(name): \(text)")
        case ("exactly", "be at least"): #expect(bound < target, "\(name): \(text)")
        case ("exactly", "be at most"): #expect(bound > target, "\(name): \(text)")
        case ("at least", "equal"), ("at least", "be at most"): #expect(bound > target, "\(name): \(text)")
        case ("at most", "equal"), ("at most", "be at least"): #expect(bound < target, "\(name): \(text)")
        default: Issue.record("\(name): \(side) against \(need) is no contradiction: \(text)")
        }
    }
}
