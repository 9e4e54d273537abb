import Testing
@testable import Layout

/// The edit ops of docs/api.md §4 with SnapKit semantics (docs/semantics.md §6).
@Suite struct LiveEditTests {
    let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root"), view("b", in: "root")]
    let aEdges = make("a", attrs("edges"), .equal, superview(), inset: .scalar(10))

    @Test func revisionStartsAtOneAndCountsSuccessfulBatches() throws {
        let layout = try build(document(views, [aEdges]))
        #expect(layout.revision == 1)
        let answer = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 200, 200)), ifRevision: 1))
        #expect(answer.revision == 2)
        let problem = layout.applyFailing(batch(.setFrame(view: "root", frame: rect(0, 0, 100, 100)), ifRevision: 1))
        #expect(problem?.status == 409 && problem?.errors.map(\.code) == [.revisionMismatch])
        #expect(layout.revision == 2)
    }

    @Test func updateChangesConstantsInPlace() throws {
        let layout = try build(document(views, [aEdges]))
        let before = layout.state.entry(.user(id: "c1", attribute: .top))?.constraint
        let answer = try layout.applyOK(batch(.update(view: ref("a"), constraints: [
            make(nil, attrs("top"), .equal, superview(), offset: 50),
        ])))
        #expect(approx(answer.frame(of: "a"), rect(10, 50, 380, 340)))
        // The same solver constraint, not a new one (under the id of the split member).
        #expect(layout.state.entry(.user(id: "c1.top", attribute: .top))?.constraint === before)
        #expect(layout.solver.constant(of: try #require(before)) == -50)
        // Part of a composite updated: it is split into its members, which the document
        // shows and `remove` accepts.
        let constraints = layout.document().constraints
        #expect(constraints.map(\.id) == ["c1.left", "c1.top", "c1.right", "c1.bottom"])
        #expect(constraints[1].modifier == .offset(50) && constraints[2].modifier == .offset(-10))
        // ...which compile back to what is installed.
        let again = try build(document(views, constraints))
        #expect(again.answer().frames == answer.frames)
    }

    @Test func updateWithoutRegisteredConstraintsIsMake() throws {
        let layout = try build(document(views, [aEdges]))
        let answer = try layout.applyOK(batch(.update(view: ref("b"), constraints: [
            make(nil, attrs("size"), .equal, .constant(.size(width: 10, height: 20))),
            make(nil, attrs("left", "top"), .equal, number(0)),
        ])))
        #expect(approx(answer.frame(of: "b"), rect(0, 0, 10, 20)))
        #expect(layout.document().constraints.map(\.id) == ["c1", "c2", "c3"])
    }

    @Test func updateMustMatchEveryFieldButTheConstant() throws {
        let layout = try build(document(views, [aEdges, make("a", attrs("width"), .lessThanOrEqual, number(100), priority: 750)]))
        let before = layout.answer()
        // Different priority, relation, multiplier, target: all misses, and nothing changes.
        for spec in [make(nil, attrs("width"), .lessThanOrEqual, number(50), priority: 500),
                     make(nil, attrs("width"), .equal, number(50), priority: 750),
                     make(nil, attrs("top"), .equal, superview(), multiplier: 2),
                     make(nil, attrs("top"), .equal, item("b"))] {
            var bad = spec
            bad.location = at("/ops/0/constraints/1")
            let problem = layout.applyFailing(batch(.update(view: ref("a"), constraints: [
                make(nil, attrs("left"), .equal, superview(), offset: 1), bad,
            ])))
            #expect(problem?.errors.map(\.code) == [.noMatchingConstraint])
            #expect(problem?.errors.first?.location == at("/ops/0/constraints/1"))
        }
        #expect(layout.answer() == before)
        // The right key works.
        let answer = try layout.applyOK(batch(.update(view: ref("a"), constraints: [
            make(nil, attrs("width"), .lessThanOrEqual, number(50), priority: 750)])))
        #expect(layout.compiledConstraints(id: "c2")?.first?.constant == 50)
        #expect(answer.revision == 2)
    }

    @Test func centerXConstantUpdateMatches() throws {
        let layout = try build(document(views, [make("a", attrs("centerX"), .equal, number(10)),
                                                make("a", attrs("top", "size"), .equal, number(0))]))
        let answer = try layout.applyOK(batch(.update(view: ref("a"), constraints: [make(nil, attrs("centerX"), .equal, number(20))])))
        #expect(approx(answer.frame(of: "a")?.x, 20))
    }

    @Test func remakeReplacesTheViewsConstraints() throws {
        let layout = try build(document(views, [aEdges, make("b", attrs("edges"), .equal, item("a"))]))
        let answer = try layout.applyOK(batch(.remake(view: ref("a"), constraints: [
            make(nil, attrs("left", "top"), .equal, number(0)), make(nil, attrs("size"), .equal, number(5)),
        ])))
        #expect(approx(answer.frame(of: "a"), rect(0, 0, 5, 5)))
        #expect(approx(answer.frame(of: "b"), rect(0, 0, 5, 5)))  // b's constraint targets a: untouched
        #expect(layout.document().constraints.map(\.id) == ["c2", "c3", "c4"])
    }

    @Test func removeByViewAndById() throws {
        let layout = try build(document(views, [aEdges, make("b", attrs("size"), .equal, number(5), id: "bSize"),
                                                make("b", attrs("left", "top"), .equal, number(1))]))
        try layout.applyOK(batch(.removeConstraintsOf(view: ref("a")), .removeConstraints(ids: ["bSize"])))
        #expect(layout.document().constraints.map(\.id) == ["c3"])
        let problem = layout.applyFailing(batch(.removeConstraints(ids: ["c3", "nope"])))
        #expect(problem?.errors.map(\.code) == [.unknownConstraint])
        #expect(layout.document().constraints.map(\.id) == ["c3"])
    }

    @Test func generatedIdsSkipTakenNamesAndAreNeverReused() throws {
        let layout = try build(document(views, [
            make("a", attrs("width"), .equal, number(1)),
            make("a", attrs("height"), .equal, number(1), id: "c3"),
            make("a", attrs("left"), .equal, number(1)),
            make("a", attrs("top"), .equal, number(1)),
        ]))
        #expect(layout.document().constraints.map(\.id) == ["c1", "c3", "c4", "c5"])
        try layout.applyOK(batch(.removeConstraints(ids: ["c5", "c4"])))
        try layout.applyOK(batch(.make(view: ref("a"), constraints: [make(nil, attrs("left"), .equal, number(2)),
                                                                     make(nil, attrs("top"), .equal, number(2))])))
        #expect(layout.document().constraints.map(\.id) == ["c1", "c3", "c6", "c7"])
    }

    @Test func addAndRemoveViews() throws {
        let layout = try build(document(views, [aEdges]))
        var child = view("child", in: "a", intrinsic: (30, 20))
        child.location = at("/ops/0/views/0")
        let answer = try layout.applyOK(batch(.addViews([child]), .make(view: ref("child"), constraints: [
            make(nil, attrs("center"), .equal, superview()),
        ])))
        #expect(approx(answer.frame(of: "child"), rect(175, 180, 30, 20)))
        #expect(answer.frames.map(\.id) == ["root", "a", "b", "child"])
        // Removing a removes child, every constraint naming them (b's too) and implicit ones.
        try layout.applyOK(batch(.make(view: ref("b"), constraints: [make(nil, attrs("top"), .equal, item("child", "bottom"))])))
        let after = try layout.applyOK(batch(.removeViews(ids: ["a"])))
        #expect(after.frames.map(\.id) == ["root", "b"])
        #expect(layout.document().constraints.isEmpty)
        #expect(layout.state.entryKeys.allSatisfy { $0.implicitView == "root" })
    }

    @Test func setFrameGivesAFrameToAViewWithout() throws {
        let layout = try build(document(views, [aEdges]))
        let answer = try layout.applyOK(batch(.setFrame(view: "b", frame: rect(1, 2, 3, 4))))
        #expect(approx(answer.frame(of: "b"), rect(1, 2, 3, 4)))
        #expect(layout.document().views[2].frame == rect(1, 2, 3, 4))
        let moved = try layout.applyOK(batch(.setFrame(view: "root", frame: rect(0, 0, 100, 60))))
        #expect(approx(moved.frame(of: "a"), rect(10, 10, 80, 40)))
        #expect(layout.document().views[0].frame == rect(0, 0, 100, 60))
    }

    @Test func setFrameEditsTheFrameConstraintsInPlace() throws {
        let layout = try build(document(views, [aEdges]))
        let objects = FrameField.allCases.map { layout.state.entry(.frame(view: "root", $0))?.constraint }
        let count = layout.solver.constraintCount
        try layout.applyOK(batch(.setFrame(view: "root", frame: rect(5, 6, 70, 80))))
        let after = FrameField.allCases.map { layout.state.entry(.frame(view: "root", $0))?.constraint }
        #expect(zip(objects, after).allSatisfy { $0 === $1 })
        #expect(layout.solver.constraintCount == count)
        #expect(try FrameField.allCases.map { layout.solver.constant(of: try #require(layout.state.entry(.frame(view: "root", $0))?.constraint)) }
            == [-5, -6, -70, -80])
    }

    @Test func documentRoundTrips() throws {
        let layout = try build(document(views, [aEdges, make("b", attrs("size"), .equal, item("a"), multiplier: 0.5, label: "half")]))
        let doc = layout.document()
        #expect(doc.constraints.map(\.id) == ["c1", "c2"])
        #expect(doc.constraints.map(\.first) == [ref("a"), ref("b")])
        #expect(doc.constraints[1].label == "half")
        let again = try build(doc)
        #expect(again.answer().frames == layout.answer().frames)
    }
}

@Suite struct LiveAnswerEncodingTests {
    @Test func answerEncodesAsTheContractShowsIt() throws {
        var wide = make("title", attrs("width"), .equal, number(500))
        wide.source = SourceLocation(file: "CardView.swift", line: 40)
        wide.location = RequestLocation(pointer: "/constraints/1", line: 14, column: 5)
        let layout = try build(document([view("root", frame: rect(0, 0, 375, 667)), view("title", in: "root")], [
            make("title", attrs("width"), .equal, number(300)), wide,
            make("title", attrs("left", "top", "height"), .equal, number(0)),
        ]))
        let json = String(decoding: encodeLayoutAnswer(layout.answer(), includeRevision: true), as: UTF8.self)
        #expect(json.hasPrefix(#"{"revision":1,"frames":{"root":{"x":0,"y":0,"width":375,"height":667},"title":{"x":0,"y":0,"width":300,"height":0}},"diagnostics":[{"severity":"error","code":"unsatisfiable","message":"Unable to simultaneously satisfy constraints; broke title.width == 500","constraints":[{"id":"c1","attribute":"width","label":null,"description":"title.width == 300","source":null,"location":{"pointer":"/test","line":1,"column":1}},{"id":"c2","attribute":"width","label":null,"description":"title.width == 500","source":{"file":"CardView.swift","line":40},"location":{"pointer":"/constraints/1","line":14,"column":5}}],"broken":[{"id":"c2","attribute":"width"}],"explanation":"c1 (title.width == 300) makes title.width exactly 300 = 300 (c1), but c2 (title.width == 500) needs it to equal 500","suggestions":["Lower the priority of c2 (title.width == 500) below 1000, e.g. @999, so it gives way without a conflict","Or remove one of c2 and c1: any one of them resolves this conflict"]}"#))
        #expect(json.hasSuffix(#""stats":{"views":2,"constraints":9,"solveMicros":\#(layout.answer().stats.solveMicros)}}"#))
    }
}
