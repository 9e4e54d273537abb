import TestSupport
import Foundation
import Testing
import TrellisServer

/// Masonry's distribute helpers over HTTP (issue #37, docs/semantics.md §6.5): the cases of Masonry's
/// own NSArray+MASAdditions spec (fewer than two views refused; how many constraints each
/// view gets under fixed spacing and fixed length), told as documents and edits, plus the
/// frames Masonry's constraints give, ids `ID.k`, and the entry through a session's life.
@Suite struct DistributeEndToEndTests {
    typealias L = LifecycleEndToEndTests
    typealias S = SetEndToEndTests

    static func document(_ entry: String, extra: String = "", rootWidth: Int = 320) -> String {
        #"""
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": \#(rootWidth), "height": 200}},
                   {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}, {"id": "c", "superview": "root"}],
         "constraints": [\#(entry),
           {"view": "a", "attributes": ["top", "height"], "to": 40}, {"view": "b", "attributes": ["top", "height"], "to": 40},
           {"view": "c", "attributes": ["top", "height"], "to": 40}\#(extra)]}
        """#
    }
    static let spacing = #"{"id": "row", "distribute": ["a", "b", "c"], "axis": "horizontal", "spacing": 10, "leadSpacing": 5, "tailSpacing": 5}"#
    static let length = #"{"id": "row", "distribute": ["a", "b", "c"], "axis": "horizontal", "itemLength": 30, "leadSpacing": 5, "tailSpacing": 5}"#

    static func xs(_ answer: [String: Any]) -> [Double] {
        ["a", "b", "c"].compactMap { ((answer["frames"] as? [String: Any])?[$0] as? [String: Double])?["x"] }
    }
    static func widths(_ answer: [String: Any]) -> [Double] {
        ["a", "b", "c"].compactMap { ((answer["frames"] as? [String: Any])?[$0] as? [String: Double])?["width"] }
    }
    static func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }

    @Test func fixedSpacingAndFixedLengthPlaceTheViewsAsMasonryDoes() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        // Fixed spacing: equal widths, 10 apart, 5 in from each side: (320 - 10 - 20) / 3 each.
        var answer = try L.object(try c.postJSON("/v1/layouts", Self.document(Self.spacing)))
        let w = 290.0 / 3
        #expect(Self.near(Self.widths(answer), [w, w, w]), "\(answer)")
        #expect(Self.near(Self.xs(answer), [5, 15 + w, 25 + 2 * w]))
        // Fixed length 30: first at 5, last ending 5 from the right, the middle one by Masonry's
        // multiplier form: right == root.right * 0.5 + 0.5 * (30 + 5) - 5 / 2 = 175.
        answer = try L.object(try c.postJSON("/v1/layouts", Self.document(Self.length)))
        #expect(Self.near(Self.widths(answer), [30, 30, 30]))
        #expect(Self.near(Self.xs(answer), [5, 145, 285]), "\(answer)")
        // Vertical: top/bottom/height in their places.
        let vertical = #"{"distribute": ["a", "b"], "axis": "vertical", "spacing": 20}"#
        answer = try L.object(try c.postJSON("/v1/layouts", #"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 220}},
                       {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}],
             "constraints": [\#(vertical), {"view": "a", "attributes": ["left", "width"], "to": 10},
                             {"view": "b", "attributes": ["left", "width"], "to": 10}]}
            """#))
        let frames = answer["frames"] as? [String: [String: Double]]
        #expect(frames?["a"]?["y"] == 0 && frames?["a"]?["height"] == 100 && frames?["b"]?["y"] == 120, "\(answer)")
    }

    /// testDistributeViews...ShouldHaveCorrectNumberOfConstraints: under fixed spacing the
    /// views get 1, 2 and 3 constraints; under fixed length 2 each. Counted by deactivating a
    /// view's own (those whose first item it is).
    @Test func eachViewGetsMasonrysCountOfConstraints() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        for (entry, counts) in [(Self.spacing, [1, 2, 3]), (Self.length, [2, 2, 2])] {
            let s = try S.session(live, Self.document(entry))
            var before = s.base
            for (view, count) in zip(["a", "b", "c"], counts) {
                // The view's own are the entry's and its top/height (two).
                let r = try s.edit(#"{"op": "deactivate", "view": "\#(view)"}"#)
                let now = try #require(L.constraints(r.answer))
                #expect(before - now == count + 2, "\(view): \(r.answer)")
                before = now
            }
        }
    }

    @Test func fewerThanTwoViewsARepeatedViewAndBadFieldsAreRefusedWhereTheyAre() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        let c = try live.client()
        func refused(_ entry: String, _ code: String, _ pointer: String) throws {
            let r = try c.postJSON("/v1/layouts", Self.document(entry))
            let errors = try L.object(r)["errors"] as? [[String: Any]] ?? []
            #expect(r.status == 422 && errors.first?["code"] as? String == code, "\(entry): \(errors)")
            #expect((errors.first?["location"] as? [String: Any])?["pointer"] as? String == pointer, "\(errors)")
        }
        try refused(#"{"distribute": ["a"], "axis": "horizontal", "spacing": 10}"#, "wrong-type", "/constraints/0/distribute")
        try refused(#"{"distribute": ["a", "b", "a"], "axis": "horizontal", "spacing": 10}"#, "duplicate-id", "/constraints/0/distribute/2")
        try refused(#"{"distribute": ["a", "b"], "axis": "horizontal", "spacing": 10, "itemLength": 5}"#, "conflicting-fields",
                    "/constraints/0/itemLength")
        try refused(#"{"distribute": ["a", "b"], "axis": "horizontal"}"#, "missing-field", "/constraints/0")
        try refused(#"{"distribute": ["a", "b"], "axis": "diagonal", "spacing": 1}"#, "wrong-type", "/constraints/0/axis")
        try refused(#"{"distribute": ["a", "ghost"], "axis": "horizontal", "spacing": 1}"#, "unknown-view", "/constraints/0")
        let apart = try c.postJSON("/v1/layouts", #"""
            {"views": [{"id": "r1", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, {"id": "r2", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}],
             "constraints": [{"distribute": ["r1", "r2"], "axis": "vertical", "spacing": 1}]}
            """#)
        let apartErrors = try L.object(apart)["errors"] as? [[String: Any]]
        #expect(apart.status == 422 && apartErrors?.first?["code"] as? String == "no-common-ancestor")
        let inOp = try S.session(live, Self.document(Self.spacing))
        let r = try inOp.edit(#"{"op": "make", "view": "a", "constraints": [\#(Self.spacing)]}"#)
        #expect(r.status == 422, "\(r.answer)")
    }

    @Test func theEntryThroughASessionsLife() throws {
        let live = try LiveServer(LayoutEngineService())
        defer { live.stop() }
        // A fixed width on c conflicts with the entry: the entry's newest constraint (row.5,
        // c's right edge) is what breaks, named and located at the entry.
        let s = try S.session(live, Self.document(Self.spacing, extra: #", {"id": "fixed", "view": "c", "attributes": "width", "to": 50}"#))
        var state = try s.state()
        #expect(L.documentIDs(state) == ["row", "c2", "c3", "c4", "fixed"])
        var r = try s.edit(#"{"op": "deactivate", "ids": ["fixed"]}, {"op": "activate", "ids": ["fixed"]}"#)
        let broken = (r.answer["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "unsatisfiable" }
        #expect((broken?["broken"] as? [[String: Any]])?.first?["id"] as? String == "fixed", "\(r.answer)")
        let members = (broken?["constraints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(members.contains { $0.hasPrefix("row.") }, "\(members)")
        let located = (broken?["constraints"] as? [[String: Any]] ?? []).first { ($0["id"] as? String)?.hasPrefix("row.") == true }
        #expect((located?["location"] as? [String: Any])?["pointer"] as? String == "/constraints/0", "\(String(describing: located))")
        _ = try s.edit(#"{"op": "remove", "ids": ["fixed"]}"#)
        #expect(try s.matchesFreshSolve())

        // Deactivated by its id: all of it, kept whole in its place.
        r = try s.edit(#"{"op": "deactivate", "ids": ["row"]}"#)
        state = try s.state()
        #expect(L.documentIDs(state).first == "row" && L.inactive(state) == ["row"], "\(state)")
        // Activated: the newest, still one entry, listed last.
        r = try s.edit(#"{"op": "activate", "ids": ["row"]}"#)
        state = try s.state()
        #expect(L.documentIDs(state) == ["c2", "c3", "c4", "row"], "\(L.documentIDs(state))")
        #expect(try s.matchesFreshSolve())
        // A priority for the whole entry keeps it whole; a constant for the whole entry is refused.
        r = try s.edit(#"{"op": "set", "ids": ["row"], "priority": 900}"#)
        #expect(r.status == 200, "\(r.answer)")
        let row = ((try s.state()["document"] as? [String: Any])?["constraints"] as? [[String: Any]])?.last
        #expect(row?["distribute"] != nil && row?["priority"] as? Double == 900, "\(String(describing: row))")
        r = try s.edit(#"{"op": "set", "ids": ["row"], "offset": 3}"#)
        #expect(r.status == 422 && (r.answer["errors"] as? [[String: Any]])?.first?["code"] as? String == "wrong-type")
        // One of its constraints on its own: the entry is then listed constraint by constraint.
        r = try s.edit(#"{"op": "set", "ids": ["row.3"], "offset": 30}"#)
        #expect(r.status == 200, "\(r.answer)")
        state = try s.state()
        #expect(L.documentIDs(state) == ["c2", "c3", "c4", "row.1", "row.2", "row.3", "row.4", "row.5", "row.6"], "\(L.documentIDs(state))")
        #expect(try s.matchesFreshSolve())
        // Unknown ids say what was meant; removing the entry by id removes what is left of it.
        r = try s.edit(#"{"op": "remove", "ids": ["rwo"]}"#)
        #expect(r.status == 422)
        r = try s.edit(#"{"op": "deactivate", "ids": ["rwo"]}"#)
        let message = (r.answer["errors"] as? [[String: Any]])?.first?["message"] as? String ?? ""
        #expect(message.contains("did you mean 'row'"), "\(message)")
        r = try s.edit(#"{"op": "remove", "ids": ["row"]}"#)
        let left = L.documentIDs(try s.state())
        #expect(r.status == 200 && left == ["c2", "c3", "c4"], "\(left)")
    }
}
