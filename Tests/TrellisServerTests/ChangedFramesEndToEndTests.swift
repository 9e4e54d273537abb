import TestSupport
import Foundation
import Testing
import TrellisServer

/// `?frames=changed` on edits (docs/api.md §4.4): a row of a list grows, and the answer holds
/// the frames that moved (that row's, the rows below it, the content) and nothing else; merged
/// into the previous answer it is the whole answer a twin session gives; removed and added
/// views are told; the query is refused where it means nothing.
@Suite struct ChangedFramesEndToEndTests {
    static let list: String = {
        var views = [#"{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}"#]
        var constraints: [String] = []
        for k in 1...12 {
            views.append(#"{"id": "row\#(k)", "superview": "root"}"#)
            constraints.append(#"{"view": "row\#(k)", "attributes": ["left", "right"], "to": "superview"}"#)
            constraints.append(k == 1 ? #""row1.top == superview.top""# : #""row\#(k).top == row\#(k - 1).bottom""#)
            constraints.append(#"{"id": "h\#(k)", "view": "row\#(k)", "attributes": "height", "to": 44}"#)
        }
        return #"{"views": [\#(views.joined(separator: ", "))], "constraints": [\#(constraints.joined(separator: ", "))]}"#
    }()

    static func object(_ r: TestHTTPClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
    }

    @Test func onlyTheFramesThatMoveAreAnswered() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let a = try Self.object(try c.postJSON("/v1/sessions", Self.list)), b = try Self.object(try c.postJSON("/v1/sessions", Self.list))
        let ida = try #require(a["id"] as? String), idb = try #require(b["id"] as? String)
        var kept = try #require(a["frames"] as? [String: [String: Double]])
        let batches = [
            #"{"ops": [{"op": "set", "ids": ["h9"], "to": 60}]}"#,
            #"{"ifRevision": 2, "ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 667}}]}"#,
            #"{"ops": [{"op": "removeViews", "ids": ["row12"]}, {"op": "addViews", "views": [{"id": "tail", "superview": "root", "frame": {"x": 0, "y": 600, "width": 10, "height": 10}}]}]}"#,
            #"{"ops": []}"#,
        ]
        for (k, batch) in batches.enumerated() {
            let r = try c.postJSON("/v1/sessions/\(ida)/edits?frames=changed", batch)
            let full = try Self.object(try c.postJSON("/v1/sessions/\(idb)/edits", batch))
            #expect(r.status == 200)
            let changed = try Self.object(r)
            let frames = try #require(changed["frames"] as? [String: [String: Double]])
            let whole = try #require(full["frames"] as? [String: [String: Double]])
            #expect(changed["changedSince"] as? Int == k + 1 && changed["revision"] as? Int == full["revision"] as? Int)
            // Exactly the frames that differ from the kept answer (or are new).
            #expect(Set(frames.keys) == Set(whole.keys.filter { kept[$0] != whole[$0] }), "batch \(k): \(frames.keys.sorted())")
            let removed = try #require(changed["removedViews"] as? [String])
            #expect(Set(removed) == Set(kept.keys).subtracting(whole.keys))
            for id in removed { kept[id] = nil }
            kept.merge(frames) { _, new in new }
            #expect(kept == whole, "batch \(k)")
            #expect(changed["diagnostics"] as? [Any] != nil && changed["stats"] != nil)
        }
        #expect(try c.postJSON("/v1/sessions/\(ida)/edits?frames=some", #"{"ops": []}"#).status == 400)
        #expect(try c.postJSON("/v1/layouts?frames=changed", Self.list).status == 400)
        #expect(try c.exchange("GET", "/v1/sessions/\(ida)?frames=changed").status == 400)
        #expect(try c.exchange("GET", "/v1/sessions/\(ida)?frames=all").status == 200)
    }
}
