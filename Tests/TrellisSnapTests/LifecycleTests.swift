import Foundation
import Testing
import TrellisSnap

/// SnapKit's constraint lifecycle (docs/semantics.md §6): handles, activation, prepare, update,
/// remake, remove, and what UIKit does to constraints when a view leaves its tree.
struct LifecycleTests {
    @Test func handleActivatesDeactivatesAndUpdates() throws {
        let root = screen()
        let v = subview(of: root, "v")
        var top: Constraint?
        v.snp.makeConstraints { make in
            top = make.top.equalToSuperview().offset(10).constraint
            make.top.equalTo(100).priority(.low)
            make.left.equalTo(0)
            make.size.equalTo(20)
        }
        let handle = try #require(top)
        #expect(handle.isActive)
        try layoutBothWays(root)
        #expect(v.frame.origin.y == 10)

        handle.update(offset: 30)
        try layoutBothWays(root)
        #expect(v.frame.origin.y == 30)

        handle.deactivate()
        #expect(!handle.isActive)
        try layoutBothWays(root)
        #expect(v.frame.origin.y == 100)

        handle.isActive = true
        try layoutBothWays(root)
        #expect(v.frame.origin.y == 30)

        handle.update(inset: 5)
        try layoutBothWays(root)
        #expect(v.frame.origin.y == 5)
        #expect(handle.layoutConstraints.map(\.firstAttributeName) == ["top"])
        #expect(handle.source.file == #fileID)
    }

    @Test func updatePriorityBetweenOptionalsButNotAcrossRequired() throws {
        let root = screen()
        let v = subview(of: root, "v")
        var low: Constraint?, required: Constraint?
        v.snp.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.height.equalTo(10)
            low = make.width.equalTo(100).priority(.low).constraint
            make.width.equalTo(200).priority(.medium)
        }
        let soft = try #require(low)
        try layoutBothWays(root)
        #expect(v.frame.width == 200)

        soft.update(priority: .high)
        try layoutBothWays(root)
        #expect(v.frame.width == 100)

        // SnapKit leaves a layout constraint's priority alone across the required boundary.
        soft.update(priority: 1000)
        #expect(soft.layoutConstraints.first?.priority == 750)
        v.snp.makeConstraints { required = $0.height.equalTo(30).constraint }
        let hard = try #require(required)
        hard.update(priority: ConstraintPriority.low)
        #expect(hard.layoutConstraints.first?.priority == 1000)
    }

    @Test func preparedConstraintsWaitForActivation() throws {
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalToSuperview().priority(.low)
            make.size.equalTo(10).priority(.low)
        }
        // A prepared constraint may name a view that is not in the tree (yet): it is not sent.
        let elsewhere = TrellisView(id: "elsewhere", frame: rect(0, 0, 5, 5))
        let prepared = v.snp.prepareConstraints { make in
            make.size.equalTo(CGSize(width: 50, height: 60))
            make.left.equalTo(elsewhere.snp.right)
        }
        #expect(prepared.count == 2 && prepared.allSatisfy { !$0.isActive })
        #expect(!(try root.layoutDocument()).contains("elsewhere"))
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 0, 10, 10))

        prepared[0].activate()
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 0, 50, 60))
        prepared[1].activate()  // Auto Layout would refuse: the views share no ancestor
        #expect(try layoutErrorBothWays(root).problems.map(\.code) == ["no-common-ancestor"])
        root.addSubview(elsewhere)
        try layoutBothWays(root)
        #expect(v.frame == rect(5, 0, 50, 60))
    }

    @Test func remakeReplacesTheViewsOwnConstraints() throws {
        let root = screen()
        let v = subview(of: root, "v"), follower = subview(of: root, "follower")
        v.snp.makeConstraints { $0.edges.equalToSuperview().inset(10) }
        follower.snp.makeConstraints { make in
            make.top.equalTo(v.snp.bottom)
            make.left.size.equalTo(v)
        }
        try layoutBothWays(root)
        #expect(v.frame == rect(10, 10, 355, 647))

        v.snp.remakeConstraints { make in
            make.top.left.equalToSuperview()
            make.size.equalTo(40)
        }
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 0, 40, 40))
        #expect(follower.frame == rect(0, 40, 40, 40))
    }

    @Test func updateChangesOnlyMatchingConstants() throws {
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.updateConstraints { $0.edges.equalToSuperview() }  // nothing installed: a make
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 0, 375, 667))

        v.snp.updateConstraints { $0.top.equalToSuperview().offset(5) }  // one attribute of the edges
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 5, 375, 662))
        #expect(try root.layoutDocument().contains(#""id":"c1_top""#))

        v.snp.updateConstraints { $0.edges.equalToSuperview().inset(20) }
        try layoutBothWays(root)
        #expect(v.frame == rect(20, 20, 335, 627))
    }

    @Test func updateWithoutAMatchIsReportedAtItsLine() throws {
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.makeConstraints { make in
            make.edges.equalToSuperview()
            make.width.equalTo(100).priority(.high)
        }
        var line = 0
        v.snp.updateConstraints { make in
            make.top.equalToSuperview().offset(3)
            make.width.equalTo(120); line = #line  // priority differs: not the same constraint
        }
        let error = try layoutErrorBothWays(root)
        #expect(error.problems.map(\.code) == ["no-matching-constraint"])
        #expect(error.problems.first?.source == TrellisSourceLocation(file: #fileID, line: line))
        #expect(error.problems.first?.viewID == "v")
        // Nothing of the refused closure was applied; a remake clears the misuse.
        v.snp.remakeConstraints { $0.edges.equalToSuperview() }
        try layoutBothWays(root)
        #expect(v.frame == rect(0, 0, 375, 667))
    }

    @Test func removeConstraintsLeavesTheViewUnconstrained() throws {
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.makeConstraints { $0.edges.equalToSuperview() }
        v.snp.removeConstraints()
        #expect(!(try root.layoutDocument()).contains(#""view":"v""#))
        let report = try layoutBothWays(root)
        #expect(report.ambiguousViews["v"] != nil)
    }

    @Test func removingAViewDropsTheConstraintsThatCrossItsTree() throws {
        let root = screen()
        let anchor = subview(of: root, "anchor"), v = subview(of: root, "v")
        anchor.snp.makeConstraints { make in
            make.top.left.equalToSuperview()
            make.size.equalTo(50)
        }
        var toAnchor: Constraint?
        v.snp.makeConstraints { make in
            toAnchor = make.left.equalTo(anchor.snp.right).constraint
            make.left.equalTo(200).priority(.low)
            make.top.equalToSuperview()
            make.size.equalTo(10)
        }
        try layoutBothWays(root)
        #expect(v.frame.origin.x == 50)

        anchor.removeFromSuperview()
        #expect(toAnchor?.isActive == false)
        #expect(anchor.superview == nil && root.subviews.map(\.id) == ["v"])
        try layoutBothWays(root)
        #expect(v.frame.origin.x == 200)
    }

    @Test func reactivatedConstraintIsTheNewestAndBreaksFirst() throws {
        let root = screen()
        let v = subview(of: root, "v")
        var narrow: Constraint?
        v.snp.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.height.equalTo(10)
            narrow = make.width.equalTo(100).constraint
            make.width.equalTo(200)
        }
        let first = try layoutBothWays(root)
        #expect(v.frame.width == 100)
        #expect(first.conflicts.first?.broken.first?.description == "v.width == 200")

        narrow?.deactivate()
        narrow?.activate()
        let second = try layoutBothWays(root)
        #expect(v.frame.width == 200)
        #expect(second.conflicts.first?.broken.first?.description == "v.width == 100")
        if let broken = second.conflicts.first?.broken.first { #expect(second.constraint(for: broken) === narrow) }
    }

    @Test func labelsReachTheReport() throws {
        let root = screen(100, 100)
        let v = subview(of: root, "v")
        v.snp.setLabel("avatar")
        #expect(v.snp.label() == "avatar")
        v.snp.makeConstraints { make in
            make.left.right.equalToSuperview().labeled("fill")
            make.width.equalTo(50).labeled("fixed")
            make.top.height.equalTo(10)
        }
        let report = try layoutBothWays(root)
        let conflict = try #require(report.conflicts.first)
        #expect(conflict.members.compactMap(\.label) == ["fill", "fill", "fixed"])
        #expect(report.conflictLog.contains("TrellisSnap.LayoutConstraint:fixed@LifecycleTests.swift#"))
        #expect(report.conflictLog.contains(" TrellisView:avatar.width == 50>"))
    }
}

/// SnapKit's deprecated spellings, kept so old code ports unchanged (a deprecated test, so
/// calling them does not warn).
struct DeprecatedSpellingTests {
    @available(*, deprecated)
    @Test func oldNamesStillWork() throws {
        let root = screen()
        let label = subview(of: root, "label", intrinsic: CGSize(width: 40, height: 20))
        label.lastBaselineOffsetFromBottom = 5
        let v = subview(of: root, "v")
        label.snp.makeConstraints { $0.left.top.equalToSuperview() }
        var handle: Constraint?
        v.snp.makeConstraints { make in
            make.baseline.equalTo(label.snp.baseline)
            make.left.equalTo(label.snp.right)
            make.size.equalTo(10)
            handle = make.width.equalTo(30).priorityHigh().constraint
            make.width.equalTo(20).priorityMedium()
            make.width.equalTo(25).priorityLow()
            make.height.equalTo(10).priorityRequired()
        }
        try layoutBothWays(root)
        #expect(v.frame == rect(40, 5, 10, 10))
        handle?.uninstall()
        handle?.updateOffset(amount: 12)
        handle?.updatePriority(amount: 1)
        handle?.install()
        #expect(handle?.isActive == true)
        try layoutBothWays(root)
        #expect(v.frame.width == 10)
    }
}
