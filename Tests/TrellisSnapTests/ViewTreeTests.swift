import Foundation
import Testing
import TrellisSnap

/// The view tree as UIKit keeps it: fixed frames until constrained, subview order, layout
/// guides and their constraints, and what the service checks on SnapKit's behalf.
struct ViewTreeTests {
    @Test func aFixedFrameHoldsUntilSnapKitConstrainsTheView() throws {
        let root = TrellisView(frame: rect(0, 0, 300, 300))
        let framed = TrellisView(id: "framed", frame: rect(10, 10, 20, 20))
        let target = TrellisView(id: "target", frame: rect(50, 60, 70, 80))
        root.addSubview(framed)
        root.addSubview(target)
        #expect(root.id.hasPrefix("v") && framed.translatesAutoresizingMaskIntoConstraints)
        try layoutBothWays(root)
        #expect(framed.frame == rect(10, 10, 20, 20))

        framed.snp.makeConstraints { $0.edges.equalTo(target) }
        #expect(!framed.translatesAutoresizingMaskIntoConstraints)
        #expect(target.translatesAutoresizingMaskIntoConstraints)  // a target keeps its frame
        try layoutBothWays(root)
        #expect(framed.frame == rect(50, 60, 70, 80))
        #expect(framed.bounds == rect(0, 0, 70, 80))
    }

    @Test func subviewsKeepTheirOrderAndMove() throws {
        let root = screen(), other = screen(id: "other")
        _ = subview(of: root, "a")
        let b = TrellisView(id: "b")
        root.insertSubview(b, at: 0)
        #expect(root.subviews.map(\.id) == ["b", "a"])
        let document = try root.layoutDocument()
        let bAt = try #require(document.range(of: #""id":"b""#)), aAt = try #require(document.range(of: #""id":"a""#))
        #expect(bAt.lowerBound < aAt.lowerBound)

        b.snp.makeConstraints { $0.edges.equalToSuperview().inset(1) }
        other.addSubview(b)  // leaves root; its constraints to root go with the move
        #expect(b.superview === other && root.subviews.map(\.id) == ["a"])
        #expect(!(try other.layoutDocument()).contains(#""view":"b""#))
        #expect(b.isDescendant(of: other) && !b.isDescendant(of: root))
    }

    @Test func directionalInsetsUpdateThroughTheHandle() throws {
        let root = screen()
        let bar = subview(of: root, "bar")
        var sides: Constraint?
        bar.snp.makeConstraints { make in
            sides = make.directionalHorizontalEdges.equalToSuperview()
                .inset(NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 6)).constraint
            make.top.equalToSuperview()
            make.height.equalTo(44)
        }
        try layoutBothWays(root)
        #expect(bar.frame == rect(4, 0, 365, 44))
        sides?.update(inset: NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10))
        try layoutBothWays(root)
        #expect(bar.frame == rect(30, 0, 335, 44))
        sides?.update(inset: UIEdgeInsets(top: 0, left: 1, bottom: 0, right: 2))
        try layoutBothWays(root)
        #expect(bar.frame == rect(1, 0, 372, 44))
    }

    @Test func guidesHaveTheirOwnLifecycle() throws {
        let root = screen(200, 100)
        let column = TrellisLayoutGuide()
        #expect(column.identifier.hasPrefix("g"))
        root.addLayoutGuide(column)
        #expect(column.owningView === root && root.layoutGuides.count == 1)
        column.snp.makeConstraints { make in
            make.left.top.bottom.equalToSuperview()
            make.width.equalTo(50)
        }
        let v = subview(of: root, "v")
        v.snp.makeConstraints { make in
            make.left.equalTo(column.snp.right)
            make.left.equalTo(10).priority(.low)
            make.top.size.equalTo(10)
        }
        try layoutBothWays(root)
        #expect(column.layoutFrame == rect(0, 0, 50, 100) && v.frame.origin.x == 50)

        column.snp.updateConstraints { $0.width.equalTo(70) }
        try layoutBothWays(root)
        #expect(column.layoutFrame.width == 70 && v.frame.origin.x == 70)

        column.snp.remakeConstraints { make in
            make.top.bottom.right.equalToSuperview()
            make.width.equalTo(20)
        }
        try layoutBothWays(root)
        #expect(column.layoutFrame == rect(180, 0, 20, 100) && v.frame.origin.x == 200)

        root.removeLayoutGuide(column)  // the constraints naming it go with it
        #expect(column.owningView == nil)
        try layoutBothWays(root)
        #expect(v.frame.origin.x == 10)
        column.snp.removeConstraints()
    }

    @Test func theServiceChecksPrioritiesAndRanges() throws {
        let root = screen()
        let v = subview(of: root, "v")
        var line = 0
        v.snp.makeConstraints { make in
            make.edges.equalToSuperview()
            make.width.equalTo(10).priority(1001); line = #line
        }
        let error = try layoutErrorBothWays(root)
        #expect(error.problems.map(\.code) == ["priority-out-of-range"])
        #expect(error.problems.first?.source == TrellisSourceLocation(file: #fileID, line: line))
        #expect(error.problems.first?.constraintID == "c2")
    }

    @Test func intrinsicSizesOnOneAxis() throws {
        let root = screen()
        let bar = subview(of: root, "bar", intrinsic: CGSize(width: TrellisView.noIntrinsicMetric, height: 4))
        bar.invalidateIntrinsicContentSize()
        bar.snp.makeConstraints { make in
            make.top.horizontalEdges.equalToSuperview()
        }
        let report = try layoutBothWays(root)
        #expect(bar.frame == rect(0, 0, 375, 4))
        #expect(!report.hasAmbiguousLayout)
        #expect(report.viewCount == 2)
    }
}
