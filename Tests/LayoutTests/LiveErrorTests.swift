import Testing
@testable import Layout

/// Each semantic error kind, located where it stands in the request.
@Suite struct LiveErrorTests {
    @Test func viewErrors() {
        let found = errors(document([view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root"), view("a"),
                                     view("x", in: "y"), view("p", in: "q"), view("q", in: "p"), view("s", in: "s"),
                                     view("h", hugging: AxisPriorities(horizontal: 0, vertical: 250))]))
        #expect(found.map(\.code) == ["duplicate-id", "priority-out-of-range", "unknown-view", "superview-cycle",
                                      "superview-cycle"])
        #expect(found.map(\.location?.pointer) == ["/views/2", "/views/7", "/views/3", "/views/4", "/views/6"])
    }

    @Test func constraintErrorsAreLocated() {
        let views = [view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root"), view("b", in: "root"), view("lone")]
        let specs: [(ConstraintSpec, String)] = [
            (make("ghost", attrs("left"), .equal, item("a")), "unknown-view"),
            (make("root", attrs("left"), .equal, number(1)), "no-superview"),
            (make("root", attrs("top"), .equal, superview()), "no-superview"),
            (make("a", attrs("left"), .equal, item("lone")), "no-common-ancestor"),
            (make("a", attrs("horizontalEdges"), .equal, item("b", "margins")), "multi-attribute-mismatch"),
            (make("a", attrs("top"), .equal, item("b", "left")), "axis-mismatch"),
            (make("a", attrs("leading"), .equal, item("b", "left")), "mixed-direction"),
            (make("a", attrs("left"), .equal, item("b"), multiplier: .infinity), "bad-multiplier"),
            (make("a", attrs("left"), .equal, item("b"), priority: 1001), "priority-out-of-range"),
            (make("a", attrs("width"), .equal, number(1), offset: 2), "conflicting-constants"),
            (make("a", attrs("width"), .equal, number(1), id: "dup"), ""),
            (make("b", attrs("width"), .equal, number(1), id: "dup"), "duplicate-id"),
        ]
        let constraints = specs.enumerated().map { i, s in
            var spec = s.0
            spec.location = RequestLocation(pointer: "/constraints/\(i)", line: i + 10, column: 5)
            return spec
        }
        let found = errors(document(views, constraints))
        let expected = specs.enumerated().filter { !$0.1.1.isEmpty }
        #expect(found.map(\.code) == expected.map(\.1.1))
        #expect(found.map(\.location?.pointer) == expected.map { "/constraints/\($0.0)" })
        #expect(found.map(\.location?.line) == expected.map { $0.0 + 10 })
    }

    @Test func opLevelErrorsPointAtTheOp() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root")]))
        let problem = layout.applyFailing(batch(.removeViews(ids: ["ghost"]), .update(view: ref("ghost"), constraints: []),
                                                .addViews([view("a")])))
        #expect(problem?.errors.map(\.code) == ["unknown-view", "unknown-view", "duplicate-id"])
        #expect(problem?.errors.prefix(2).map(\.location?.pointer) == ["/ops/0", "/ops/1"])
    }
}
