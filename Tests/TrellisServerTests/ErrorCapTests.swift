import Foundation
import Testing
import Layout
import TrellisServer

/// A request full of mistakes costs what its first hundred do to report, and a document
/// over the limits is refused before any of its elements is read (issue "Hostile and
/// careless clients", item 4).
@Suite struct ErrorCapTests {
    static func solve(_ body: String) throws -> (status: Int, problem: [String: Any]) {
        let reply = LayoutEngineService(limits: LayoutLimits(maxViews: 100, maxConstraints: 400_000)).solve(document: Array(body.utf8), space: .superview)
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

/// Limits count what the layout would hold: views or constraints a batch adds and takes
/// away again do not count (issue "Hostile and careless clients", item 8).
@Suite struct NetLimitTests {
    @Test func addedAndRemovedAgainIsNotCounted() throws {
        let live = try LiveServer(LayoutEngineService(limits: LayoutLimits(maxViews: 50, maxConstraints: 50))) { $0.maxViewsPerLayout = 50 }
        defer { live.stop() }
        let c = try live.client()
        let created = try c.postJSON("/v1/sessions", #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}"#)
        #expect(created.status == 201, "\(created.text)")
        let object = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
        let id = try #require(object?["id"] as? String)
        // Constraint ids are unique across a request, view ids within one views array.
        let churn = (0..<200).map { k in
            #"{"op": "addViews", "views": [{"id": "z", "superview": "root"}]}, {"op": "make", "view": "z", "constraints": [{"id": "k\#(k)", "expr": "z.width == 1"}]}, {"op": "remove", "ids": ["k\#(k)"]}, {"op": "removeViews", "ids": ["z"]}"#
        }.joined(separator: ", ")
        let r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [\#(churn)]}"#)
        #expect(r.status == 200, "\(r.text.prefix(600))")
        let tooMany = (0..<60).map { #"{"id": "v\#($0)", "superview": "root"}"# }.joined(separator: ", ")
        let refused = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "addViews", "views": [\#(tooMany)]}]}"#)
        #expect(refused.status == 413)
    }
}
