import Testing
import Layout

/// Right-to-left layouts (docs/semantics.md §7.3): leading is the right edge, evaluated on the
/// mirrored axis x' = W - x of the evaluating space.
@Suite struct SemanticsDirectionTests {
    let views = [view("root", frame: rect(0, 0, 400, 100)), view("a", in: "root")]
    let vertical = make("a", attrs("top", "height"), .equal, number(0))

    func frame(_ constraints: [ConstraintSpec], _ direction: LayoutDirection) throws -> Rect? {
        try build(document(views, constraints + [vertical], direction: direction)).frame("a")
    }

    @Test func leadingIsTheRightEdgeInRTL() throws {
        let cs = [make("a", attrs("leading"), .equal, superview(), offset: 10), make("a", attrs("width"), .equal, number(100))]
        #expect(approx(try frame(cs, .ltr), rect(10, 0, 100, 0)))
        #expect(approx(try frame(cs, .rtl), rect(290, 0, 100, 0)))
    }

    @Test func trailingConstantStaysInward() throws {
        let cs = [make("a", attrs("trailing"), .equal, superview(), offset: -10), make("a", attrs("width"), .equal, number(100))]
        #expect(approx(try frame(cs, .ltr), rect(290, 0, 100, 0)))
        #expect(approx(try frame(cs, .rtl), rect(10, 0, 100, 0)))
    }

    @Test func multiplierKeepsLayoutsMirrorSymmetric() throws {
        let cs = [make("a", attrs("trailing"), .equal, superview(), multiplier: 0.5), make("a", attrs("width"), .equal, number(50))]
        #expect(approx(try frame(cs, .ltr), rect(150, 0, 50, 0)))  // right edge at the middle
        #expect(approx(try frame(cs, .rtl), rect(200, 0, 50, 0)))  // left edge at the middle
    }

    @Test func inequalitiesReversePhysically() throws {
        // leading >= superview.leading + 20, pulled toward the leading side.
        let cs = [make("a", attrs("leading"), .greaterThanOrEqual, superview(), offset: 20),
                  make("a", attrs("leading"), .equal, superview(), priority: 500),
                  make("a", attrs("width"), .equal, number(100))]
        #expect(approx(try frame(cs, .ltr), rect(20, 0, 100, 0)))
        #expect(approx(try frame(cs, .rtl), rect(280, 0, 100, 0)))  // maxX <= 400 - 20
    }

    @Test func physicalAttributesIgnoreDirection() throws {
        let cs = [make("a", attrs("left"), .equal, superview(), offset: 10), make("a", attrs("width"), .equal, number(100))]
        #expect(approx(try frame(cs, .rtl), rect(10, 0, 100, 0)))
    }

    @Test func centerXPairedWithLeading() throws {
        let cs = [make("a", attrs("centerX"), .equal, superview("leading"), offset: 50), make("a", attrs("width"), .equal, number(20))]
        #expect(approx(try frame(cs, .ltr), rect(40, 0, 20, 0)))
        #expect(approx(try frame(cs, .rtl), rect(340, 0, 20, 0)))
    }

    @Test func physicalInsetsOnLeadingUseTheRightInsetInRTL() throws {
        let insets = InsetValue.insets(.physical(EdgeInsets(top: 0, left: 20, bottom: 0, right: 40)))
        let cs = [make("a", attrs("directionalHorizontalEdges"), .equal, superview(), inset: insets)]
        #expect(approx(try frame(cs, .ltr), rect(20, 0, 340, 0)))
        #expect(approx(try frame(cs, .rtl), rect(20, 0, 340, 0)))  // leading (right) inset 40, trailing (left) 20
    }

    @Test func directionalInsetsMirror() throws {
        let insets = InsetValue.insets(.directional(DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 40)))
        let cs = [make("a", attrs("directionalHorizontalEdges"), .equal, superview(), inset: insets)]
        #expect(approx(try frame(cs, .ltr), rect(20, 0, 340, 0)))
        #expect(approx(try frame(cs, .rtl), rect(40, 0, 340, 0)))
        // And on physical edges, directional insets fall back by direction.
        let physical = [make("a", attrs("horizontalEdges"), .equal, superview(), inset: insets)]
        #expect(approx(try frame(physical, .rtl), rect(40, 0, 340, 0)))
    }

    @Test func siblingChainInRTL() throws {
        let views = [view("root", frame: rect(0, 0, 300, 10)), view("a", in: "root"), view("b", in: "root")]
        let cs = [make("a", attrs("leading"), .equal, superview()), make("a", attrs("width"), .equal, number(100)),
                  make("b", attrs("leading"), .equal, item("a", "trailing"), offset: 8), make("b", attrs("width"), .equal, number(50)),
                  make("a", attrs("top", "height"), .equal, number(0)), make("b", attrs("top", "height"), .equal, number(0))]
        let rtl = try build(document(views, cs, direction: .rtl))
        #expect(approx(rtl.frame("a"), rect(200, 0, 100, 0)))
        #expect(approx(rtl.frame("b"), rect(142, 0, 50, 0)))
    }
}
