import TestSupport
import Foundation
import Testing
import TrellisServer

/// After an edit, a session names the same conflict a fresh solve of its document names,
/// when two sets would do. Here `x` with `s1` and `s2` forces a.height <= 0, which conflicts
/// with a's required compression resistance (a.height >= 44) and with b's fixed frame
/// (b.height == 60) alike; a fresh solve takes a's (a is listed before b). A `setFrame` of b
/// re-adds the constraints from b's on: those before it, a's among them, must keep their
/// places in document order (they once ranked after every view constraint re-added).
@Suite struct ConflictChoiceEndToEndTests {
    static let document = #"""
    {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}},
               {"id": "a", "superview": "root", "intrinsicSize": {"width": 10, "height": 44},
                "compressionResistance": {"horizontal": 750, "vertical": 1000}},
               {"id": "b", "superview": "root", "frame": {"x": 0, "y": 0, "width": 50, "height": 60}},
               {"id": "c", "superview": "root"}],
     "constraints": [{"id": "s1", "view": "c", "attributes": "height", "to": "b"},
                     {"id": "s2", "view": "a", "attributes": "height", "to": "b"},
                     {"id": "x", "view": "a", "attributes": "height", "relation": ">=", "to": "c", "multiplier": 2}]}
    """#

    static func members(_ answer: [String: Any]) -> [String] {
        ((answer["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["code"] as? String == "unsatisfiable" }
            .flatMap { ($0["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    }

    @Test func aResizeKeepsTheConflictAFreshSolveNames() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try SetEndToEndTests.session(live, Self.document)
        #expect(Self.members(try s.state()) == ["a.compression.height", "s1", "s2", "x"])
        let r = try s.edit(#"{"op": "setFrame", "view": "b", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#)
        #expect(r.status == 200)
        #expect(Self.members(r.answer) == ["a.compression.height", "s1", "s2", "x"], "\(r.answer)")
        let state = try s.state()
        let document = try JSONSerialization.data(withJSONObject: try #require(state["document"]))
        let fresh = try LifecycleEndToEndTests.object(try s.client.postJSON("/v1/layouts", String(decoding: document, as: UTF8.self)))
        #expect(Self.members(fresh) == Self.members(r.answer))
    }
}
