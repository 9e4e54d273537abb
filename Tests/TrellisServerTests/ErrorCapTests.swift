import Foundation
import Testing
@testable import TrellisServer

/// A request full of mistakes costs what its first hundred do to report, and a document
/// over the limits is refused before any of its elements is read (issue "Hostile and
/// careless clients", item 4).
@Suite struct ErrorCapTests {
    static func solve(_ body: String) throws -> (status: Int, problem: [String: Any]) {
        let reply = LayoutEngineService(maxViews: 100, maxConstraints: 400_000).solve(document: Array(body.utf8), space: .superview)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        return (reply.status, json)
    }

    @Test func errorListsAreCappedAndCounted() throws {
        let body = #"{"views": [], "constraints": ["# + Array(repeating: "{}", count: 30_000).joined(separator: ",") + "]}"
        let (status, problem) = try Self.solve(body)
        let errors = try #require(problem["errors"] as? [[String: Any]])
        #expect(status == 422 && errors.count == 100)
        #expect(problem["detail"] as? String == "90000 errors in the request; the first 100 are listed")
        #expect((errors.first?["location"] as? [String: Any])?["pointer"] as? String == "/constraints/0")
    }

    @Test func limitsAreCheckedBeforeTheElements() throws {
        let views = (0..<150).map { _ in #"{"id": 1, "bad": true}"# }.joined(separator: ",")
        let (status, problem) = try Self.solve(#"{"views": [\#(views)], "constraints": []}"#)
        let errors = try #require(problem["errors"] as? [[String: Any]])
        #expect(status == 413)
        #expect(errors.map { $0["code"] as? String } == ["too-large"])
        #expect(errors.first?["message"] as? String == "the layout would have 150 views; at most 100 are accepted")
        #expect((errors.first?["location"] as? [String: Any])?["pointer"] as? String == "/views")
    }
}
