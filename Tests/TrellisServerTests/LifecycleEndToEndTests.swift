import TestSupport
import Foundation
import Testing
import TrellisServer

/// SnapKit's constraint lifecycle over HTTP (issue #37, docs/api.md §4.4): `prepareConstraints`
/// (`"active": false`), `deactivate()`, `activate()`, by id, by view, and for one member of
/// a composite; in the spirit of SnapKit's own tests that install, deactivate and activate
/// constraints and count what is installed.
@Suite struct LifecycleEndToEndTests {
    static let document = #"""
    {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 600}},
               {"id": "box", "superview": "root", "intrinsicSize": {"width": 10, "height": 10}}],
     "constraints": [
       {"id": "pin", "view": "box", "attributes": ["top", "left"], "to": "superview", "offset": 20},
       {"id": "wide", "view": "box", "attributes": "width", "to": 300, "active": false},
       {"id": "narrow", "view": "box", "attributes": "width", "to": 50}
     ]}
    """#

    static func object(_ r: TestHTTPClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any], "\(r.text)")
    }
    static func box(_ answer: [String: Any]) -> [String: Double]? { (answer["frames"] as? [String: Any])?["box"] as? [String: Double] }
    static func constraints(_ answer: [String: Any]) -> Int? { (answer["stats"] as? [String: Any])?["constraints"] as? Int }
    static func documentIDs(_ state: [String: Any]) -> [String] {
        ((state["document"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
    static func inactive(_ state: [String: Any]) -> [String] {
        ((state["document"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? [])
            .filter { $0["active"] as? Bool == false }.compactMap { $0["id"] as? String }
    }

    @Test func preparedDeactivatedAndActivatedConstraints() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        // A prepared constraint is validated and listed, not enforced: the box is 50 wide.
        let oneShot = try Self.object(try c.postJSON("/v1/layouts", Self.document))
        #expect(Self.box(oneShot)?["width"] == 50)
        let created = try c.postJSON("/v1/sessions", Self.document)
        #expect(created.status == 201)
        let answer = try Self.object(created)
        let id = try #require(answer["id"] as? String)
        #expect(Self.constraints(answer) == Self.constraints(oneShot))
        let enforcedAtFirst = try #require(Self.constraints(answer))
        var state = try Self.object(try c.exchange("GET", "/v1/sessions/\(id)"))
        #expect(Self.documentIDs(state) == ["pin", "wide", "narrow"])
        #expect(Self.inactive(state) == ["wide"])

        // deactivate(): narrow goes; nothing sets the width but the intrinsic size.
        var r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "deactivate", "ids": ["narrow"]}]}"#)
        #expect(r.status == 200, "\(r.text)")
        #expect(Self.box(try Self.object(r))?["width"] == 10)
        #expect(Self.constraints(try Self.object(r)) == enforcedAtFirst - 1)
        // Deactivating again changes nothing (but the revision: every accepted batch counts).
        r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "deactivate", "ids": ["narrow"]}]}"#)
        let again = try Self.object(r)
        #expect(r.status == 200 && again["revision"] as? Int == 3)

        // activate(): wide is enforced, as the newest: listed last.
        r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "activate", "ids": ["wide"]}]}"#)
        #expect(Self.box(try Self.object(r))?["width"] == 300)
        state = try Self.object(try c.exchange("GET", "/v1/sessions/\(id)"))
        #expect(Self.documentIDs(state) == ["pin", "narrow", "wide"])
        #expect(Self.inactive(state) == ["narrow"])

        // Both widths active: they conflict, and the newest (narrow, activated last) breaks.
        r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "activate", "ids": ["narrow"]}]}"#)
        let conflicted = try Self.object(r)
        #expect(Self.box(conflicted)?["width"] == 300)
        let diagnostics = conflicted["diagnostics"] as? [[String: Any]] ?? []
        let broken = diagnostics.first { $0["code"] as? String == "unsatisfiable" }?["broken"] as? [[String: Any]]
        #expect(broken?.first?["id"] as? String == "narrow", "\(diagnostics)")

        // By view: every constraint of the box.
        r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "deactivate", "view": "box"}]}"#)
        #expect(Self.constraints(try Self.object(r)) == enforcedAtFirst - 3)
        state = try Self.object(try c.exchange("GET", "/v1/sessions/\(id)"))
        #expect(Set(Self.inactive(state)) == ["pin", "narrow", "wide"])

        // One member of a composite: the entry splits into its members, one active.
        r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "activate", "ids": ["pin.left"]}]}"#)
        #expect(r.status == 200, "\(r.text)")
        #expect(Self.box(try Self.object(r))?["x"] == 20)
        state = try Self.object(try c.exchange("GET", "/v1/sessions/\(id)"))
        #expect(Self.documentIDs(state).suffix(1) == ["pin.left"])
        #expect(Self.inactive(state).contains("pin.top"))

        // The session answers what a fresh solve of its document answers.
        let document = try JSONSerialization.data(withJSONObject: try #require(state["document"]))
        let fresh = try Self.object(try c.postJSON("/v1/layouts", String(decoding: document, as: UTF8.self)))
        #expect(Self.box(fresh) == Self.box(state))
    }

    @Test func unknownIdsAreRefusedWithASuggestionAndChangeNothing() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        let id = try #require(try Self.object(try c.postJSON("/v1/sessions", Self.document))["id"] as? String)
        let r = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "deactivate", "ids": ["narrow"]}, {"op": "activate", "ids": ["wdie"]}]}"#)
        #expect(r.status == 422)
        let errors = try Self.object(r)["errors"] as? [[String: Any]] ?? []
        #expect(errors.first?["code"] as? String == "unknown-constraint")
        #expect((errors.first?["message"] as? String)?.contains("did you mean 'wide'") == true, "\(errors)")
        let state = try Self.object(try c.exchange("GET", "/v1/sessions/\(id)"))
        #expect(state["revision"] as? Int == 1)
        #expect(Self.inactive(state) == ["wide"])
        let both = try c.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [{"op": "activate", "view": "box", "ids": ["wide"]}]}"#)
        let bothErrors = try Self.object(both)["errors"] as? [[String: Any]]
        #expect(both.status == 422 && bothErrors?.first?["code"] as? String == "conflicting-fields")
    }
}
