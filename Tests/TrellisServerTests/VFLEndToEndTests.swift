import TestSupport
import Foundation
import Testing
import TrellisServer

/// VFL over HTTP (issue #38): documents that mix VFL lines and expressions, every error at
/// once with its column, and a VFL entry through a session's life.
@Suite struct VFLEndToEndTests {
    typealias L = LifecycleEndToEndTests
    typealias S = SetEndToEndTests

    static let document = #"""
    {"metrics": {"pad": 16},
     "views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 120}},
               {"id": "icon", "superview": "root"},
               {"id": "title", "superview": "root", "intrinsicSize": {"width": 160, "height": 21}},
               {"id": "badge", "superview": "root", "intrinsicSize": {"width": 24, "height": 24}}],
     "constraints": [
       {"id": "row", "vfl": "H:|-(pad)-[icon(44)]-[title]-(>=8)-[badge]-(pad)-|", "options": ["alignAllCenterY"]},
       "V:|-(pad)-[icon(44)]",
       "badge.width == 24"
     ]}
    """#

    @Test func aScreenInVFLAndExpressions() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let answer = try L.object(try c.postJSON("/v1/layouts", Self.document))
        let frames = try #require(answer["frames"] as? [String: [String: Double]])
        #expect(frames["icon"] == ["x": 16, "y": 16, "width": 44, "height": 44], "\(frames)")
        #expect(frames["title"]?["x"] == 68 && frames["title"]?["y"] == 27.5, "\(frames)")
        #expect(frames["badge"]?["x"] == 375 - 16 - 24 && frames["badge"]?["y"] == 26, "\(frames)")
    }

    @Test func everyErrorAtOnceWithItsColumn() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let r = try c.postJSON("/v1/layouts", #"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "a", "superview": "root"}],
             "constraints": ["H:|-[a]-", "V:|-(gap)-[a]", "H:[a]-[bee]", {"vfl": "H:[a]", "options": ["alignAllLeft"]}, "a.widht == 3"]}
            """#)
        #expect(r.status == 422)
        let errors = try L.object(r)["errors"] as? [[String: Any]] ?? []
        let got = errors.map { e -> String in
            let location = e["location"] as? [String: Any]
            return "\(e["code"] ?? "") \(location?["pointer"] ?? "") \(location?["exprColumn"] ?? "-")"
        }
        #expect(got.contains("vfl-syntax /constraints/0 9"), "\(got)")
        #expect(got.contains("unknown-metric /constraints/1 6"), "\(got)")
        #expect(got.contains("unknown-view /constraints/2 8"), "\(got)")
        #expect(got.contains("vfl-option /constraints/3/options/0 -"), "\(got)")
        #expect(got.contains { $0.hasPrefix("unknown-attribute /constraints/4") }, "\(got)")
    }

    @Test func aLineThroughASessionsLife() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try S.session(live, Self.document)
        var state = try s.state()
        let listed = (state["document"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
        #expect(listed.first?["vfl"] as? String == "H:|-(pad)-[icon(44)]-[title]-(>=8)-[badge]-(pad)-|", "\(listed)")
        #expect((state["document"] as? [String: Any])?["metrics"] as? [String: Double] == ["pad": 16])
        #expect(try s.matchesFreshSolve())
        // One of its constraints on its own: the trailing edge, by its id.
        var r = try s.edit(#"{"op": "set", "ids": ["row.5"], "offset": 40}"#)
        #expect(r.status == 200, "\(r.answer)")
        #expect(((r.answer["frames"] as? [String: Any])?["badge"] as? [String: Double])?["x"] == 311.0, "\(r.answer)")
        state = try s.state()
        #expect(L.documentIDs(state).prefix(2) == ["row.1", "row.2"], "\(L.documentIDs(state))")
        #expect(try s.matchesFreshSolve())
        // Deactivated by its id: all it made; removed by it: all that is left.
        r = try s.edit(#"{"op": "deactivate", "ids": ["row"]}"#)
        #expect(r.status == 200)
        r = try s.edit(#"{"op": "remove", "ids": ["row"]}"#)
        #expect(r.status == 200)
        #expect(L.documentIDs(try s.state()) == ["c2", "c3"])
        // A line in an op is refused: a line constrains several views.
        r = try s.edit(#"{"op": "make", "view": "icon", "constraints": ["H:|[icon]"]}"#)
        #expect(r.status == 422)
    }
}
