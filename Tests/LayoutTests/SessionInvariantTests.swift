// The seven ways sessions used to drift from what their document means (issue "A session
// answers exactly what its document means"), each as a client would meet it: JSON in,
// answers out, and every answer compared with a fresh solve of the session's document.
import Testing
@testable import Layout

@Suite struct SessionInvariantTests {
    func session(_ json: String) throws -> LiveLayout {
        try LiveLayout.make(document: decodeLayoutDocument(Array(json.utf8)).get()).get()
    }

    func apply(_ layout: LiveLayout, _ json: String) throws -> Result<LayoutAnswer, LayoutProblem> {
        layout.apply(try decodeEditBatch(Array(json.utf8)).get())
    }

    func broken(_ answer: LayoutAnswer) -> [String] {
        answer.diagnostics.filter { $0.code == .unsatisfiable }.flatMap(\.broken).map(\.id)
    }

    func expectFresh(_ layout: LiveLayout, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let differences = layout.differencesFromFreshSolve()
        #expect(differences.isEmpty, "\(differences)", sourceLocation: sourceLocation)
        #expect(layout.violatedRequiredConstraints().isEmpty, sourceLocation: sourceLocation)
    }

    static let rightEdges = #"""
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "v", "superview": "root"}],
         "constraints": [{"id": "k2", "expr": "v.right <= superview.right - 36"}, {"id": "k4", "expr": "v.right == superview.right - 26"},
                         {"id": "t", "expr": "v.top == 0"}, {"id": "s", "view": "v", "attributes": "size", "to": 10}]}
        """#

    /// 1. A refused batch changes nothing, even after a conflict healed.
    @Test func refusedBatchLeavesTheSessionAsItWas() throws {
        let layout = try session(Self.rightEdges)
        #expect(broken(layout.answer()) == ["k4"])
        _ = try apply(layout, #"{"ops": [{"op": "update", "view": "v", "constraints": ["v.right <= superview.right - 20"]}]}"#).get()
        #expect(broken(layout.answer()).isEmpty)
        let refused = try apply(layout, #"{"ops": [{"op": "remove", "ids": ["k2"]}, {"op": "remove", "ids": ["nosuch"]}]}"#)
        #expect((try? refused.get()) == nil && layout.revision == 2)
        expectFresh(layout)
        let answer = try apply(layout, #"{"ops": [{"op": "remove", "ids": ["k4"]}, {"op": "make", "view": "v", "constraints": [{"id": "k9", "expr": "v.right == superview.right - 10"}]}]}"#).get()
        #expect(broken(answer) == ["k9"])
        #expect(answer.frame(of: "v")?.x == 370)
        expectFresh(layout)
        // The constraint stays known to the solver: updating it works.
        _ = try apply(layout, #"{"ops": [{"op": "update", "view": "v", "constraints": ["v.right <= superview.right - 30"]}]}"#).get()
        expectFresh(layout)
    }

    /// 1b. A refused batch holding a setFrame leaves the fixed frame honoured.
    @Test func refusedSetFrameLeavesTheFrameHonoured() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
                       {"id": "v", "superview": "root", "frame": {"x": 0, "y": 0, "width": 43, "height": 10}}],
             "constraints": [{"id": "w", "expr": "v.width == 63"}]}
            """#)
        #expect(layout.answer().frame(of: "v")?.width == 43)
        let refused = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "v", "frame": {"x": 0, "y": 0, "width": 63, "height": 10}}, {"op": "remove", "ids": ["nosuch"]}]}"#)
        #expect((try? refused.get()) == nil)
        #expect(layout.answer().frame(of: "v")?.width == 43)
        expectFresh(layout)
    }

    /// 2. A constant change adds nothing to the add order: the member added last breaks.
    @Test func constantChangesBreakTheNewestMemberNotTheEditedOne() throws {
        let json = #"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "v", "superview": "root"}],
             "constraints": ["v.left == 0", "v.width == 10", "v.top == 0", {"id": "h", "expr": "v.height == 300"}, {"id": "b", "expr": "v.bottom <= superview.bottom"}]}
            """#
        let layout = try session(json)
        let resized = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 200}}]}"#).get()
        #expect(broken(resized) == ["b"])
        #expect(resized.frame(of: "root")?.height == 200)
        #expect(!resized.diagnostics.contains { $0.code == .ambiguous })
        expectFresh(layout)
        let updated = try session(json)
        let answer = try apply(updated, #"{"ops": [{"op": "update", "view": "v", "constraints": ["v.height == 500"]}]}"#).get()
        #expect(broken(answer) == ["b"])
        #expect(answer.frame(of: "v")?.height == 500)
        expectFresh(updated)
    }

    /// A frame given by `setFrame` to a view that had none is newer than every constraint:
    /// it is the one broken (an add order no document expresses; docs/sessions.md).
    @Test func aFrameGivenLaterIsTheNewestMember() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "v", "superview": "root"}],
             "constraints": [{"id": "w", "expr": "v.width == 50"}, "v.left == 0", "v.top == 0", "v.height == 10"]}
            """#)
        let answer = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "v", "frame": {"x": 0, "y": 0, "width": 80, "height": 10}}]}"#).get()
        #expect(broken(answer) == ["v.frame.width"] && answer.frame(of: "v")?.width == 50)
        let added = try apply(layout, #"{"ops": [{"op": "addViews", "views": [{"id": "u", "superview": "root", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}}]}, {"op": "make", "view": "u", "constraints": ["u.width == 7"]}]}"#).get()
        #expect(broken(added) == ["v.frame.width", "c5"])
        // Its constant changes in place afterwards, as any frame's; moving it where it fits heals it.
        let healed = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "v", "frame": {"x": 0, "y": 0, "width": 50, "height": 10}}]}"#).get()
        #expect(broken(healed) == ["c5"])
        #expect(layout.violatedRequiredConstraints().isEmpty)
    }

    /// 3. Which member is broken follows from the layout as it stands, not from history.
    @Test func brokenMembersFollowTheLayoutNotItsHistory() throws {
        let json = #"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "v", "superview": "root"}],
             "constraints": [{"id": "x14", "expr": "v.left == 14"}, "v.top == 0", "v.size == 10"]}
            """#
        let oneBatch = try session(json)
        let answer = try apply(oneBatch, #"{"ops": [{"op": "make", "view": "v", "constraints": [{"id": "le8", "expr": "v.left <= 8"}]}, {"op": "remove", "ids": ["x14"]}, {"op": "make", "view": "v", "constraints": [{"id": "x29", "expr": "v.left == 29"}]}]}"#).get()
        #expect(broken(answer) == ["x29"] && answer.frame(of: "v")?.x == 8)
        expectFresh(oneBatch)
        let twoBatches = try session(json)
        #expect(broken(try apply(twoBatches, #"{"ops": [{"op": "make", "view": "v", "constraints": [{"id": "le8", "expr": "v.left <= 8"}]}]}"#).get()) == ["le8"])
        let second = try apply(twoBatches, #"{"ops": [{"op": "remove", "ids": ["x14"]}, {"op": "make", "view": "v", "constraints": [{"id": "x29", "expr": "v.left == 29"}]}]}"#).get()
        #expect(broken(second) == ["x29"] && second.frame(of: "v")?.x == 8)
        expectFresh(twoBatches)
    }

    /// 4. Ambiguity follows constant edits that make two inequalities meet or part.
    @Test func ambiguityFollowsConstantEdits() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "v", "superview": "root"}],
             "constraints": ["v.left >= superview.left", "v.right <= superview.right", "v.width == 100", "v.top == 0", "v.height == 10"]}
            """#)
        func ambiguous() -> [String] { layout.answer().diagnostics.filter { $0.code == .ambiguous }.flatMap(\.views).map(\.id) }
        #expect(ambiguous().isEmpty)
        for width in [150, 100, 120, 100] {
            _ = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": \#(width), "height": 100}}]}"#).get()
            #expect(ambiguous() == (width == 100 ? [] : ["v"]), "root width \(width)")
            expectFresh(layout)
        }
    }

    /// 5. A huge value is refused (out-of-range, located); values in range leave no trace.
    @Test func hugeValuesAreRefusedAndLargeOnesLeaveNoTrace() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "v", "superview": "root"}],
             "constraints": ["v.edges == superview.edges"]}
            """#)
        let problem = decodeEditBatch(Array(#"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 1e20, "height": 100}}]}"#.utf8))
        guard case .failure(let p) = problem else { Issue.record("1e20 accepted"); return }
        #expect(p.status == 422 && p.errors.map(\.code) == [.outOfRange])
        #expect(p.errors.first?.location?.pointer == "/ops/0/frame/width")
        for width in [1e7, 100, -1e7, 375, 9_999_999.5, 100] {
            _ = try apply(layout, #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": \#(width), "height": 100}}]}"#).get()
        }
        let answer = layout.answer()
        #expect(answer.frame(of: "root")?.width == 100 && answer.frame(of: "v") == Rect(x: 0, y: 0, width: 100, height: 100))
        expectFresh(layout)
        #expect(decodeLayoutDocument(Array(#"{"views": [], "constraints": ["a.width == 2e7"]}"#.utf8)).errorCodes == [.outOfRange])
    }

    /// 6. Repeated remakes leave no residue: the solver's symbols stay proportional to
    /// what the layout holds (time per edit is measured by scripts/bench-remake).
    @Test func repeatedRemakesLeaveNoResidue() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "a", "superview": "root"}],
             "constraints": ["a.edges == superview.edges"]}
            """#)
        let remake = try decodeEditBatch(Array(#"{"ops": [{"op": "remake", "view": "a", "constraints": ["a.edges == superview.edges - 8"]}]}"#.utf8)).get()
        var largest = 0
        for _ in 0..<3000 {
            _ = try layout.apply(remake).get()
            largest = max(largest, layout.solver.symbolCount)
        }
        #expect(largest < 2000, "the solver grew to \(largest) symbols for 2 views")
        expectFresh(layout)
    }

    /// 7. GET lists ids the layout accepts: an updated constraint keeps its id; a composite
    /// updated whole keeps its id and spec; one updated in part splits into members.
    @Test func documentIdsStayUsableAfterUpdates() throws {
        let layout = try session(#"""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}],
             "constraints": [{"id": "aw", "view": "a", "attributes": "width", "to": 100}, {"id": "ae", "view": "a", "attributes": ["top", "left"], "to": "superview", "offset": 4},
                             {"id": "e", "view": "b", "attributes": "edges", "to": "superview", "inset": 20}]}
            """#)
        _ = try apply(layout, #"{"ops": [{"op": "update", "view": "a", "constraints": [{"attributes": "width", "to": 120}, {"attributes": ["top", "left"], "to": "superview", "offset": 6}]}]}"#).get()
        _ = try apply(layout, #"{"ops": [{"op": "update", "view": "b", "constraints": [{"attributes": "top", "to": "superview", "inset": 30}]}]}"#).get()
        let ids = layout.document().constraints.compactMap(\.id)
        #expect(ids == ["aw", "ae", "e.left", "e.top", "e.right", "e.bottom"])
        expectFresh(layout)
        #expect(layout.answer().frame(of: "b") == Rect(x: 20, y: 30, width: 360, height: 350))
        _ = try apply(layout, #"{"ops": [{"op": "remove", "ids": ["e.top", "aw"]}]}"#).get()
        #expect(layout.document().constraints.compactMap(\.id) == ["ae", "e.left", "e.right", "e.bottom"])
        expectFresh(layout)
    }
}

extension Result where Success == LayoutDocument, Failure == LayoutProblem {
    var errorCodes: [ErrorCode] {
        if case .failure(let p) = self { return p.errors.map(\.code) }
        return []
    }
}

/// Finite inputs whose solution overflows are refused, located, never answered with a
/// number that is not a number (issue "Hostile and careless clients", item 5).
@Suite struct OverflowTests {
    func problem(_ json: String) -> LayoutProblem? {
        switch decodeLayoutDocument(Array(json.utf8)).flatMap({ LiveLayout.solve(document: $0) }) {
        case .success: return nil
        case .failure(let p): return p
        }
    }

    @Test func overflowingSolutionsAreRefused() throws {
        let root = #"{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}"#
        let huge = problem(#"{"views": [\#(root), {"id": "a", "superview": "root"}], "constraints": ["a.left == 0", "a.top == 0", "a.height == 1", {"view": "a", "attributes": "width", "to": "root.width", "multiplier": 1.7976931348623157e308}]}"#)
        #expect(huge?.status == 422 && huge?.errors.map(\.code) == [.outOfRange])
        #expect(huge?.errors.first?.location?.pointer == "/views/1")
        let views = (0..<40).map { #"{"id": "v\#($0)", "superview": "root"}"# }.joined(separator: ", ")
        let chain = (1..<40).map { #"{"view": "v\#($0)", "attributes": "width", "to": "v\#($0 - 1).width", "multiplier": 1e10}"# }.joined(separator: ", ")
        let compounding = problem(#"{"views": [\#(root), \#(views)], "constraints": ["v0.width == 1000000", \#(chain)]}"#)
        #expect(compounding?.errors.first?.code == .outOfRange)
        #expect(problem(#"{"views": [\#(root), {"id": "a", "superview": "root"}], "constraints": ["a.edges == superview.edges"]}"#) == nil)
    }

    @Test func anEditThatOverflowsIsRefusedAndChangesNothing() throws {
        let layout = try LiveLayout.make(document: decodeLayoutDocument(Array(#"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "a", "superview": "root"}], "constraints": ["a.edges == superview.edges"]}"#.utf8)).get()).get()
        let before = layout.answer()
        let batch = try decodeEditBatch(Array(#"{"ops": [{"op": "remake", "view": "a", "constraints": ["a.left == 0", "a.top == 0", "a.height == 1", {"attributes": "width", "to": "root.width", "multiplier": 1e300}]}]}"#.utf8)).get()
        guard case .failure(let p) = layout.apply(batch) else { Issue.record("accepted"); return }
        #expect(p.errors.map(\.code) == [.outOfRange])
        #expect(layout.answer().frames == before.frames && layout.revision == before.revision)
    }
}

/// Every request runs under a time budget (`SolveBudget`): past it the solver stops, and
/// the request is refused with `too-complex`, changing nothing (issue "Hostile and careless
/// clients", item 2).
@Suite struct SolveBudgetTests {
    /// Many optional constraints at distinct priorities, each after a required one (so each
    /// goes in alone: the solver orders only runs of them, HeldBounds.swift): seconds of work.
    static let expensive: String = {
        let constraints = (0..<6000).map { #""a.right >= b.left + \#($0) @\#(1 + $0 % 999)", "a.width >= 0""# }.joined(separator: ", ")
        return #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}], "constraints": [\#(constraints)]}"#
    }()

    @Test func aDocumentOverTheBudgetIsRefused() throws {
        let started = ContinuousClock.now
        let result = decodeLayoutDocument(Array(Self.expensive.utf8)).flatMap { LiveLayout.solve(document: $0, seconds: 0.05) }
        guard case .failure(let problem) = result else { Issue.record("solved within 50 ms"); return }
        #expect(problem.status == 422 && problem.errors.map(\.code) == [.tooComplex])
        #expect(ContinuousClock.now - started < .seconds(1), "stopped soon after the budget")
    }

    @Test func anEditOverTheBudgetIsRefusedAndChangesNothing() throws {
        let layout = try LiveLayout.make(document: decodeLayoutDocument(Array(#"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}}, {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}], "constraints": ["a.edges == superview.edges - 10"]}"#.utf8)).get()).get()
        let before = layout.answer()
        let constraints = (0..<6000).map { #""a.bottom >= b.top + \#($0) @\#(1 + $0 % 999)", "a.height >= 0""# }.joined(separator: ", ")
        let batch = try decodeEditBatch(Array(#"{"ops": [{"op": "make", "view": "a", "constraints": [\#(constraints)]}]}"#.utf8)).get()
        guard case .failure(let problem) = layout.apply(batch, seconds: 0.05) else { Issue.record("applied within 50 ms"); return }
        #expect(problem.errors.map(\.code) == [.tooComplex] && layout.ranOutOfTime)
        #expect(answerDifferences(layout.answer(), before).isEmpty && layout.revision == before.revision)
        #expect(layout.violatedRequiredConstraints().isEmpty)
    }
}
