import Testing
@testable import Layout

/// Each semantic error kind, located where it stands in the request.
@Suite struct LiveErrorTests {
    @Test func viewErrors() {
        let found = errors(document([view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root"), view("a"),
                                     view("x", in: "y"), view("p", in: "q"), view("q", in: "p"), view("s", in: "s"),
                                     view("h", hugging: AxisPriorities(horizontal: 0, vertical: 250))]))
        #expect(found.map(\.code) == [.duplicateID, .priorityOutOfRange, .unknownView, .superviewCycle,
                                      .superviewCycle])
        #expect(found.map(\.location?.pointer) == ["/views/2", "/views/7", "/views/3", "/views/4", "/views/6"])
    }

    @Test func constraintErrorsAreLocated() {
        let views = [view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root"), view("b", in: "root"), view("lone")]
        let specs: [(ConstraintSpec, ErrorCode?)] = [
            (make("ghost", attrs("left"), .equal, item("a")), .unknownView),
            (make("root", attrs("left"), .equal, number(1)), .noSuperview),
            (make("root", attrs("top"), .equal, superview()), .noSuperview),
            (make("a", attrs("left"), .equal, item("lone")), .noCommonAncestor),
            (make("a", attrs("horizontalEdges"), .equal, item("b", "margins")), .multiAttributeMismatch),
            (make("a", attrs("top"), .equal, item("b", "left")), .axisMismatch),
            (make("a", attrs("leading"), .equal, item("b", "left")), .mixedDirection),
            (make("a", attrs("left"), .equal, item("b"), multiplier: .infinity), .badMultiplier),
            (make("a", attrs("left"), .equal, item("b"), priority: 1001), .priorityOutOfRange),
            (make("a", attrs("width"), .equal, number(1), offset: 2), .conflictingConstants),
            (make("a", attrs("width"), .equal, number(1), id: "dup"), nil),
            (make("b", attrs("width"), .equal, number(1), id: "dup"), .duplicateID),
        ]
        let constraints = specs.enumerated().map { i, s in
            var spec = s.0
            spec.location = RequestLocation(pointer: "/constraints/\(i)", line: i + 10, column: 5)
            return spec
        }
        let found = errors(document(views, constraints))
        let expected = specs.enumerated().filter { $0.1.1 != nil }
        #expect(found.map(\.code) == expected.map(\.1.1))
        #expect(found.map(\.location?.pointer) == expected.map { "/constraints/\($0.0)" })
        #expect(found.map(\.location?.line) == expected.map { $0.0 + 10 })
    }

    @Test func opLevelErrorsPointAtTheOp() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 1, 1)), view("a", in: "root")]))
        let problem = layout.applyFailing(batch(.removeViews(ids: ["ghost"]), .update(view: ref("ghost"), constraints: []),
                                                .addViews([view("a")])))
        #expect(problem?.errors.map(\.code) == [.unknownView, .unknownView, .duplicateID])
        #expect(problem?.errors.prefix(2).map(\.location?.pointer) == ["/ops/0", "/ops/1"])
    }
}
