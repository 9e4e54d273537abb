import Testing
@testable import Layout

/// docs/semantics.md §4.3 (SnapKit's multi-attribute check), one test per row, and the UIKit
/// rejections of 4.5 that we enforce.
@Suite struct CompilerValidityTests {
    @Test func edgesToEdges() { #expect(compileErrors(make("me", attrs("edges"), .equal, item("v", "edges"))).isEmpty) }

    @Test func spelledOutEdgesToEdges() {
        #expect(compileErrors(make("me", attrs("left", "top", "right", "bottom"), .equal, item("v", "edges"))).isEmpty)
    }

    @Test func verticalEdgesToDirectionalVerticalEdges() {
        #expect(compileErrors(make("me", attrs("verticalEdges"), .equal, item("v", "directionalVerticalEdges"))).isEmpty)
    }

    @Test func sizeToWidth() { #expect(compileErrors(make("me", attrs("size"), .equal, item("v", "width"))).isEmpty) }

    @Test func edgesToMargins() { #expect(compileErrors(make("me", attrs("edges"), .equal, item("v", "margins"))).isEmpty) }

    @Test func horizontalEdgesToMarginsIsRejected() {
        #expect(compileErrors(make("me", attrs("horizontalEdges"), .equal, item("v", "margins"))) == [.multiAttributeMismatch])
    }

    @Test func edgesToDirectionalEdgesIsRejected() {
        #expect(compileErrors(make("me", attrs("edges"), .equal, item("v", "directionalEdges"))) == [.multiAttributeMismatch])
    }

    @Test func directionalEdgesToMarginsIsRejected() {
        #expect(compileErrors(make("me", attrs("directionalEdges"), .equal, item("v", "margins"))) == [.multiAttributeMismatch])
    }

    @Test func centerToCenterWithinMarginsIsRejected() {
        #expect(compileErrors(make("me", attrs("center"), .equal, item("v", "centerWithinMargins"))) == [.multiAttributeMismatch])
    }

    @Test func widthToSizeIsRejected() {
        #expect(compileErrors(make("me", attrs("width"), .equal, item("v", "size"))) == [.multiAttributeMismatch])
    }

    @Test func leftToLeadingPassesSnapKitButUIKitRejectsIt() {
        #expect(AttributeChecks.multiAttributeTargetIsValid(from: attrs("left"), target: attrs("leading")))
        #expect(compileErrors(make("me", attrs("left"), .equal, item("v", "leading"))) == [.mixedDirection])
        #expect(compileErrors(make("me", attrs("trailingMargin"), .equal, item("v", "rightMargin"))) == [.mixedDirection])
        // centerX goes with either.
        #expect(compileErrors(make("me", attrs("centerX"), .equal, item("v", "leading"))).isEmpty)
        #expect(compileErrors(make("me", attrs("centerX"), .equal, item("v", "left"))).isEmpty)
    }

    @Test func sizeWithLocationIsAxisMismatch() {
        #expect(compileErrors(make("me", attrs("width"), .equal, item("v", "left"))) == [.axisMismatch])
        #expect(compileErrors(make("me", attrs("top"), .equal, item("v", "height"))) == [.axisMismatch])
        // width with height is a size with a size: fine (aspect ratios).
        #expect(compileErrors(make("me", attrs("width"), .equal, item("v", "height"), multiplier: 2)).isEmpty)
    }

    @Test func badMultipliers() {
        #expect(compileErrors(make("me", attrs("width"), .equal, item("v"), multiplier: .infinity)) == [.badMultiplier])
        #expect(compileErrors(make("me", attrs("left"), .equal, item("v"), multiplier: 0)) == [.badMultiplier])
        #expect(compileErrors(make("me", attrs("width"), .equal, item("v"), multiplier: 0)).isEmpty)
    }

    @Test func priorityRange() {
        #expect(compileErrors(make("me", attrs("width"), .equal, number(1), priority: 0)) == [.priorityOutOfRange])
        #expect(compileErrors(make("me", attrs("width"), .equal, number(1), priority: 1000.5)) == [.priorityOutOfRange])
        #expect(compileErrors(make("me", attrs("width"), .equal, number(1), priority: 999.5)).isEmpty)
        #expect(compileErrors(make("me", attrs("width"), .equal, number(1), priority: 0.001)).isEmpty)
    }

    @Test func noSuperview() {
        #expect(compileErrors(make("root", attrs("left"), .equal, number(10))) == [.noSuperview])
        #expect(compileErrors(make("root", attrs("edges"), .equal, superview())) == [.noSuperview])
        // A size constant needs no superview.
        #expect(compileErrors(make("root", attrs("width"), .equal, number(10))).isEmpty)
    }

    @Test func noCommonAncestor() {
        #expect(compileErrors(make("me", attrs("left"), .equal, item("other"))) == [.noCommonAncestor])
    }

    @Test func unknownViews() {
        #expect(compileErrors(make("ghost", attrs("left"), .equal, item("v"))) == [.unknownView])
        #expect(compileErrors(make("me", attrs("left"), .equal, item("ghost"))) == [.unknownView])
    }

    @Test func everyErrorOfADescriptionIsReported() {
        let codes = compileErrors(make("me", attrs("width"), .equal, item("v", "size"), multiplier: .nan, priority: 2000))
        #expect(Set(codes) == [.priorityOutOfRange, .badMultiplier, .multiAttributeMismatch])
    }
}
