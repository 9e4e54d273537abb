import Testing
@testable import Layout

/// docs/semantics.md §2.3, one test per row: the expanded constraints SnapKit (UIKit) produces.
/// Tree: root > sv > {me, v, v2, g (guide)}; `me` is the from item unless noted.
@Suite struct CompilerWorkedOutcomesTests {
    @Test func leftEqualToView() throws {
        #expect(try text(compiled(make("me", attrs("left"), .equal, item("v")))) == ["me.left == v.left"])
    }

    @Test func leftEqualToRightWithOffset() throws {
        let c = try compiled(make("me", attrs("left"), .equal, item("v", "right"), offset: 8))
        #expect(text(c) == ["me.left == v.right + 8"])
        #expect(c[0].second == ref("v") && c[0].secondAttribute == .right && c[0].constant == 8 && c[0].multiplier == 1)
    }

    @Test func edgesEqualToView() throws {
        #expect(try text(compiled(make("me", attrs("edges"), .equal, item("v")))) ==
            ["me.left == v.left", "me.top == v.top", "me.right == v.right", "me.bottom == v.bottom"])
    }

    /// SnapKit reuses a single-attribute target for every from-attribute; the X ones
    /// compile, the Y ones (top == v.left) are our stricter axis-mismatch (docs/semantics.md §4.5).
    @Test func edgesEqualToSingleAttributeReusesIt() throws {
        for f in AttributeSet.edges.expansion {
            #expect(ToAttribute.resolve(from: .edges, target: AttributeSet(.left), constantTarget: false, attribute: f) == .left)
        }
        #expect(try text(compiled(make("me", attrs("horizontalEdges"), .equal, item("v", "left")))) ==
            ["me.left == v.left", "me.right == v.left"])
        #expect(Set(compileErrors(make("me", attrs("edges"), .equal, item("v", "left")))) == [.axisMismatch])
    }

    @Test func edgesEqualToMargins() throws {
        #expect(try text(compiled(make("me", attrs("edges"), .equal, item("v", "margins")))) ==
            ["me.left == v.leftMargin", "me.top == v.topMargin", "me.right == v.rightMargin", "me.bottom == v.bottomMargin"])
    }

    @Test func marginsEqualToEdges() throws {
        #expect(try text(compiled(make("me", attrs("margins"), .equal, item("v", "edges")))) ==
            ["me.leftMargin == v.left", "me.rightMargin == v.right", "me.topMargin == v.top", "me.bottomMargin == v.bottom"])
    }

    @Test func directionalEdgesEqualToDirectionalMargins() throws {
        #expect(try text(compiled(make("me", attrs("directionalEdges"), .equal, item("v", "directionalMargins")))) ==
            ["me.top == v.topMargin", "me.bottom == v.bottomMargin",
             "me.leading == v.leadingMargin", "me.trailing == v.trailingMargin"])
        #expect(try text(compiled(make("me", attrs("directionalMargins"), .equal, item("v", "directionalEdges")))) ==
            ["me.topMargin == v.top", "me.bottomMargin == v.bottom",
             "me.leadingMargin == v.leading", "me.trailingMargin == v.trailing"])
    }

    @Test func marginsEqualToView() throws {
        #expect(try text(compiled(make("me", attrs("margins"), .equal, item("v")))) ==
            ["me.leftMargin == v.leftMargin", "me.rightMargin == v.rightMargin",
             "me.topMargin == v.topMargin", "me.bottomMargin == v.bottomMargin"])
    }

    @Test func leftEqualToConstantRelatesToSuperview() throws {
        let c = try compiled(make("me", attrs("left"), .equal, number(10)))
        #expect(text(c) == ["me.left == sv.left + 10"])
        #expect(c[0].second == ref("sv"))
    }

    @Test func lastBaselineEqualToConstant() throws {
        #expect(try text(compiled(make("me", attrs("lastBaseline"), .equal, number(10)))) ==
            ["me.lastBaseline == sv.lastBaseline + 10"])
    }

    @Test func centerXEqualToConstantRelatesToSuperviewLeft() throws {
        #expect(try text(compiled(make("me", attrs("centerX"), .equal, number(10)))) == ["me.centerX == sv.left + 10"])
    }

    @Test func centerEqualToPoint() throws {
        #expect(try text(compiled(make("me", attrs("center"), .equal, .constant(.point(x: 5, y: 7))))) ==
            ["me.centerX == sv.left + 5", "me.centerY == sv.top + 7"])
    }

    @Test func centerXWithinMarginsIsNotRemapped() throws {
        #expect(try text(compiled(make("me", attrs("centerXWithinMargins"), .equal, number(10)))) ==
            ["me.centerXWithinMargins == sv.centerXWithinMargins + 10"])
    }

    @Test func widthEqualToConstantHasNoSecondItem() throws {
        let c = try compiled(make("me", attrs("width"), .equal, number(100)))
        #expect(text(c) == ["me.width == 100"])
        #expect(c[0].second == nil && c[0].secondAttribute == nil && c[0].constant == 100)
    }

    @Test func sizeEqualToSize() throws {
        #expect(try text(compiled(make("me", attrs("size"), .equal, .constant(.size(width: 50, height: 20))))) ==
            ["me.width == 50", "me.height == 20"])
    }

    @Test func widthEqualToSuperviewTimesHalf() throws {
        let c = try compiled(make("me", attrs("width"), .equal, superview(), multiplier: 0.5))
        #expect(text(c) == ["me.width == sv.width * 0.5"])
        #expect(c[0].multiplier == 0.5)
    }

    @Test func sizeEqualToWidth() throws {
        #expect(try text(compiled(make("me", attrs("size"), .equal, item("v", "width")))) ==
            ["me.width == v.width", "me.height == v.width"])
    }

    @Test func edgesEqualToInsets() throws {
        let insets = ConstraintTarget.constant(.insets(.physical(EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))))
        #expect(try text(compiled(make("me", attrs("edges"), .equal, insets))) ==
            ["me.left == sv.left + 20", "me.top == sv.top + 10", "me.right == sv.right - 40", "me.bottom == sv.bottom - 30"])
    }

    @Test func topEqualToGuide() throws {
        #expect(try text(compiled(make("me", attrs("top"), .equal, item("g")))) == ["me.top == g.top"])
    }

    @Test func guideLeftEqualToConstantRelatesToOwningView() throws {
        #expect(try text(compiled(make("g", attrs("left"), .equal, number(10)))) == ["g.left == sv.left + 10"])
        #expect(try text(compiled(make("sv.layoutMarginsGuide", attrs("left"), .equal, number(10)))) ==
            ["sv.layoutMarginsGuide.left == sv.left + 10"])
    }

    /// SnapKit and UIKit's item initializer accept X with Y; we reject it (documented as
    /// stricter than UIKit in docs/semantics.md §4.5).
    @Test func leftEqualToTopIsRejectedAsAxisMismatch() {
        #expect(compileErrors(make("me", attrs("left"), .equal, item("v2", "top"), offset: 50)) == [.axisMismatch])
    }

    @Test func chainedAttributesAreASetInExpansionOrder() throws {
        #expect(try text(compiled(make("me", attrs("top", "left", "left"), .equal, item("v")))) ==
            ["me.left == v.left", "me.top == v.top"])
    }

    @Test func superviewWithAttributeAndGuide() throws {
        #expect(try text(compiled(make("me", attrs("top"), .equal, superview("bottom")))) == ["me.top == sv.bottom"])
        #expect(try text(compiled(make("me", attrs("top"), .equal, superview(guide: .safeAreaLayoutGuide)))) ==
            ["me.top == sv.safeAreaLayoutGuide.top"])
    }

    @Test func relationPriorityAndMultiplierAreKept() throws {
        let c = try compiled(make("me", attrs("width"), .lessThanOrEqual, item("v"), multiplier: 2, offset: -3, priority: 750))
        #expect(text(c) == ["me.width <= v.width * 2 - 3 @750"])
        #expect(c[0].relation == .lessThanOrEqual && c[0].priority == 750)
    }
}
