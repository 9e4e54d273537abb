import TestSupport
import Foundation
import Testing
import TrellisServer

/// `POST /v1/explain` over HTTP (issue #39): a real log pasted as text, the report, the
/// rebuilt document re-POSTed to `/v1/layouts`, and every way a paste is refused.
@Suite struct ExplainEndToEndTests {
    typealias L = LifecycleEndToEndTests

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LayoutTests/Fixtures/autolayout-logs")

    static func paste(_ name: String) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        let file = try #require(files.first { $0.hasPrefix(name) && $0.hasSuffix(".log") })
        return try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
    }

    static func explain(_ c: TestHTTPClient, _ text: String, type: String = "text/plain; charset=utf-8") throws -> TestHTTPClient.Response {
        try c.exchange("POST", "/v1/explain", headers: [("Content-Type", type)], body: text)
    }

    /// Each real paste is explained, and its document, re-POSTed, reports the same conflicts.
    @Test(arguments: ["01-", "02-", "07-", "09-", "15-", "18-", "22-", "32-"])
    func aPasteIsExplainedAndItsDocumentReproducesTheConflict(_ fixture: String) throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let r = try Self.explain(c, try Self.paste(fixture))
        #expect(r.status == 200, "\(r.text)")
        let logs = try L.object(r)["logs"] as? [[String: Any]] ?? []
        #expect(!logs.isEmpty)
        for log in logs {
            let diagnostics = log["diagnostics"] as? [[String: Any]] ?? []
            let conflicts = diagnostics.filter { $0["code"] as? String == "unsatisfiable" }
            #expect(!conflicts.isEmpty, "\(fixture) line \(log["line"] ?? "?")")
            for d in conflicts {
                #expect((d["explanation"] as? String ?? "").contains(" needs it to ") || (d["explanation"] as? String ?? "").contains("is below 0"))
                #expect(!(d["suggestions"] as? [String] ?? []).isEmpty)
            }
            let document = try JSONSerialization.data(withJSONObject: try #require(log["document"]))
            let again = try L.object(try c.postJSON("/v1/layouts?space=root", String(decoding: document, as: UTF8.self)))
            func sets(_ ds: [[String: Any]]) -> [Set<String>] {
                ds.filter { $0["code"] as? String == "unsatisfiable" }
                    .map { Set(($0["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) }
            }
            #expect(sets(again["diagnostics"] as? [[String: Any]] ?? []) == sets(diagnostics))
            #expect(NSDictionary(dictionary: again["frames"] as? [String: Any] ?? [:]).isEqual(to: {
                var f = log["frames"] as? [String: Any] ?? [:]
                f["window"] = (again["frames"] as? [String: Any])?["window"]
                return f
            }()))
        }
    }

    @Test func theContractsExampleSaysWhyWithItsNumbers() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let paste = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x618000090ef0 H:|-(10)-[UILabel:0x7fa01200b390'Leo Nicholson']   (active, names: '|':UITableViewCellContentView:0x7fa01200a6b0 )>",
                "<NSLayoutConstraint:0x618000091120 H:[UILabel:0x7fa01200b390'Leo Nicholson']-(11)-|   (active, names: '|':UITableViewCellContentView:0x7fa01200a6b0 )>",
                "<NSLayoutConstraint:0x618000092750 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7fa01200a6b0.width == 1   (active)>"
            )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x618000092750 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7fa01200a6b0.width == 1   (active)>
            """
        let report = try L.object(try Self.explain(c, paste))
        let log = try #require((report["logs"] as? [[String: Any]])?.first)
        #expect(log["line"] as? Int == 1)
        let label = try #require((log["views"] as? [[String: Any]])?.first { $0["class"] as? String == "UILabel" })
        #expect(label["text"] as? String == "Leo Nicholson" && label["address"] as? String == "0x7fa01200b390")
        let entries = log["constraints"] as? [[String: Any]] ?? []
        #expect(entries.map { "\($0["line"] ?? 0):\($0["column"] ?? 0)" } == ["3:5", "4:5", "5:5"])
        let d = try #require((log["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "unsatisfiable" })
        let members = d["constraints"] as? [[String: Any]] ?? []
        #expect(Set(members.compactMap { $0["address"] as? String }) == ["0x618000090ef0", "0x618000091120", "0x618000092750"])
        let implicit = try #require(members.first { $0["implicit"] as? Bool == true })
        #expect(implicit["view"] as? String == "UILabel_0x7fa01200b390" && implicit["attribute"] as? String == "width")
        let explanation = d["explanation"] as? String ?? ""
        #expect(explanation.contains("exactly -20 = -10 (c1) - 11 (c2) + 1 (c3)"), "\(explanation)")
        #expect((d["suggestions"] as? [String] ?? []).first?.contains("UIView-Encapsulated-Layout-Width") == true)
        let broke = log["autoLayoutBroke"] as? [String: Any]
        #expect(broke?["address"] as? String == "0x618000092750" && broke?["line"] as? Int == 8 && broke?["id"] as? String == "c3")
    }

    @Test func refusals() throws {
        let live = try LiveServer(LayoutEngineService()) { $0.maxBodyBytes = 4096 }
        defer { live.stop() }
        let c = try live.client()
        for empty in ["", "   \n\n", "Unable to simultaneously satisfy constraints:\n(\n    \"<private>\"\n)\n"] {
            let r = try Self.explain(c, empty)
            let type = try L.object(r)["type"] as? String
            #expect(r.status == 422 && type == "urn:trellis:problem:no-log-found", "\(r.text)")
        }
        let json = try Self.explain(c, "Unable to simultaneously satisfy constraints.", type: "application/json")
        #expect(json.status == 415 && json.text.contains("text/plain"))
        // What cannot be read is a warning with its line; the rest is explained.
        let partial = try Self.explain(c, """
            Unable to simultaneously satisfy constraints.
            "<NSLayoutConstraint:0x1 UIView:0xa.width == 10   (active)>",
            "<NSLayoutConstraint:0x2 UIView:0xa.width ?? 20   (active)>",
            "<NSLayoutConstraint:0x3 UIView:0xa.width == 30   (active)>"
            """)
        #expect(partial.status == 200)
        let warnings = try L.object(partial)["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["line"] as? Int == 3 && $0["column"] as? Int == 1 && $0["code"] as? String == "unreadable" }, "\(warnings)")
        let logs = try L.object(partial)["logs"] as? [[String: Any]] ?? []
        #expect((logs.first?["diagnostics"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "unsatisfiable" })
        // The body limit is the server's, as for every route (the connection then closes).
        let big = try Self.explain(c, String(repeating: "x", count: 4100))
        #expect(big.status == 413)
    }
}
