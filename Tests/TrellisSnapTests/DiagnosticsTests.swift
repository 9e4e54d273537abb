import Foundation
import Testing
import TrellisSnap

/// Conflicts, ambiguity and refusals, each carrying the `#fileID`/`#line` of the relation
/// call that made the constraint at fault, the same in process and over HTTP.
struct DiagnosticsTests {
    @Test func conflictCarriesTheFileAndLineOfEachMember() throws {
        let root = screen(400, 300)
        let a = subview(of: root, "a")
        var edgesLine = 0, widthLine = 0
        var wide: Constraint?
        a.snp.makeConstraints { make in
            make.edges.equalToSuperview(); edgesLine = #line
            wide = make.width.equalTo(500).constraint; widthLine = #line
        }
        let report = try layoutBothWays(root)
        #expect(a.frame == rect(0, 0, 400, 300))  // recovered by breaking the newest
        let conflict = try #require(report.conflicts.first)
        #expect(report.conflicts.count == 1)
        let here = TrellisSourceLocation(file: #fileID, line: widthLine)
        #expect(conflict.broken.map(\.source) == [here])
        #expect(conflict.broken.map(\.description) == ["a.width == 500"])
        #expect(conflict.members.map(\.description) == ["root.frame.width == 400", "a.left == root.left",
                                                         "a.right == root.right", "a.width == 500"])
        #expect(conflict.members.map(\.source) == [nil, .init(file: #fileID, line: edgesLine),
                                                   .init(file: #fileID, line: edgesLine), here])
        #expect(conflict.members.first?.isImplicit == true)
        #expect(conflict.explanation?.contains("500") == true)
        #expect(!conflict.suggestions.isEmpty)
        if let broken = conflict.broken.first { #expect(report.constraint(for: broken) === wide) }

        let log = report.conflictLog
        #expect(log.hasPrefix("Unable to simultaneously satisfy constraints.\n"))
        #expect(log.contains("Will attempt to recover by breaking constraint \n<TrellisSnap.LayoutConstraint:c2@"
                             + "DiagnosticsTests.swift#\(widthLine) TrellisView:a.width == 500>  (\(#fileID):\(widthLine))"))
        #expect(log.contains("\"<NSAutoresizingMaskLayoutConstraint:root.frame.width h=--& v=--& TrellisView:root.width == 400>\""))
        #expect(log.contains("TrellisView:a.left == TrellisView:root.left>\"  (\(#fileID):\(edgesLine))"))
    }

    /// The log is Auto Layout's shape closely enough that the service's own log reader
    /// (`POST /v1/explain`) rebuilds the same conflict from it and names the same break.
    @Test func thePrintedLogExplainsItself() throws {
        let root = screen(400, 300)
        let a = subview(of: root, "a")
        a.snp.makeConstraints { make in
            make.edges.equalToSuperview()
            make.width.equalTo(500)
        }
        let report = try root.layout()
        let (status, body) = try postText(report.conflictLog, to: "v1/explain")
        #expect(status == 200)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let log = try #require((answer["logs"] as? [[String: Any]])?.first)
        let codes = (log["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("unsatisfiable"))
        #expect((log["autoLayoutBroke"] as? [String: Any])?["description"] as? String == "TrellisView:a.width == 500")
    }

    @Test func ambiguityIsAWarningNotAnError() throws {
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.makeConstraints { $0.top.left.equalToSuperview() }
        let report = try layoutBothWays(root)
        #expect(report.hasAmbiguousLayout)
        #expect(report.ambiguousViews == ["v": ["width", "height"]])
        #expect(report.diagnostics.map(\.code) == ["ambiguous"])
        #expect(report.conflicts.isEmpty && report.conflictLog.isEmpty)
    }

    @Test func multiAttributeMismatchIsRefusedAtItsLine() throws {
        let root = screen()
        let other = subview(of: root, "other"), v = subview(of: root, "v")
        var line = 0
        v.snp.makeConstraints { make in
            make.width.equalTo(other.snp.size); line = #line
        }
        let error = try layoutErrorBothWays(root)
        #expect(error.status == 422)
        #expect(error.problems.map(\.code) == ["multi-attribute-mismatch"])
        #expect(error.problems.first?.source == TrellisSourceLocation(file: #fileID, line: line))
        #expect(error.description.hasPrefix("\(#fileID):\(line): error: cannot constrain width"))
    }

    @Test func equalToSuperviewWithoutOneIsRefused() throws {
        let orphan = TrellisView(id: "orphan")
        var line = 0
        orphan.snp.makeConstraints { make in
            make.edges.equalToSuperview(); line = #line
            make.left.equalTo(10)  // a constant location relates to the superview too
        }
        let error = try layoutErrorBothWays(orphan)
        #expect(error.problems.map(\.code) == ["no-superview", "no-superview"])
        #expect(error.problems.first?.source?.line == line)
        #expect(error.problems.last?.source?.line == line + 1)
    }

    @Test func serverFoundProblemsNameTheCallToo() throws {
        let root = screen()
        let other = subview(of: root, "other"), v = subview(of: root, "v")
        var line = 0
        v.snp.makeConstraints { make in
            make.size.equalTo(10)
            make.left.equalTo(other.snp.top); line = #line  // an X attribute to a Y one
        }
        let error = try layoutErrorBothWays(root)
        let problem = try #require(error.problems.first)
        #expect(problem.code == "axis-mismatch")
        #expect(problem.source == TrellisSourceLocation(file: #fileID, line: line))
        #expect(problem.constraintID == "c2" && problem.viewID == "v")
        #expect(problem.pointer?.hasPrefix("/constraints/1") == true)
    }

    @Test func invalidViewIdsAreRefused() throws {
        let root = screen()
        _ = subview(of: root, "top")
        _ = subview(of: root, "has space")
        let error = try layoutErrorBothWays(root)
        #expect(error.problems.map(\.code) == ["invalid-id", "invalid-id"])
        #expect(error.problems.map(\.viewID) == ["top", "has space"])
    }

    @Test func constraintsToAnotherTreeAreRefused() throws {
        let root = screen(), elsewhere = screen(id: "elsewhere")
        let v = subview(of: root, "v"), stranger = subview(of: elsewhere, "stranger")
        var line = 0
        v.snp.makeConstraints { make in
            make.edges.equalTo(stranger); line = #line
        }
        let error = try layoutErrorBothWays(root)
        #expect(error.problems.map(\.code) == ["no-common-ancestor"])
        #expect(error.problems.first?.source?.line == line)
    }

    @Test func divisionByZeroAndOddTargetsAreRefused() throws {
        struct NotATarget: ConstraintRelatableTarget {}
        let root = screen()
        let v = subview(of: root, "v")
        v.snp.makeConstraints { make in
            make.edges.equalToSuperview()
            make.width.equalToSuperview().dividedBy(0)
            make.height.equalTo(NotATarget())
        }
        let error = try layoutErrorBothWays(root)
        #expect(Set(error.problems.map(\.code)) == ["bad-multiplier", "wrong-type"])
    }

    @Test func addingAnAncestorIsRefused() throws {
        let root = screen()
        let child = subview(of: root, "child")
        child.addSubview(root)
        #expect(root.superview == nil)
        let error = try layoutErrorBothWays(root)
        #expect(error.problems.map(\.code) == ["superview-cycle"])
    }

    @Test func anUnreachableServerIsNotALayoutProblem() throws {
        let server = try SnapServer()
        let client = server.client
        server.stop()
        let root = screen()
        _ = subview(of: root, "v")
        #expect(throws: TrellisClientError.self) { try root.layout(using: client) }
    }
}
