// The expression language of docs/api.md §2.4, through the public entry point.
import Testing
import Layout

private let here = RequestLocation(pointer: "/constraints/7", line: 3, column: 9)

private func parse(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ConstraintSpec? {
    switch parseConstraintExpression(text, location: here) {
    case .success(let spec): return spec
    case .failure(let problem):
        Issue.record("refused '\(text)': \(problem.errors.map(\.message))", sourceLocation: sourceLocation)
        return nil
    }
}

private func errors(_ text: String) -> [LayoutError] {
    if case .failure(let problem) = parseConstraintExpression(text, location: here) { return problem.errors }
    return []
}

private func item(_ view: String, _ guide: GuideName? = nil) -> TargetItem { .item(ItemRef(view: view, guide: guide)) }

@Suite struct ExpressionParserTests {
    @Test func contractExamples() throws {
        let a = try #require(parse("title.top == header.bottom + 8 @750"))
        #expect(a.first == ItemRef(view: "title"))
        #expect(a.attributes == AttributeSet(.top))
        #expect(a.relation == .equal)
        #expect(a.target == .item(item("header"), AttributeSet(.bottom)))
        #expect(a.modifier == .offset(8))
        #expect(a.priority == 750)
        #expect(a.multiplier == 1)
        #expect(a.location == here)

        let b = try #require(parse("card.edges == superview.edges"))
        #expect(b.attributes == .edges)
        #expect(b.target == .item(.superview(guide: nil), .edges))
        #expect(b.modifier == ConstantModifier.none)
        #expect(b.priority == 1000)

        let c = try #require(parse("title.width >= 44"))
        #expect(c.relation == .greaterThanOrEqual)
        #expect(c.target == .constant(.scalar(44)))
        #expect(c.modifier == ConstantModifier.none)

        let d = try #require(parse("a.width == b.width * 0.5 - 8 @high"))
        #expect(d.multiplier == 0.5)
        #expect(d.modifier == .offset(-8))
        #expect(d.priority == 750)

        let e = try #require(parse("title.centerX == 10"))
        #expect(e.attributes == AttributeSet(.centerX))
        #expect(e.target == .constant(.scalar(10)))

        let f = try #require(parse("x.safeAreaLayoutGuide.top >= superview.top + 20"))
        #expect(f.first == ItemRef(view: "x", guide: .safeAreaLayoutGuide))
        #expect(f.attributes == AttributeSet(.top))
        #expect(f.target == .item(.superview(guide: nil), AttributeSet(.top)))
        #expect(f.modifier == .offset(20))
    }

    @Test func grammarDetails() throws {
        #expect(parse("title.top.leading <= card.top")?.attributes == AttributeSet([.top, .leading]))
        #expect(parse("a.width == b.width / 4")?.multiplier == 0.25)
        #expect(parse("a.width == b.width / 4 + 1")?.modifier == .offset(1))
        #expect(parse("a.left == -12.5")?.target == .constant(.scalar(-12.5)))
        #expect(parse("a.left == - 3")?.target == .constant(.scalar(-3)))
        #expect(parse("a.left == 1.5e2")?.target == .constant(.scalar(150)))
        #expect(parse("a.top == b.top - -4")?.modifier == .offset(4))
        #expect(parse("a.width == b.width * -1")?.multiplier == -1)
        #expect(parse("a.top==b.bottom+8@251")?.priority == 251)
        #expect(parse("  a.top\t==\nb.bottom  ")?.target == .item(item("b"), AttributeSet(.bottom)))
        #expect(parse("a.top == b")?.target == .item(item("b"), []))
        #expect(parse("a.top == b.layoutMarginsGuide")?.target == .item(item("b", .layoutMarginsGuide), []))
        #expect(parse("a.top == superview.layoutMarginsGuide.top")?.target
                == .item(.superview(guide: .layoutMarginsGuide), AttributeSet(.top)))
        #expect(parse("a.top == superview")?.target == .item(.superview(guide: nil), []))
        #expect(parse("a.edges == b.margins")?.target == .item(item("b"), .margins))
        #expect(parse("a.firstBaseline == b.baseline")?.target == .item(item("b"), AttributeSet(.lastBaseline)))
        #expect(parse("a.top == b.top @ 999.5")?.priority == 999.5)
        #expect(parse("a.top == b.top @required")?.priority == 1000)
        #expect(parse("a.top == b.top @medium")?.priority == 500)
        #expect(parse("a.top == b.top @low")?.priority == 250)
        #expect(parse("_a1.top == B_2.top")?.first == ItemRef(view: "_a1"))
        #expect(parse("a.top == b.top * 007")?.multiplier == 7)
    }

    @Test func errorsCarryTheColumnAndTheStringLocation() throws {
        let e = try #require(errors("a.top =< b.top").first)
        #expect(e.code == .expressionSyntax)
        #expect(e.location == RequestLocation(pointer: "/constraints/7", line: 3, column: 9, exprColumn: 7))
        #expect(e.message.contains("'='"))
    }

    @Test func severalErrorsOfMeaningInOneString() {
        let found = errors("a.tp.wdth == b.top * 0 @ 2000")
        #expect(found.map(\.code) == [.unknownAttribute, .unknownAttribute, .badMultiplier, .priorityOutOfRange])
        #expect(found.map { $0.location?.exprColumn ?? 0 } == [3, 6, 22, 26])
    }

    @Test func syntaxErrorStopsTheParse() {
        let found = errors("a.wdth == == b")
        #expect(found.map(\.code) == [.unknownAttribute, .expressionSyntax])
        #expect(found.map { $0.location?.exprColumn ?? 0 } == [3, 11])
    }

    @Test func lexerEdges() {
        #expect(errors("a.top == 1.").first?.location?.exprColumn == 11)
        #expect(errors("a.top == b.top < 3").first?.location?.exprColumn == 16)
        #expect(errors("a.top == b.top @").first?.message.contains("end of expression") == true)
        #expect(errors("a.top == b.top * b").first?.location?.exprColumn == 18)
        #expect(errors("a.top == b.top + 1 + 2").first?.location?.exprColumn == 20)
        #expect(errors("a.top == b.top * 2 * 3").first?.location?.exprColumn == 20)
        #expect(errors("a.top == 5 * 2").first?.location?.exprColumn == 12)
        #expect(errors("a.top == b.top 😀").first?.location?.exprColumn == 16)
        #expect(errors("😀.top == b").first?.location?.exprColumn == 1)
        #expect(errors("a.top == b.😀").first?.location?.exprColumn == 12)
    }
}
