import Testing
@testable import Layout

/// Unsatisfiable required constraints (docs/api.md §3): the newest member is broken,
/// kept installed, reported with an irreducible conflict, and healed when the conflict goes.
@Suite struct LiveConflictTests {
    let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root"), view("b", in: "root")]

    func unsatisfiable(_ answer: LayoutAnswer) -> [Diagnostic] { answer.diagnostics.filter { $0.code == .unsatisfiable } }

    @Test func newestMemberIsBrokenAndReported() throws {
        var c4 = make("a", attrs("width"), .equal, number(500), id: nil, label: "too-wide")
        c4.source = SourceLocation(file: "CardView.swift", line: 40)
        c4.location = at("/constraints/3")
        let layout = try build(document(views, [
            make("a", attrs("left", "top"), .equal, number(0)),
            make("a", attrs("height"), .equal, number(10)),
            make("a", attrs("width"), .equal, number(300)),
            c4,
        ]))
        let answer = layout.answer()
        let diagnostics = unsatisfiable(answer)
        try #require(diagnostics.count == 1)
        let d = diagnostics[0]
        #expect(d.severity == .error)
        #expect(d.message == "Unable to simultaneously satisfy constraints; broke a.width == 500")
        #expect(d.constraints.map(\.id) == ["c3", "c4"])
        #expect(d.constraints.map(\.description) == ["a.width == 300", "a.width == 500"])
        #expect(d.broken.map(\.id) == ["c4"] && d.broken.map(\.attribute) == ["width"])
        #expect(d.broken[0].label == "too-wide")
        #expect(d.broken[0].source == SourceLocation(file: "CardView.swift", line: 40))
        #expect(d.broken[0].location == at("/constraints/3"))
        // Recovery: solved without the broken one.
        #expect(approx(answer.frame(of: "a"), rect(0, 0, 300, 10)))
        // Still installed.
        #expect(layout.document().constraints.map(\.id) == ["c1", "c2", "c3", "c4"])
        #expect(layout.installedConstraints().filter(\.isBroken).map(\.id) == ["c4"])
    }

    @Test func conflictIsIrreducible() throws {
        let layout = try build(document(views, [
            make("a", attrs("top"), .equal, number(5), id: "unrelated"),
            make("a", attrs("left"), .equal, superview(), id: "left"),
            make("a", attrs("height"), .equal, number(9), id: "alsoUnrelated"),
            make("a", attrs("width"), .equal, number(100), id: "width"),
            make("b", attrs("edges"), .equal, superview(), id: "bEdges"),
            make("a", attrs("right"), .equal, superview("left"), offset: 150, id: "right"),
        ]))
        let d = try #require(unsatisfiable(layout.answer()).first)
        #expect(Set(d.constraints.map(\.id)) == ["left", "width", "right"])
        #expect(d.constraints.last?.id == "right")
        #expect(approx(layout.frame("a"), rect(0, 5, 100, 9)))
    }

    @Test func implicitFrameConstraintsAppearWithTheirIds() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", frame: rect(0, 0, 50, 50), index: 1)]
        let layout = try build(document(views, [make("a", attrs("width"), .equal, number(80))]))
        let d = try #require(unsatisfiable(layout.answer()).first)
        #expect(d.constraints.map(\.id) == ["a.frame.width", "c1"])
        #expect(d.constraints[0].location == at("/views/1/frame"))
        #expect(d.constraints[0].description == "a.frame.width == 50")
        #expect(d.constraints[0].attribute == "width")
    }

    @Test func independentConflictsGetTheirOwnDiagnostics() throws {
        let layout = try build(document(views, [
            make("a", attrs("width"), .equal, number(10)), make("a", attrs("width"), .equal, number(20)),
            make("b", attrs("height"), .equal, number(10)), make("b", attrs("height"), .equal, number(20)),
        ]))
        let ds = unsatisfiable(layout.answer())
        #expect(ds.map { $0.broken.map(\.id) } == [["c2"], ["c4"]])
        #expect(ds.map { $0.constraints.map(\.id) } == [["c1", "c2"], ["c3", "c4"]])
    }

    @Test func removingAMemberHeals() throws {
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .equal, number(300), id: "w300"),
            make("a", attrs("width"), .equal, number(500), id: "w500"),
        ]))
        #expect(unsatisfiable(layout.answer()).count == 1)
        // Reported again on every answer while it conflicts.
        let again = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 401, 400))))
        #expect(unsatisfiable(again).count == 1)
        let healed = try layout.applyOK(batch(.removeConstraints(ids: ["w300"])))
        #expect(unsatisfiable(healed).isEmpty)
        #expect(approx(healed.frame(of: "a")?.width, 500))
        #expect(layout.installedConstraints().allSatisfy { !$0.isBroken })
    }

    @Test func updatingAMemberHeals() throws {
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .equal, item("root"), id: "full"),
            make("a", attrs("width"), .equal, number(500), id: "wide"),
        ]))
        let d = try #require(unsatisfiable(layout.answer()).first)
        #expect(d.broken.map(\.id) == ["wide"])
        #expect(Set(d.constraints.map(\.id)) == ["root.frame.width", "full", "wide"])
        let answer = try layout.applyOK(batch(.update(view: ref("a"), constraints: [
            make(nil, attrs("width"), .equal, item("root"), offset: 100),
        ])))
        #expect(unsatisfiable(answer).isEmpty)
        #expect(approx(answer.frame(of: "a")?.width, 500))
    }

    /// A constant change adds nothing to the add order: the member added last (`w`) is
    /// broken, as a fresh solve of the layout breaks it, not the frame just set.
    @Test func setFrameThatConflictsBreaksTheNewestMember() throws {
        let layout = try build(document(views, [
            make("a", attrs("edges"), .equal, superview()),
            make("a", attrs("width"), .equal, number(400), id: "w"),
        ]))
        #expect(unsatisfiable(layout.answer()).isEmpty)
        let answer = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 300, 400))))
        let d = try #require(unsatisfiable(answer).first)
        #expect(d.broken.map(\.id) == ["w"])
        #expect(approx(answer.frame(of: "root")?.width, 300))
        #expect(approx(answer.frame(of: "a")?.width, 300))
        // Back to a width that fits: w holds again.
        let back = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 400, 400))))
        #expect(unsatisfiable(back).isEmpty)
    }

    @Test func brokenConstraintUpdatedToFitHeals() throws {
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .equal, number(300), id: "w300"),
            make("a", attrs("width"), .equal, number(500), id: "w500"),
        ]))
        // update matches both (same key); the first registered one gets the new constant.
        let answer = try layout.applyOK(batch(.update(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, number(500))])))
        #expect(unsatisfiable(answer).isEmpty)
        #expect(approx(answer.frame(of: "a")?.width, 500))
    }

    @Test func strictDocumentFails() {
        let errors = errors(document(views, [make("a", attrs("width"), .equal, number(10)),
                                             make("a", attrs("width"), .equal, number(20), at: at("/constraints/1"))],
                                     strict: true))
        #expect(errors.map(\.code) == [.unsatisfiable])
        #expect(errors.first?.location == at("/constraints/1"))
        // The error carries the diagnostic's details (docs/api.md §3).
        #expect(errors.first?.constraints.map(\.id) == ["c1", "c2"])
        #expect(errors.first?.constraints.map(\.description) == ["a.width == 10", "a.width == 20"])
        #expect(errors.first?.constraints.last?.location == at("/constraints/1"))
        #expect(errors.first?.broken.map(\.id) == ["c2"] && errors.first?.broken.map(\.attribute) == ["width"])
    }

    @Test func strictEditChangesNothing() throws {
        let layout = try build(document(views, [make("a", attrs("edges"), .equal, superview())]))
        let before = layout.answer()
        let problem = layout.applyFailing(batch(.make(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, number(10))]),
                                                strict: true))
        #expect(problem?.status == 422 && problem?.errors.map(\.code) == [.unsatisfiable])
        #expect(layout.answer() == before)
        #expect(layout.document().constraints.count == 1)
        // Without strict the same edit recovers.
        let answer = try layout.applyOK(batch(.make(view: ref("a"), constraints: [make(nil, attrs("width"), .equal, number(10))])))
        #expect(unsatisfiable(answer).count == 1)
    }

    @Test func updatingTheBrokenConstraintItselfHeals() throws {
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .equal, number(300), id: "w300"),
            make("a", attrs("width"), .greaterThanOrEqual, number(400), id: "atLeast"),
        ]))
        #expect(unsatisfiable(layout.answer()).map { $0.broken.map(\.id) } == [["atLeast"]])
        let still = try layout.applyOK(batch(.update(view: ref("a"), constraints: [
            make(nil, attrs("width"), .greaterThanOrEqual, number(350))])))
        #expect(unsatisfiable(still).map { $0.broken.map(\.id) } == [["atLeast"]])
        #expect(still.diagnostics.first?.message == "Unable to simultaneously satisfy constraints; broke a.width >= 350")
        let healed = try layout.applyOK(batch(.update(view: ref("a"), constraints: [
            make(nil, attrs("width"), .greaterThanOrEqual, number(250))])))
        #expect(unsatisfiable(healed).isEmpty)
        #expect(approx(healed.frame(of: "a")?.width, 300))
    }

    @Test func removingAViewHealsWhatItBlocked() throws {
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("b", attrs("width"), .equal, number(50)),
            make("a", attrs("width"), .equal, item("b")),
            make("a", attrs("width"), .equal, number(80), id: "own"),
        ]))
        #expect(unsatisfiable(layout.answer()).map { $0.broken.map(\.id) } == [["own"]])
        let answer = try layout.applyOK(batch(.removeViews(ids: ["b"])))
        #expect(unsatisfiable(answer).isEmpty)
        #expect(approx(answer.frame(of: "a")?.width, 80))
    }
}
