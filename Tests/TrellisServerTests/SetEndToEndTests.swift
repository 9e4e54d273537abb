import TestSupport
import Foundation
import Testing
import TrellisServer

/// The `set` op and SnapKit's handle over HTTP (issue #37, docs/api.md §4.4): the cases of
/// SnapKit's own suite that prepare, activate, deactivate, toggle `isActive` and
/// `update(offset:)` / `update(inset:)` a kept constraint, told as a session's edits, plus
/// `update(priority:)` between any two priorities. Counts are the answer's enforced
/// constraints (`stats.constraints`), as SnapKit's tests count installed ones.
@Suite struct SetEndToEndTests {
    typealias L = LifecycleEndToEndTests

    static let pair = #"""
    {"views": [{"id": "container", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
               {"id": "v1", "superview": "container", "intrinsicSize": {"width": 40, "height": 40}},
               {"id": "v2", "superview": "container", "frame": {"x": 10, "y": 100, "width": 200, "height": 100}}],
     "constraints": [
       {"id": "c1", "view": "v1", "attributes": "top", "to": "v2.top", "offset": 50, "active": false},
       {"id": "c2", "view": "v1", "attributes": "left", "to": "v2.left", "offset": 50, "active": false}
     ]}
    """#

    struct Session {
        let client: TestHTTPClient
        let id: String
        let base: Int
        func edit(_ ops: String) throws -> (status: Int, answer: [String: Any]) {
            let r = try client.postJSON("/v1/sessions/\(id)/edits", #"{"ops": [\#(ops)]}"#)
            return (r.status, try L.object(r))
        }
        /// Enforced constraints beyond those the document had at first.
        func added(_ answer: [String: Any]) -> Int? { L.constraints(answer).map { $0 - base } }
        func state() throws -> [String: Any] { try L.object(try client.exchange("GET", "/v1/sessions/\(id)")) }
        func frame(_ view: String, _ answer: [String: Any]) -> [String: Double]? {
            (answer["frames"] as? [String: Any])?[view] as? [String: Double]
        }
        /// The session answers what a fresh solve of its GET document answers.
        func matchesFreshSolve() throws -> Bool {
            let state = try self.state()
            let document = try JSONSerialization.data(withJSONObject: try #require(state["document"]))
            let fresh = try L.object(try client.postJSON("/v1/layouts", String(decoding: document, as: UTF8.self)))
            return (fresh["frames"] as? [String: [String: Double]]) == (state["frames"] as? [String: [String: Double]])
        }
    }

    static func session(_ live: LiveServer<LayoutEngineService>, _ document: String) throws -> Session {
        let c = try live.client()
        let created = try L.object(try c.postJSON("/v1/sessions", document))
        return Session(client: c, id: try #require(created["id"] as? String), base: try #require(L.constraints(created)))
    }

    /// testPrepareConstraints / testReactivateConstraints: edges prepared, activated (4
    /// installed), deactivated (none), and again.
    @Test func preparedEdgesActivateAndDeactivateAsFour() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try Self.session(live, #"""
        {"views": [{"id": "container", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
                   {"id": "v1", "superview": "container"}, {"id": "v2", "superview": "container", "frame": {"x": 5, "y": 6, "width": 70, "height": 80}}],
         "constraints": [{"id": "edges", "view": "v1", "attributes": "edges", "to": "v2", "active": false}]}
        """#)
        for _ in 0..<2 {
            var r = try s.edit(#"{"op": "activate", "ids": ["edges"]}"#)
            #expect(r.status == 200 && s.added(r.answer) == 4, "\(r.answer)")
            #expect(s.frame("v1", r.answer) == ["x": 5, "y": 6, "width": 70, "height": 80])
            r = try s.edit(#"{"op": "deactivate", "ids": ["edges"]}"#)
            #expect(r.status == 200 && s.added(r.answer) == 0, "\(r.answer)")
        }
        #expect(try s.matchesFreshSolve())
    }

    /// testActivateDeactivateConstraints and testSetIsActivatedConstraints: two prepared
    /// constraints, switched with activate/deactivate and with `set` of `active`.
    @Test func isActiveTogglesEachConstraint() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try Self.session(live, Self.pair)
        var r = try s.edit(#"{"op": "activate", "ids": ["c1", "c2"]}"#)
        #expect(s.added(r.answer) == 2)
        r = try s.edit(#"{"op": "deactivate", "ids": ["c1", "c2"]}"#)
        #expect(s.added(r.answer) == 0)
        r = try s.edit(#"{"op": "set", "ids": ["c1"], "active": true}, {"op": "set", "ids": ["c2"], "active": false}"#)
        #expect(r.status == 200 && s.added(r.answer) == 1, "\(r.answer)")
        #expect(s.frame("v1", r.answer)?["y"] == 150)
        r = try s.edit(#"{"op": "set", "ids": ["c1", "c2"], "active": true}"#)
        #expect(s.added(r.answer) == 2)
        #expect(s.frame("v1", r.answer)?["x"] == 60)
        r = try s.edit(#"{"op": "set", "ids": ["c1", "c2"], "active": false}"#)
        #expect(s.added(r.answer) == 0)
        let state = try s.state()
        #expect(L.inactive(state) == ["c1", "c2"])
        #expect(try s.matchesFreshSolve())
    }

    /// testUpdateReferencedConstraints: `update(offset:)` sets the constant as given,
    /// `update(inset:)` signs it by attribute (bottom: negative), both in place.
    @Test func offsetAndInsetOfAKeptConstraint() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try Self.session(live, #"""
        {"views": [{"id": "container", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
                   {"id": "v1", "superview": "container", "intrinsicSize": {"width": 40}},
                   {"id": "v2", "superview": "container", "frame": {"x": 10, "y": 100, "width": 200, "height": 100}}],
         "constraints": [{"id": "c1", "view": "v1", "attributes": "top", "to": "v2", "offset": 50},
                         {"id": "c2", "view": "v1", "attributes": "bottom", "to": "v2", "offset": 25}]}
        """#)
        var r = try s.edit(#"{"op": "set", "ids": ["c1"], "offset": 15}, {"op": "set", "ids": ["c2"], "offset": 20}"#)
        #expect(r.status == 200 && s.added(r.answer) == 0, "\(r.answer)")
        #expect(s.frame("v1", r.answer)?["y"] == 115 && s.frame("v1", r.answer)?["height"] == 105)
        r = try s.edit(#"{"op": "set", "ids": ["c1"], "inset": 15}, {"op": "set", "ids": ["c2"], "inset": 20}"#)
        #expect(s.frame("v1", r.answer)?["y"] == 115 && s.frame("v1", r.answer)?["height"] == 65)
        let constraints = ((try s.state()["document"] as? [String: Any])?["constraints"] as? [[String: Any]]) ?? []
        #expect(constraints.map { $0["inset"] as? Double } == [15, 20], "\(constraints)")
        #expect(try s.matchesFreshSolve())
    }

    /// `update(priority:)`: optional to optional (in place), optional to required and back.
    /// Auto Layout refuses required <-> optional on an installed constraint; we don't.
    @Test func priorityMovesBetweenAnyTwoValues() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try Self.session(live, #"""
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
                   {"id": "box", "superview": "root"}],
         "constraints": [{"id": "pin", "view": "box", "attributes": ["top", "left"], "to": "superview"},
                         {"id": "wide", "view": "box", "attributes": "width", "to": 300, "priority": 500},
                         {"id": "narrow", "view": "box", "attributes": "width", "to": 100, "priority": 250},
                         {"id": "tall", "view": "box", "attributes": "height", "to": 40}]}
        """#)
        var r = try s.edit(#"{"op": "set", "ids": ["narrow"], "priority": 750}"#)
        #expect(r.status == 200 && s.frame("box", r.answer)?["width"] == 100, "\(r.answer)")
        r = try s.edit(#"{"op": "set", "ids": ["wide"], "priority": "required"}"#)
        #expect(s.frame("box", r.answer)?["width"] == 300)
        r = try s.edit(#"{"op": "set", "ids": ["narrow"], "priority": 1000}"#)
        // Two required widths: the newer in add order (narrow, placed after wide) breaks.
        let broken = (r.answer["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "unsatisfiable" }?["broken"] as? [[String: Any]]
        #expect(broken?.first?["id"] as? String == "narrow", "\(r.answer)")
        #expect(s.frame("box", r.answer)?["width"] == 300)
        r = try s.edit(#"{"op": "set", "ids": ["wide"], "priority": "low"}"#)
        #expect(s.frame("box", r.answer)?["width"] == 100)
        #expect(((r.answer["diagnostics"] as? [[String: Any]]) ?? []).allSatisfy { $0["code"] as? String != "unsatisfiable" })
        // A place kept: the GET document lists the entries where they were.
        #expect(L.documentIDs(try s.state()) == ["pin", "wide", "narrow", "tall"])
        // Several fields in one set: a member of a composite, its constant and priority.
        r = try s.edit(#"{"op": "set", "ids": ["pin.left"], "offset": 30, "priority": 900}"#)
        #expect(r.status == 200 && s.frame("box", r.answer)?["x"] == 30, "\(r.answer)")
        let order = L.documentIDs(try s.state())
        #expect(order == ["pin.left", "pin.top", "wide", "narrow", "tall"], "\(order)")  // the fixed order: left before top
        #expect(try s.matchesFreshSolve())
    }

    @Test func badSetsAreRefusedWithWhatAndWhereAndChangeNothing() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let s = try Self.session(live, Self.pair)
        func refused(_ ops: String, _ code: String, _ words: String, pointer: String? = nil) throws {
            let r = try s.edit(ops)
            let errors = r.answer["errors"] as? [[String: Any]] ?? []
            #expect(r.status == 422 && errors.first?["code"] as? String == code, "\(ops): \(r.answer)")
            #expect((errors.first?["message"] as? String)?.contains(words) == true, "\(errors)")
            if let pointer {
                #expect((errors.first?["location"] as? [String: Any])?["pointer"] as? String == pointer, "\(errors)")
            }
        }
        try refused(#"{"op": "set", "ids": ["c1"]}"#, "missing-field", "needs something to change")
        try refused(#"{"op": "set", "ids": ["c1"], "offset": 1, "inset": 2}"#, "conflicting-constants", "one way only",
                    pointer: "/ops/0/inset")
        try refused(#"{"op": "set", "ids": ["c3"], "offset": 1}"#, "unknown-constraint", "did you mean 'c1'")
        try refused(#"{"op": "set", "ids": ["c1"], "to": "v2.bottom"}"#, "wrong-type", "'remake' it", pointer: "/ops/0/to")
        try refused(#"{"op": "set", "ids": ["c1"], "to": {"width": 1, "height": 2}}"#, "wrong-type", "give 'offset' or 'inset'")
        try refused(#"{"op": "set", "ids": ["c1"], "priority": 1001}"#, "priority-out-of-range", "found 1001")
        try refused(#"{"op": "set", "ids": ["c1"], "active": true}, {"op": "set", "ids": ["c2"], "offest": 3}"#,
                    "unknown-field", "offest")
        let state = try s.state()
        #expect(state["revision"] as? Int == 1)
        #expect(L.inactive(state) == ["c1", "c2"])
    }
}
