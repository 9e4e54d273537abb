import Testing
import Layout

/// Frames from the real solver: coordinate spaces (docs/semantics.md §9.6), margins, guides,
/// baselines, multipliers evaluated in the closest common ancestor's space.
@Suite struct SemanticsGeometryTests {
    let base = [view("root", frame: rect(0, 0, 400, 800)),
                view("card", in: "root", margins: .physical(EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))),
                view("title", in: "card")]

    @Test func edgesInsetInSuperview() throws {
        let layout = try build(document(base, [
            make("card", attrs("edges"), .equal, superview(), inset: .scalar(20)),
            make("title", attrs("edges"), .equal, item("card", "margins")),
        ]))
        #expect(approx(layout.frame("card"), rect(20, 20, 360, 760)))
        #expect(approx(layout.frame("title"), rect(16, 8, 328, 744)))
        #expect(approx(layout.frame("title", space: .root), rect(36, 28, 328, 744)))
        #expect(layout.answer().diagnostics.isEmpty)
    }

    @Test func framesComeInViewOrder() throws {
        let layout = try build(document([view("b", in: "a"), view("a", frame: rect(0, 0, 10, 10)),
                                         view("c", in: "b")], [
            make("b", attrs("edges"), .equal, superview()), make("c", attrs("edges"), .equal, superview()),
        ]))
        #expect(layout.answer().frames.map(\.id) == ["b", "a", "c"])
        #expect(layout.document().views.map(\.id) == ["b", "a", "c"])
    }

    @Test func defaultMarginsAreEight() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 100, 100)), view("a", in: "root")], [
            make("a", attrs("edges"), .equal, superview("margins")),
        ]))
        #expect(approx(layout.frame("a"), rect(8, 8, 84, 84)))
    }

    @Test func layoutMarginsGuideAndSafeArea() throws {
        let views = [view("root", frame: rect(0, 0, 375, 667), margins: .physical(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                          safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)),
                     view("a", in: "root"), view("b", in: "root")]
        let layout = try build(document(views, [
            make("a", attrs("edges"), .equal, item("root.safeAreaLayoutGuide")),
            make("b", attrs("edges"), .equal, superview(guide: .layoutMarginsGuide)),
        ]))
        #expect(approx(layout.frame("a"), rect(0, 44, 375, 589)))
        #expect(approx(layout.frame("b"), rect(2, 1, 369, 663)))
    }

    @Test func directionalMarginsFollowDirection() throws {
        let views = [view("root", frame: rect(0, 0, 100, 100),
                          margins: .directional(DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 30))),
                     view("a", in: "root")]
        let constraints = [make("a", attrs("edges"), .equal, superview("margins"))]
        let ltr = try build(document(views, constraints))
        #expect(approx(ltr.frame("a"), rect(10, 0, 60, 100)))
        let rtl = try build(document(views, constraints, direction: .rtl))
        #expect(approx(rtl.frame("a"), rect(30, 0, 60, 100)))
    }

    @Test func multiplierIsEvaluatedInTheSuperviewsOwnSpace() throws {
        // The superview sits at x = 50: its left is 0 in its own space, so right == 0.5 *
        // superview.right puts the right edge at half the superview's width.
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("sv", in: "root", frame: rect(50, 0, 200, 100)),
                     view("a", in: "sv")]
        let layout = try build(document(views, [
            make("a", attrs("right"), .equal, superview(), multiplier: 0.5),
            make("a", attrs("left", "top", "height"), .equal, number(0)),
        ]))
        #expect(approx(layout.frame("a"), rect(0, 0, 100, 0)))
        // A constant target's multiplier has nothing to scale: superview.left is 0.
        let cousin = try build(document(views, [
            make("a", attrs("centerX"), .equal, number(10), multiplier: 3),
            make("a", attrs("width"), .equal, number(20)),
            make("a", attrs("top", "height"), .equal, number(0)),
        ]))
        #expect(approx(cousin.frame("a"), rect(0, 0, 20, 0)))
    }

    @Test func multiplierBetweenCousinsUsesTheirCommonAncestor() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)),
                     view("p", in: "root", frame: rect(100, 0, 100, 100)), view("q", in: "root", frame: rect(200, 0, 100, 100)),
                     view("a", in: "p"), view("b", in: "q")]
        let layout = try build(document(views, [
            make("b", attrs("left", "top", "width", "height"), .equal, number(10)),
            // In root's space b.left = 200 + 10 = 210; a.left == 0.5 * 210 = 105 in root = 5 in p.
            make("a", attrs("left"), .equal, item("b", "left"), multiplier: 0.5),
            make("a", attrs("top", "width", "height"), .equal, number(1)),
        ]))
        #expect(approx(layout.frame("a"), rect(5, 1, 1, 1)))
        #expect(approx(layout.frame("a", space: .root), rect(105, 1, 1, 1)))
    }

    @Test func baselines() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)),
                     view("label", in: "root", frame: rect(0, 100, 50, 30), baselines: (20, 8)),
                     view("a", in: "root"), view("b", in: "root")]
        let layout = try build(document(views, [
            make("a", attrs("firstBaseline"), .equal, item("label")),  // a.top + 0 == 100 + 20
            make("b", attrs("lastBaseline"), .equal, item("label")),   // b.bottom == 130 - 8
            make("a", attrs("left", "width", "height"), .equal, number(10)),
            make("b", attrs("left", "width", "height"), .equal, number(10)),
        ]))
        #expect(approx(layout.frame("a")?.y, 120))
        #expect(approx(layout.frame("b")?.y, 112))
    }

    @Test func explicitGuideIsLaidOutLikeAChild() throws {
        let views = [view("root", frame: rect(0, 0, 300, 100)), view("gap", in: "root", kind: .guide),
                     view("a", in: "root"), view("b", in: "root")]
        let layout = try build(document(views, [
            make("a", attrs("left", "top", "bottom"), .equal, superview()),
            make("a", attrs("width"), .equal, number(100)),
            make("gap", attrs("left"), .equal, item("a", "right")),
            make("gap", attrs("width"), .equal, number(20)),
            make("gap", attrs("top", "height"), .equal, number(0)),
            make("b", attrs("left"), .equal, item("gap", "right")),
            make("b", attrs("right", "top", "bottom"), .equal, superview()),
        ]))
        #expect(approx(layout.frame("gap"), rect(100, 0, 20, 0)))
        #expect(approx(layout.frame("b"), rect(120, 0, 180, 100)))
    }

    @Test func centersAndCenterWithinMargins() throws {
        let views = [view("root", frame: rect(0, 0, 200, 100), margins: .physical(EdgeInsets(top: 0, left: 40, bottom: 0, right: 0))),
                     view("a", in: "root"), view("b", in: "root")]
        let layout = try build(document(views, [
            make("a", attrs("center"), .equal, superview()),
            make("a", attrs("size"), .equal, .constant(.size(width: 20, height: 10))),
            make("b", attrs("centerXWithinMargins"), .equal, item("root")),
            make("b", attrs("top", "width", "height"), .equal, number(0)),
        ]))
        #expect(approx(layout.frame("a"), rect(90, 45, 20, 10)))
        // root.centerXWithinMargins = (40 + 200) / 2 = 120; b has no margins of its own? it has 8/8.
        #expect(approx(layout.frame("b")?.x, 120))
    }
}
