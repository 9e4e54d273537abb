import Foundation
import Testing
import TrellisSnap

/// Typical SnapKit screens, written as SnapKit tests are ("make these constraints, lay
/// out, check the frames") with `UIView` -> `TrellisView` and `layoutIfNeeded()` ->
/// `layout()`. Expected frames are worked out by hand; each screen is laid out in process
/// and over HTTP.
struct ScreenTests {
    @Test func cardWithEdgesInset() throws {
        let superview = TrellisView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let card = TrellisView()
        superview.addSubview(card)
        card.snp.makeConstraints { make in
            make.edges.equalToSuperview().inset(20)
        }
        try layoutBothWays(superview)
        #expect(card.frame == CGRect(x: 20, y: 20, width: 335, height: 627))
    }

    @Test func labelStackInACard() throws {
        let root = screen()
        let card = subview(of: root, "card")
        let title = subview(of: card, "title", intrinsic: CGSize(width: 120, height: 21))
        let subtitle = subview(of: card, "subtitle", intrinsic: CGSize(width: 200, height: 17))
        let body = subview(of: card, "body", intrinsic: CGSize(width: 300, height: 60))
        card.snp.makeConstraints { $0.edges.equalToSuperview().inset(16) }
        title.snp.makeConstraints { make in
            make.top.left.equalToSuperview().inset(12)
            make.right.lessThanOrEqualToSuperview().inset(12)
        }
        subtitle.snp.makeConstraints { make in
            make.top.equalTo(title.snp.bottom).offset(8)
            make.leading.equalTo(title)
            make.trailing.equalToSuperview().inset(12)
        }
        body.snp.makeConstraints { make in
            make.top.equalTo(subtitle.snp.bottom).offset(8)
            make.horizontalEdges.equalTo(subtitle)
            make.bottom.lessThanOrEqualToSuperview().inset(12)
        }
        let report = try layoutBothWays(root)
        #expect(card.frame == rect(16, 16, 343, 635))
        #expect(title.frame == rect(12, 12, 120, 21))
        #expect(subtitle.frame == rect(12, 41, 319, 17))
        #expect(body.frame == rect(12, 66, 319, 60))
        #expect(report.conflicts.isEmpty && !report.hasAmbiguousLayout)
    }

    @Test func centeredButtonWithSize() throws {
        let root = screen()
        let button = subview(of: root, "button")
        button.snp.makeConstraints { make in
            make.center.equalToSuperview()
            make.size.equalTo(CGSize(width: 100, height: 44))
        }
        try layoutBothWays(root)
        #expect(button.frame == rect(137.5, 311.5, 100, 44))
    }

    @Test func multipliersSplitTheScreen() throws {
        let root = screen()
        let half = subview(of: root, "half"), badge = subview(of: root, "badge")
        half.snp.makeConstraints { make in
            make.left.top.bottom.equalToSuperview()
            make.width.equalToSuperview().multipliedBy(0.5)
        }
        badge.snp.makeConstraints { make in
            make.top.right.equalToSuperview()
            make.width.equalToSuperview().dividedBy(4)
            make.height.equalTo(badge.snp.width)
        }
        try layoutBothWays(root)
        #expect(half.frame == rect(0, 0, 187.5, 667))
        #expect(badge.frame == rect(281.25, 0, 93.75, 93.75))
    }

    @Test func lowerPrioritiesYield() throws {
        let root = screen()
        let a = subview(of: root, "a"), b = subview(of: root, "b"), c = subview(of: root, "c")
        a.snp.makeConstraints { make in
            make.top.left.equalToSuperview()
            make.height.equalTo(10)
            make.width.equalTo(500).priority(.high)
            make.width.lessThanOrEqualToSuperview().offset(-40)
        }
        b.snp.makeConstraints { make in
            make.top.equalTo(a.snp.bottom)
            make.left.equalToSuperview().priority(.required)
            make.height.equalTo(10).priority(999)
            make.width.equalTo(100).priority(250)
            make.width.equalTo(200).priority(ConstraintPriority.high + 1)
            make.width.equalTo(150).priority(UILayoutPriority.defaultHigh)
        }
        c.snp.makeConstraints { make in
            make.top.equalTo(b.snp.bottom)
            make.left.equalToSuperview()
            make.height.equalTo(10)
            make.width.equalTo(300).priority(.medium)
            make.width.equalTo(50).priority(Float(250))
        }
        let report = try layoutBothWays(root)
        #expect(a.frame == rect(0, 0, 335, 10))
        #expect(b.frame == rect(0, 10, 200, 10))
        #expect(c.frame == rect(0, 20, 300, 10))
        #expect(report.conflicts.isEmpty)
    }

    @Test func marginsAndTheMarginsGuide() throws {
        let root = screen()
        let card = subview(of: root, "card")
        card.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let inner = subview(of: card, "inner"), pinned = subview(of: card, "pinned")
        card.snp.makeConstraints { $0.edges.equalToSuperview() }
        inner.snp.makeConstraints { $0.edges.equalTo(card.layoutMarginsGuide) }
        pinned.snp.makeConstraints { make in
            make.top.equalTo(card.snp.topMargin)
            make.trailing.equalTo(card.snp.trailingMargin)
            make.size.equalTo(10)
        }
        try layoutBothWays(root)
        #expect(inner.frame == rect(20, 10, 315, 627))
        #expect(pinned.frame == rect(325, 10, 10, 10))
        #expect(card.layoutMarginsGuide.layoutFrame == rect(20, 10, 315, 627))

        card.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 15)
        #expect(card.layoutMargins == UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 15))
        try layoutBothWays(root)
        #expect(inner.frame == rect(5, 0, 355, 667))
    }

    @Test func safeAreaHeaderAndFooter() throws {
        let root = screen()
        root.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let header = subview(of: root, "header"), footer = subview(of: root, "footer")
        header.snp.makeConstraints { make in
            make.top.equalTo(root.safeAreaLayoutGuide)
            make.horizontalEdges.equalToSuperview()
            make.height.equalTo(64)
        }
        footer.snp.makeConstraints { make in
            make.bottom.equalToSuperview { $0.safeAreaLayoutGuide }
            make.leading.trailing.equalToSuperview()
            make.height.equalTo(50)
        }
        try layoutBothWays(root)
        #expect(header.frame == rect(0, 47, 375, 64))
        #expect(footer.frame == rect(0, 583, 375, 50))
        #expect(root.safeAreaLayoutGuide.layoutFrame == rect(0, 47, 375, 586))
    }

    @Test func layoutGuideAsASpacer() throws {
        let root = screen()
        let a = subview(of: root, "a"), b = subview(of: root, "b")
        let gap = TrellisLayoutGuide(id: "gap")
        root.addLayoutGuide(gap)
        a.snp.makeConstraints { make in
            make.top.left.equalToSuperview()
            make.size.equalTo(CGSize(width: 100, height: 50))
        }
        gap.snp.makeConstraints { make in
            make.left.equalTo(a.snp.right)
            make.width.equalTo(30)
            make.top.height.equalTo(a)
        }
        b.snp.makeConstraints { make in
            make.left.equalTo(gap.snp.right)
            make.top.size.equalTo(a)
        }
        let report = try layoutBothWays(root)
        #expect(gap.layoutFrame == rect(100, 0, 30, 50))
        #expect(b.frame == rect(130, 0, 100, 50))
        #expect(report.frames["gap"] == rect(100, 0, 30, 50))
    }

    @Test func rightToLeft() throws {
        let root = screen()
        root.layoutDirection = .rightToLeft
        let a = subview(of: root, "a"), b = subview(of: root, "b")
        a.snp.makeConstraints { make in
            make.leading.equalToSuperview().offset(10)
            make.top.equalToSuperview()
            make.size.equalTo(CGSize(width: 100, height: 20))
        }
        b.snp.makeConstraints { make in
            make.trailing.equalToSuperview().inset(20)
            make.top.equalTo(a.snp.bottom)
            make.size.equalTo(CGSize(width: 50, height: 20))
        }
        try layoutBothWays(root)
        #expect(a.frame == rect(265, 0, 100, 20))
        #expect(b.frame == rect(20, 20, 50, 20))
    }

    @Test func baselinesAlignText() throws {
        let root = screen()
        let label = subview(of: root, "label", intrinsic: CGSize(width: 100, height: 20))
        label.firstBaselineOffsetFromTop = 16
        label.lastBaselineOffsetFromBottom = 4
        let big = subview(of: root, "big", intrinsic: CGSize(width: 80, height: 30))
        big.lastBaselineOffsetFromBottom = 6
        let note = subview(of: root, "note", intrinsic: CGSize(width: 50, height: 10))
        label.snp.makeConstraints { $0.top.left.equalToSuperview().offset(10) }
        big.snp.makeConstraints { make in
            make.lastBaseline.equalTo(label)
            make.left.equalTo(label.snp.right).offset(8)
        }
        note.snp.makeConstraints { make in
            make.firstBaseline.equalTo(label.snp.lastBaseline).offset(10)
            make.left.equalToSuperview()
        }
        try layoutBothWays(root)
        #expect(label.frame == rect(10, 10, 100, 20))
        #expect(big.frame == rect(118, 2, 80, 30))
        #expect(note.frame == rect(0, 36, 50, 10))
    }

    @Test func huggingAndCompressionDecideWhoStretches() throws {
        for (width, expectA, expectB) in [(CGFloat(375), CGFloat(100), CGFloat(267)), (150, 100, 42)] {
            let root = screen(width, 100)
            let a = subview(of: root, "a", intrinsic: CGSize(width: 100, height: 20))
            let b = subview(of: root, "b", intrinsic: CGSize(width: 100, height: 20))
            a.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
            a.snp.contentCompressionResistanceHorizontalPriority = 751
            #expect(a.contentHuggingPriority(for: .horizontal) == 251)
            #expect(a.snp.contentHuggingHorizontalPriority == 251)
            #expect(b.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
            a.snp.makeConstraints { $0.left.top.equalToSuperview() }
            b.snp.makeConstraints { make in
                make.left.equalTo(a.snp.right).offset(8)
                make.right.top.equalToSuperview()
            }
            try layoutBothWays(root)
            #expect(a.frame == rect(0, 0, expectA, 20), "root \(width)")
            #expect(b.frame == rect(108, 0, expectB, 20), "root \(width)")
        }
    }

    @Test func resizingTheRootRelaysOut() throws {
        let root = screen()
        let card = subview(of: root, "card")
        card.snp.makeConstraints { $0.edges.equalToSuperview().inset(20) }
        try root.layout()
        root.frame = rect(0, 0, 667, 375)  // rotation
        try layoutBothWays(root)
        #expect(card.frame == rect(20, 20, 627, 335))
    }
}
