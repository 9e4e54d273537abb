import Testing
import Layout
@testable import TrellisServer

/// A one-shot tried by numbers first (on an event loop) is answered by a kept layout only
/// while that layout is small enough for the loop; a bigger one is left to `solve`, which
/// answers it warm all the same.
@Suite struct SolveByNumbersTests {
    static func body(views: Int, width: Int) -> [UInt8] {
        var items = [#"{"id": "root", "frame": {"x": 0, "y": 0, "width": \#(width), "height": 600}}"#]
        for k in 0..<views { items.append(#"{"id": "v\#(k)", "superview": "root", "intrinsicSize": {"width": 40, "height": 20}}"#) }
        let constraints = (0..<views).map { #""v\#($0).left == superview.left + \#($0)", "v\#($0).top == superview.top""# }
        return Array(#"{"views": [\#(items.joined(separator: ", "))], "constraints": [\#(constraints.joined(separator: ", "))]}"#.utf8)
    }

    /// An answer's text up to its `stats` (which time the solve).
    static func answer(_ body: [UInt8]) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return text.range(of: #","stats""#).map { String(text[..<$0.lowerBound]) } ?? text
    }

    @Test func aKeptLayoutOverTheLimitIsLeftToSolve() {
        let service = LayoutEngineService(warmLayoutsBytes: 8 << 20)
        // The second sighting of a structure keeps its layout.
        for width in [300, 310] { _ = service.solve(document: Self.body(views: 6, width: width), space: .superview) }
        let next = Self.body(views: 6, width: 320)
        switch service.solveByNumbers(document: next, space: .superview, maxViews: 3, seconds: 1, stop: { false }) {
        case .notTried: break
        default: Issue.record("a layout of 7 views answered under a limit of 3")
        }
        guard case .answered(let warm) = service.solveByNumbers(document: next, space: .superview, maxViews: 200, seconds: 1, stop: { false }) else {
            Issue.record("the kept layout did not answer by numbers")
            return
        }
        let cold = LayoutEngineService().solve(document: next, space: .superview)
        #expect(warm.status == 200 && Self.answer(warm.body) == Self.answer(cold.body))
        let after = service.solve(document: Self.body(views: 6, width: 330), space: .superview, seconds: 1, stop: { false },
                                  after: .notTried)
        #expect(Self.answer(after.body) == Self.answer(LayoutEngineService().solve(document: Self.body(views: 6, width: 330), space: .superview).body))
    }
}
