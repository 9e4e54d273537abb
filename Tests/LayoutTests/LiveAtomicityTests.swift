import Testing
@testable import Layout

/// Every batch is all or nothing: a failing batch leaves frames, constraints, broken
/// constraints, the document and the revision exactly as they were, and the layout keeps
/// working afterwards.
@Suite struct LiveAtomicityTests {
    let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root"), view("b", in: "root")]

    func snapshot(_ layout: LiveLayout) -> (LayoutAnswer, LayoutDocument, [InstalledConstraint], Int) {
        (layout.answer(), layout.document(), layout.installedConstraints(), layout.state.entryCount)
    }

    func expectUnchanged(_ layout: LiveLayout, _ before: (LayoutAnswer, LayoutDocument, [InstalledConstraint], Int)) {
        let now = snapshot(layout)
        #expect(now.0 == before.0)
        #expect(now.1 == before.1)
        #expect(now.2 == before.2)
        #expect(now.3 == before.3)
    }

    /// `a` inset 10 in `root`; `b` at the origin, its width asked to be 10 and 20 (one broken).
    func cardWithABrokenWidth() throws -> LiveLayout {
        try build(document(views, [
            make("a", attrs("edges"), .equal, superview(), inset: .scalar(10)),
            make("b", attrs("left", "top"), .equal, number(0)),
            make("b", attrs("width"), .equal, number(10)), make("b", attrs("width"), .equal, number(20)),  // broken
        ]))
    }

    @Test func lateErrorUndoesEverythingBefore() throws {
        let layout = try cardWithABrokenWidth()
        let before = snapshot(layout)
        let problem = layout.applyFailing(batch(
            .setFrame(view: "root", frame: rect(0, 0, 100, 100)),
            .update(view: ref("a"), constraints: [make(nil, attrs("top"), .equal, superview(), offset: 40)]),
            .removeConstraints(ids: ["c3"]),  // would heal c4
            .addViews([view("c", in: "root")]),
            .make(view: ref("c"), constraints: [make(nil, attrs("edges"), .equal, item("a"))]),
            .removeViews(ids: ["b"]),
            .setFrame(view: "a", frame: rect(1, 1, 1, 1)),
            .remake(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, number(1))]),
            .update(view: ref("a"), constraints: [make(nil, attrs("height"), .equal, number(3))])  // no match
        ))
        #expect(problem?.errors.map(\.code) == [.noMatchingConstraint])
        expectUnchanged(layout, before)
        #expect(layout.revision == 1)
        // The solver is back where it was too: further edits behave as on a fresh layout.
        let answer = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 200, 200))))
        #expect(approx(answer.frame(of: "a"), rect(10, 10, 180, 180)))
        #expect(answer.diagnostics.filter { $0.code == .unsatisfiable }.count == 1)
        let fresh = try build(document([view("root", frame: rect(0, 0, 200, 200))] + views.dropFirst(), [
            make("a", attrs("edges"), .equal, superview(), inset: .scalar(10)),
            make("b", attrs("left", "top"), .equal, number(0)),
            make("b", attrs("width"), .equal, number(10)), make("b", attrs("width"), .equal, number(20)),
        ]))
        #expect(answer.frames == fresh.answer().frames)
    }

    @Test func strictFailureAfterHealingUndoesTheHealing() throws {
        let layout = try build(document(views, [
            make("b", attrs("left", "top", "height"), .equal, number(0)),
            make("b", attrs("width"), .equal, number(10), id: "w10"), make("b", attrs("width"), .equal, number(20), id: "w20"),
        ]))
        let before = snapshot(layout)
        let problem = layout.applyFailing(batch(
            .removeConstraints(ids: ["w10"]),  // heals w20
            .make(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, number(1)),
                                               make(nil, attrs("width"), .equal, number(2))]),
            strict: true))
        #expect(problem?.errors.map(\.code) == [.unsatisfiable])
        expectUnchanged(layout, before)
        #expect(approx(layout.frame("b")?.width, 10))
    }

    @Test func everyErrorOfTheBatchIsReported() throws {
        let layout = try build(document(views))
        let problem = layout.applyFailing(batch(
            .make(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, item("ghost"), at: at("/ops/0/constraints/0"))]),
            .removeConstraints(ids: ["nope"]),
            .setFrame(view: "ghost", frame: rect(0, 0, 1, 1)),
            .make(view: ref("a"), constraints: [make(nil, attrs("left"), .equal, item("b", "top"), at: at("/ops/3/constraints/0"))])
        ))
        #expect(problem?.status == 422)
        #expect(problem?.errors.map(\.code) == [.unknownView, .unknownConstraint, .unknownView, .axisMismatch])
        #expect(problem?.errors.map(\.location?.pointer) == ["/ops/0/constraints/0", "/ops/1", "/ops/2", "/ops/3/constraints/0"])
    }

    @Test func rollbackOfRemovedAndReaddedConstraintsKeepsConstants() throws {
        let layout = try build(document(views, [make("a", attrs("edges"), .equal, superview(), inset: .scalar(10))]))
        try layout.applyOK(batch(.update(view: ref("a"), constraints: [make(nil, attrs("top"), .equal, superview(), offset: 30)])))
        let before = snapshot(layout)
        _ = layout.applyFailing(batch(
            .update(view: ref("a"), constraints: [make(nil, attrs("top"), .equal, superview(), offset: 70)]),
            .removeConstraintsOf(view: ref("a")),
            .removeViews(ids: ["ghost"])))
        expectUnchanged(layout, before)
        #expect(approx(layout.frame("a"), rect(10, 30, 380, 360)))
        let answer = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 100, 100))))
        #expect(approx(answer.frame(of: "a"), rect(10, 30, 80, 60)))
    }

    /// A refused batch that did more to the solver than the layout holds is put back by
    /// building a solver from the restored state (undoing it would cost what it did): the
    /// same answer, document and constraints, and the layout goes on as a fresh one would.
    @Test func aBigRefusedBatchIsPutBackByRebuilding() throws {
        let layout = try cardWithABrokenWidth()
        let before = snapshot(layout)
        // 300 optional constraints at their own priorities (many solver steps), a required one
        // that conflicts, then an op that fails.
        let many = (0..<300).map { make(nil, attrs("width"), .greaterThanOrEqual, number(Double($0)), priority: Double(1 + $0 % 999)) }
        let problem = layout.applyFailing(batch(
            .make(view: ref("b"), constraints: many + [make(nil, attrs("width"), .equal, number(30))]),
            .update(view: ref("a"), constraints: [make(nil, attrs("height"), .equal, number(3))])  // no match
        ))
        #expect(problem?.errors.map(\.code) == [.noMatchingConstraint])
        expectUnchanged(layout, before)
        #expect(layout.differencesFromFreshSolve().isEmpty)
        let answer = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 200, 200))))
        #expect(approx(answer.frame(of: "a"), rect(10, 10, 180, 180)))
        #expect(layout.differencesFromFreshSolve().isEmpty)
    }
}
