import Foundation
import Testing
import Layout
import TrellisServer

/// A refused request's errors about a constraint carry the caller's `source`, on the wire.
@Suite struct ErrorSourceEchoTests {
    @Test func problemErrorsEchoTheConstraintsSource() throws {
        let body = #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}],"#
            + #" "constraints": [{"view": "root", "attributes": "widht", "to": 1, "source": {"file": "V.swift", "line": 9}},"#
            + #" {"expr": "root.top == ghost.top", "source": {"file": "W.swift", "line": 3, "column": 7}}]}"#
        let reply = LayoutEngineService().solve(document: Array(body.utf8), space: .superview)
        #expect(reply.status == 422)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let errors = try #require(json["errors"] as? [[String: Any]])
        let sources = errors.map { ($0["source"] as? [String: Any]).map { "\($0["file"] ?? ""):\($0["line"] ?? "")" } ?? "-" }
        #expect(sources == ["V.swift:9", "W.swift:3"], "\(errors)")
        let ghost = errors.first { $0["code"] as? String == "unknown-view" }
        let location = ghost?["location"] as? [String: Any]
        #expect(location?["pointer"] as? String == "/constraints/1/expr")
        #expect(location?["exprColumn"] as? Int == 13)
    }
}
