import Cassowary
import Foundation
import Testing
@testable import Layout

/// VFL lines (docs/semantics.md §6.6): every production of the grammar, every error with
/// its column, and each form's constraints, in Apple's order and shapes, as the layout
/// describes them.
@Suite struct VFLTests {
    static let views = #"""
    [{"id": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}},
     {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}, {"id": "c", "superview": "root"},
     {"id": "lone", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]
    """#

    static func decode(_ constraints: String, metrics: String = "{}") -> Result<LayoutDocument, LayoutProblem> {
        decodeLayoutDocument(Array(#"{"metrics": \#(metrics), "views": \#(views), "constraints": [\#(constraints)]}"#.utf8))
    }

    /// The constraints a line makes: (id, description) in order.
    static func made(_ line: String, options: String? = nil, metrics: String = "{}") throws -> [String] {
        let entry = options.map { #"{"id": "l", "vfl": "\#(line)", "options": \#($0)}"# } ?? #"{"id": "l", "vfl": "\#(line)"}"#
        let document = try Self.decode(entry, metrics: metrics).get()
        let layout = try LiveLayout.make(document: document).get()
        return layout.installedConstraints().filter { $0.id.hasPrefix("l.") }.map { "\($0.id) \(ConstraintText.describe($0.constraint))" }
    }

    /// The first error of a document with this one constraint string: code, column, message.
    static func error(_ line: String, metrics: String = "{}") -> (ErrorCode, Int?, String)? {
        let json = "\"" + line + "\""
        var errors: [LayoutError]
        switch Self.decode(json, metrics: metrics) {
        case .failure(let problem): errors = problem.errors
        case .success(let document):
            switch LiveLayout.make(document: document) {
            case .failure(let problem): errors = problem.errors
            case .success: return nil
            }
        }
        return errors.first.map { ($0.code, $0.location?.exprColumn, $0.message) }
    }

    @Test func whichStringsAreLines() {
        for (text, isLine) in [("H:|[a]", true), ("V:[a]", true), ("[a]-[b]", true), ("  |-[a]", true), ("H :[a]", true),
                               ("V|[a]", false), ("-[a]", false), ("a.top == b.top", false), ("Hello", false)] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { VFLParser.isLine($0) } == isLine, "\(text)")
        }
    }

    @Test func connectionsAndSuperviewEdges() throws {
        #expect(try Self.made("H:|-[a]-[b]-|") == [
            "l.1 a.leading == root.leading + 20", "l.2 b.leading == a.trailing + 8", "l.3 root.trailing == b.trailing + 20",
        ])
        #expect(try Self.made("|[a][b]|") == [
            "l.1 a.leading == root.leading", "l.2 b.leading == a.trailing", "l.3 root.trailing == b.trailing",
        ])
        #expect(try Self.made("V:|-50-[a]-(>=10,<=30@750)-[b]") == [
            "l.1 a.top == root.top + 50", "l.2 b.top >= a.bottom + 10", "l.3 b.top <= a.bottom + 30 @750",
        ])
        #expect(try Self.made("H:[a]-(pad)-[b]-(>=pad)-|", metrics: #"{"pad": 12}"#) == [
            "l.1 b.leading == a.trailing + 12", "l.2 root.trailing >= b.trailing + 12",
        ])
    }

    @Test func viewPredicatesComeWithTheirView() throws {
        #expect(try Self.made("H:|-[a(100)]-[b(==a)]-[c(>=50,<=w@250)]", metrics: #"{"w": 90}"#) == [
            "l.1 a.leading == root.leading + 20", "l.2 a.width == 100", "l.3 b.leading == a.trailing + 8",
            "l.4 b.width == a.width", "l.5 c.leading == b.trailing + 8", "l.6 c.width >= 50", "l.7 c.width <= 90 @250",
        ])
        #expect(try Self.made("V:[a(>=b@999)]") == ["l.1 a.height >= b.height @999"])
        // A metric of the line wins over the document's.
        #expect(try Self.made("H:[a(w)]", options: nil, metrics: #"{"w": 1}"#) == ["l.1 a.width == 1"])
    }

    @Test func alignmentsAndDirections() throws {
        #expect(try Self.made("H:[a]-[b]-[c]", options: #"["alignAllCenterY", "alignAllTop"]"#) == [
            "l.1 b.leading == a.trailing + 8", "l.2 c.leading == b.trailing + 8",
            "l.3 a.top == b.top", "l.4 a.centerY == b.centerY", "l.5 b.top == c.top", "l.6 b.centerY == c.centerY",
        ])
        #expect(try Self.made("H:|-[a]-[b]", options: #"["directionLeftToRight"]"#) == [
            "l.1 a.left == root.left + 20", "l.2 b.left == a.right + 8",
        ])
        // From the right: spacings subtracted, relations turned around (still at least 8 apart).
        #expect(try Self.made("H:|-[a]-(>=8)-[b]-|", options: #"["directionRightToLeft"]"#) == [
            "l.1 a.right == root.right - 20", "l.2 b.right <= a.left - 8", "l.3 root.left == b.left - 20",
        ])
    }

    @Test func framesFollowTheLines() throws {
        let document = try Self.decode(#"""
            "H:|-[a(100)]-[b]-|", "V:|-[a(40)]", {"vfl": "H:[a]-[b]", "options": ["alignAllTop", "alignAllBottom"]}
            """#).get()
        let answer = try LiveLayout.make(document: document).get().answer()
        #expect(approx(answer.frame(of: "a"), rect(20, 20, 100, 40)))
        #expect(approx(answer.frame(of: "b"), rect(128, 20, 172, 40)))
    }

    @Test func syntaxErrorsSayWhereWithACaret() throws {
        let cases: [(String, Int, String)] = [
            ("H:|-[a]-", 9, "Expected a view"),
            ("H:[a]--[b]", 7, "'--'"),
            ("H:|-", 5, "Expected a view"),
            ("V:", 3, "Expected a view"),
            ("[a(>5)]", 4, "Unknown relation"),
            ("[a(5]", 5, "Expected ')' or ','"),
            ("[a]-(5-[b]", 7, "Expected ')' or ','"),
            ("[1a]", 2, "Expected a view name"),
            ("[a] [b] x", 9, "Expected a connection or a view"),
            ("[a]-|x", 6, "Expected the end of the line"),
            ("[a(@5)]", 4, "Expected a number or key"),
            ("[a(5@)]", 6, "Expected a priority"),
            ("  H : | - [ a ] -- [b]", 18, "'--'"),
        ]
        for (line, column, words) in cases {
            let e = try #require(Self.error(line), "\(line)")
            #expect(e.0 == .vflSyntax && e.1 == column, "\(line): \(e)")
            #expect(e.2.contains(words), "\(line): \(e.2)")
            // The line itself, then a caret under the column.
            let lines = e.2.components(separatedBy: "\n")
            #expect(lines.count == 3 && lines[1] == line && lines[2] == String(repeating: " ", count: column - 1) + "^", "\(e.2)")
        }
    }

    @Test func namesThatDoNotResolve() throws {
        var e = try #require(Self.error("H:|-[a]-[bb]"))
        #expect(e.0 == .unknownView && e.1 == 10 && e.2.contains("did you mean 'b'"), "\(e)")
        e = try #require(Self.error("H:[a]-(pda)-[b]", metrics: #"{"pad": 4}"#))
        #expect(e.0 == .unknownMetric && e.1 == 8 && e.2.contains("did you mean 'pad'"), "\(e)")
        e = try #require(Self.error("H:[a]-(b)-[c]"))
        #expect(e.0 == .vflSyntax && e.1 == 8, "\(e)")
        e = try #require(Self.error("H:[a(zz)]"))
        #expect(e.0 == .unknownMetric && e.1 == 6, "\(e)")
        e = try #require(Self.error("H:|-[lone]"))
        #expect(e.0 == .noSuperview && e.1 == 3, "\(e)")
        e = try #require(Self.error("H:[a(5@2000)]"))
        #expect(e.0 == .priorityOutOfRange && e.1 == 6, "\(e)")
    }

    @Test func badOptionsAreRefusedWhereTheyAre() throws {
        let problem = try #require(Self.decode(#"{"vfl": "H:[a]-[b]", "options": ["alignAllLeading", "spacingEdgeToEdge", "directionLeftToRight", "directionRightToLeft"]}"#)
            .failure)
        let got = problem.errors.map { "\($0.code) \($0.location?.pointer ?? "")" }
        #expect(got.contains("vfl-option /constraints/0/options/0"), "\(got)")
        #expect(got.contains("vfl-option /constraints/0/options/1"), "\(got)")
        #expect(got.contains("vfl-option /constraints/0"), "\(got)")
    }

    @Test func theDocumentListsTheLineWholeAndAFreshBuildAgrees() throws {
        let document = try Self.decode(#"{"id": "row", "vfl": "H:|-(pad)-[a]-[b(==a)]-|", "metrics": {"pad": 10}}, "V:|[a][b]|""#,
                                       metrics: #"{"unused": 1}"#).get()
        let layout = try LiveLayout.make(document: document).get()
        let listed = layout.document()
        #expect(listed.constraints.map(\.id) == ["row", "c2"])
        #expect(listed.metrics == ["unused": 1])
        let again = try decodeLayoutDocument(encodeLayoutDocument(listed)).get()
        let fresh = try LiveLayout.make(document: again).get()
        #expect(fresh.answer().frames == layout.answer().frames)
        #expect(fresh.installedConstraints().map(\.id) == layout.installedConstraints().map(\.id))
    }
}

extension VFLTests {
    /// A one-shot of VFL lines and a distribute entry takes the lean build, and answers what
    /// the full build answers.
    @Test func oneShotsOfLinesAreLean() throws {
        let document = try Self.decode(#"""
            "H:|-[a(100)]-[b]-|", {"vfl": "V:|-[a(40)]"},
            {"distribute": ["b", "c"], "axis": "vertical", "spacing": 10}
            """#).get()
        guard case .built(let lean) = LiveLayout.makeLean(document: document, seconds: 10, solver: Solver()) else {
            Issue.record("the lean build did not take the document")
            return
        }
        #expect(lean.answer().frames == (try LiveLayout.make(document: document).get().answer().frames))
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f } else { return nil } }
}

extension VFLTests {
    /// Conflicts describe a line's constraints as Auto Layout's logs do.
    @Test func diagnosticsDescribeLinesAsAutoLayoutDoes() throws {
        func described(_ lines: String) throws -> [String] {
            let document = try Self.decode(lines).get()
            let answer = try LiveLayout.make(document: document).get().answer()
            return answer.diagnostics.filter { $0.code == .unsatisfiable }.flatMap { $0.constraints.map(\.description) }
        }
        // 320 wide: 20 + 300 + 8 + 300 + 20 cannot hold.
        let got = try described(#""H:|-[a(300)]-[b(==a)]-|""#)
        for want in ["H:|-(20)-[a]", "H:[a(300)]", "H:[a]-(8)-[b]", "H:[b(==a)]", "H:[b]-(20)-|"] {
            #expect(got.contains(want), "\(want) in \(got)")
        }
        let rtl = try described(#"{"vfl": "H:|-(>=30)-[a(400)]|", "options": ["directionRightToLeft"]}"#)
        #expect(rtl.contains("H:|-(>=30)-[a]") && rtl.contains("H:[a(400)]"), "\(rtl)")
        let vertical = try described(#""V:|-10-[a(500)]-10-|""#)
        #expect(vertical.contains("V:|-(10)-[a]") && vertical.contains("V:[a]-(10)-|") && vertical.contains("V:[a(500)]"), "\(vertical)")
    }
}

extension VFLTests {
    /// A line or a distribute entry is one element of `constraints` but makes many: what they
    /// make counts against the limit on constraints (413), as a longer array would.
    @Test func whatLinesMakeCountsAgainstTheLimit() throws {
        let limits = LayoutLimits(maxConstraints: 5)
        let json = { (c: String) in Array(#"{"views": \#(Self.views), "constraints": [\#(c)]}"#.utf8) }
        // `|-[a]-[b]-[c]-|` makes 4, `[a(1)][b(1)]` 3 more: 7.
        if case .failure(let p) = decodeLayoutDocument(json(#""H:|-[a]-[b]-[c]-|", "V:[a(1)][b(1)]""#), limits: limits) {
            #expect(p.status == 413 && p.errors.first?.code == .tooLarge, "\(p.errors)")
        } else {
            Issue.record("seven made constraints passed a limit of five")
        }
        if case .failure(let p) = decodeLayoutDocument(json(#"{"distribute": ["a", "b", "c"], "axis": "vertical", "spacing": 1}"#), limits: limits) {
            #expect(p.status == 413, "\(p.errors)")
        } else {
            Issue.record("six made constraints passed a limit of five")
        }
        #expect((try? decodeLayoutDocument(json(#""H:|-[a]-[b]-|""#), limits: limits).get()) != nil)
    }
}
