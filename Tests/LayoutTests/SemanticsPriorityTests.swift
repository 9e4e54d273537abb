import Testing
@testable import Layout

/// Strict priorities (docs/semantics.md §5.3) and intrinsic sizes with hugging / compression
/// resistance (9.3).
@Suite struct SemanticsPriorityTests {
    let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root")]
    let place = make("a", attrs("left", "top", "height"), .equal, number(0))

    func width(_ constraints: [ConstraintSpec], views: [ViewSpec]? = nil) throws -> Double? {
        try build(document(views ?? self.views, constraints + [place])).frame("a")?.width
    }

    @Test func higherPriorityWinsOverAnyNumberOfLowerOnes() throws {
        var cs = (0..<8).map { _ in make("a", attrs("width"), .equal, number(100), priority: 500) }
        cs.append(make("a", attrs("width"), .equal, number(300), priority: 501))
        #expect(approx(try width(cs), 300))
    }

    @Test func fractionalPrioritiesAreOrderedToo() throws {
        let cs = [make("a", attrs("width"), .equal, number(100), priority: 999.5),
                  make("a", attrs("width"), .equal, number(300), priority: 999.25)]
        #expect(approx(try width(cs), 100))
    }

    @Test func requiredBeatsOptional() throws {
        let cs = [make("a", attrs("width"), .lessThanOrEqual, number(50)),
                  make("a", attrs("width"), .equal, number(300), priority: 999)]
        #expect(approx(try width(cs), 50))
    }

    @Test func optionalInequalityStillPulls() throws {
        let cs = [make("a", attrs("width"), .greaterThanOrEqual, number(120), priority: 750),
                  make("a", attrs("width"), .equal, number(100), priority: 250)]
        #expect(approx(try width(cs), 120))
    }

    @Test func intrinsicSizeAloneSizesTheView() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", intrinsic: (120, 21))]
        let layout = try build(document(views, [make("a", attrs("left", "top"), .equal, number(0))]))
        #expect(approx(layout.frame("a"), rect(0, 0, 120, 21)))
        #expect(layout.answer().diagnostics.isEmpty)
    }

    @Test func compressionResistanceBeatsALowerPriorityMaximum() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", intrinsic: (120, nil))]
        #expect(approx(try width([make("a", attrs("width"), .lessThanOrEqual, number(100), priority: 500)], views: views), 120))
        #expect(approx(try width([make("a", attrs("width"), .lessThanOrEqual, number(100), priority: 751)], views: views), 100))
        #expect(approx(try width([make("a", attrs("width"), .lessThanOrEqual, number(100))], views: views), 100))
    }

    @Test func huggingLosesToAHigherPriorityMinimum() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", intrinsic: (120, nil))]
        #expect(approx(try width([make("a", attrs("width"), .greaterThanOrEqual, number(200), priority: 500)], views: views), 200))
        let stiff = [view("root", frame: rect(0, 0, 400, 400)),
                     view("a", in: "root", intrinsic: (120, nil), hugging: AxisPriorities(horizontal: 600, vertical: 250))]
        #expect(approx(try width([make("a", attrs("width"), .greaterThanOrEqual, number(200), priority: 500)], views: stiff), 120))
    }

    @Test func twoLabelsShareByHugging() throws {
        // Both stretch between the edges; the one that hugs less grows.
        let views = [view("root", frame: rect(0, 0, 300, 50)),
                     view("a", in: "root", intrinsic: (50, 20), hugging: AxisPriorities(horizontal: 251, vertical: 250)),
                     view("b", in: "root", intrinsic: (50, 20))]
        let layout = try build(document(views, [
            make("a", attrs("leading", "top"), .equal, superview()),
            make("b", attrs("leading"), .equal, item("a", "trailing")),
            make("b", attrs("trailing", "top"), .equal, superview()),
        ]))
        #expect(approx(layout.frame("a")?.width, 50))
        #expect(approx(layout.frame("b")?.width, 250))
    }

    @Test func noIntrinsicMetricMakesNoConstraints() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", intrinsic: (-1, 30))]
        let layout = try build(document(views))
        #expect(layout.state.entry(.hugging(view: "a", .width)) == nil)
        // Height: hugging and compression resistance, both optional, are one soft equality
        // under the hugging key, and count as two constraints.
        #expect(layout.state.entry(.hugging(view: "a", .height))?.constraint.relation == .equal)
        #expect(layout.state.entry(.compression(view: "a", .height)) == nil)
        #expect(layout.answer().stats.constraints == 4 + 2)
    }

    /// A required hugging or compression resistance stays a constraint of its own (it can
    /// take part in a conflict and be broken), and the sizes come out as with the pair.
    @Test func requiredHuggingStaysApart() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)),
                     view("a", in: "root", intrinsic: (80, 30), hugging: AxisPriorities(horizontal: 1000, vertical: 250)),
                     view("b", in: "root", intrinsic: (80, 30))]
        let layout = try build(document(views, [
            make("a", attrs("leading", "top"), .equal, superview()),
            make("b", attrs("top"), .equal, item("a", "bottom")),
            make("b", attrs("height"), .equal, .constant(.scalar(10))),
        ]))
        #expect(layout.state.entry(.hugging(view: "a", .width))?.constraint.relation == .lessThanOrEqual)
        #expect(layout.state.entry(.compression(view: "a", .width))?.constraint.relation == .greaterThanOrEqual)
        #expect(layout.state.entry(.hugging(view: "a", .height))?.constraint.relation == .equal)
        #expect(approx(layout.frame("a")?.width, 80))
        #expect(approx(layout.frame("a")?.height, 30))
        // b's height is required at 10: its compression resistance (750) gives way.
        #expect(approx(layout.frame("b")?.height, 10))
        #expect(layout.answer().stats.constraints == 4 + 4 + 4 + 4)  // frames, a, b, and the four made
    }
}
