import Testing
import Layout

/// Errors found after an expression string was parsed (an unknown view: views are resolved
/// by the compiler) point into the string, as syntax errors do; and every error about a
/// constraint that carries the caller's `source` echoes it (issue #43).
@Suite struct ExpressionErrorLocationTests {
    static let document = #"""
    {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
               {"id": "a", "superview": "root"}],
     "constraints": ["a.top == ghost.bottom + 8",
                     "nope.width == 10",
                     {"expr": "a.left == ghost2.right", "source": {"file": "V.swift", "line": 7}},
                     {"view": "a", "attributes": "widht", "to": 10, "source": {"file": "V.swift", "line": 9, "column": 3}},
                     {"view": "a", "attributes": "height", "to": "phantom", "source": {"file": "V.swift", "line": 11}},
                     "a.width == 1e9"]}
    """#

    static func errors() -> [LayoutError] {
        guard case .failure(let problem) = decodeLayoutDocument(Array(document.utf8)) else { return [] }
        return problem.errors
    }

    @Test func unknownViewsInAnExpressionPointAtTheirName() {
        let errors = Self.errors().filter { $0.code == .unknownView }
        let found = errors.map { "\($0.location?.pointer ?? "-") \($0.location?.line ?? 0):\($0.location?.column ?? 0) @\($0.location?.exprColumn ?? 0)" }
        #expect(found == [
            "/constraints/0 3:18 @10",          // ghost, the target
            "/constraints/1 4:18 @1",           // nope, the first item
            "/constraints/2/expr 5:27 @11",     // ghost2, in the expr member of an object
            "/constraints/4 7:18 @0",           // an object without an expression: no exprColumn
        ], "\(errors)")
    }

    @Test func errorsAboutAConstraintEchoItsSource() {
        let errors = Self.errors()
        let bySource = errors.filter { $0.source != nil }.map { "\($0.code) \($0.location?.pointer ?? "-") \($0.source?.file ?? ""):\($0.source?.line ?? 0)" }
        #expect(Set(bySource) == [
            "unknown-attribute /constraints/3/attributes V.swift:9",
            "unknown-view /constraints/2/expr V.swift:7",
            "unknown-view /constraints/4 V.swift:11",
        ], "\(errors)")
        #expect(errors.first { $0.code == .unknownAttribute }?.source?.column == 3)
        // Strings carry no source: their errors have none.
        #expect(errors.filter { $0.location?.pointer == "/constraints/0" || $0.location?.pointer == "/constraints/1" }.allSatisfy { $0.source == nil })
    }

    /// A source's line and column are 1-based, as the spec says: 0 is refused, not echoed.
    @Test func sourceLinesAndColumnsStartAtOne() {
        for (bad, pointer) in [(#"{"file": "V.swift", "line": 0}"#, "/constraints/0/source/line"),
                               (#"{"file": "V.swift", "line": 3, "column": 0}"#, "/constraints/0/source/column")] {
            let doc = #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}], "constraints": [{"view": "root", "attributes": "width", "to": 1, "source": "# + bad + "}]}"
            guard case .failure(let problem) = decodeLayoutDocument(Array(doc.utf8)) else { Issue.record("accepted \(bad)"); continue }
            #expect(problem.errors.map { $0.location?.pointer } == [pointer], "\(problem.errors)")
            #expect(problem.errors.allSatisfy { $0.source == nil })
        }
    }

    @Test func numbersOutOfRangeInAnExpressionPointAtTheNumber() {
        let error = Self.errors().first { $0.code == .outOfRange }
        #expect(error?.location?.pointer == "/constraints/5")
        #expect(error?.location?.exprColumn == 12)
    }
}
