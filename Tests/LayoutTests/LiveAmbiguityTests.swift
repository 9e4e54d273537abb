import Testing
import Layout

/// One `ambiguous` warning per answer, naming the views and which of x, y, width, height
/// are not unique among the optimal layouts.
@Suite struct LiveAmbiguityTests {
    @Test func underconstrainedViewsAreListed() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root"),
                                         view("b", in: "root")], [
            make("a", attrs("left", "top", "width"), .equal, number(0)),
            make("b", attrs("edges"), .equal, superview()),
        ]))
        let ambiguous = layout.answer().diagnostics.filter { $0.code == .ambiguous }
        try #require(ambiguous.count == 1)
        #expect(ambiguous[0].severity == .warning)
        #expect(ambiguous[0].views == [ViewAttributes(id: "a", attributes: ["height"])])
    }

    @Test func equalPriorityConflictIsAmbiguous() throws {
        // Two optional constraints at the same priority pulling apart: every width in
        // between is optimal (docs/semantics.md §5.3).
        let layout = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root")], [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .greaterThanOrEqual, number(10), priority: 500),
            make("a", attrs("width"), .lessThanOrEqual, number(5), priority: 500),
        ]))
        let d = try #require(layout.answer().diagnostics.first { $0.code == .ambiguous })
        #expect(d.views == [ViewAttributes(id: "a", attributes: ["width"])])
        // Unequal priorities decide it.
        let fixed = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root")], [
            make("a", attrs("left", "top", "height"), .equal, number(0)),
            make("a", attrs("width"), .greaterThanOrEqual, number(10), priority: 501),
            make("a", attrs("width"), .lessThanOrEqual, number(5), priority: 500),
        ]))
        #expect(fixed.answer().diagnostics.isEmpty)
        #expect(approx(fixed.frame("a")?.width, 10))
    }

    @Test func nothingIsAmbiguousWhenAllIsPinned() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root", intrinsic: (10, 10))], [
            make("a", attrs("center"), .equal, superview()),
        ]))
        #expect(layout.answer().diagnostics.isEmpty)
    }

    @Test func negativeSizesAreFlagged() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root")], [
            make("a", attrs("left"), .equal, superview(), offset: 60),
            make("a", attrs("right"), .equal, superview(), offset: -60),
            make("a", attrs("top", "height"), .equal, number(0)),
        ]))
        let d = try #require(layout.answer().diagnostics.first { $0.code == .negativeSize })
        #expect(d.views == [ViewAttributes(id: "a", attributes: ["width"])])
        #expect(approx(layout.frame("a")?.width, -20))
    }
}
