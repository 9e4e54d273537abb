// Every kind of refused input gives a located error: code, pointer, line, column (and
// exprColumn inside expressions). Constraints of `wireConstraintDoc` stand on line 2 at
// column 18, so a value's column is 18 + its offset in the constraint text.
import Testing
import Layout
import TestSupport

/// Column (line 2) of the first occurrence of `needle` inside constraint text `c`.
private func col(_ c: String, _ needle: String) -> Int {
    let hay = Array(c.utf8), n = Array(needle.utf8)
    guard hay.count >= n.count else { return -1 }
    for k in 0...(hay.count - n.count) where Array(hay[k..<k + n.count]) == n {
        return 18 + hay[..<k].filter { $0 & 0xC0 != 0x80 }.count
    }
    return -1
}

/// The only error of constraint `c`, which must have `code` at `pointer`, at the first
/// occurrence of `at` in `c` (or at the constraint itself when `at` is nil).
private func expectError(_ c: String, _ code: ErrorCode, _ pointer: String, at needle: String? = nil,
                         exprColumn: Int? = nil, message: String? = nil,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let errors = wireConstraintErrors(c, sourceLocation: sourceLocation)
    #expect(errors.count == 1, "errors: \(errors)", sourceLocation: sourceLocation)
    guard let e = errors.first else { return }
    #expect(e.code == code, "\(e.message)", sourceLocation: sourceLocation)
    #expect(e.location?.pointer == pointer, sourceLocation: sourceLocation)
    #expect(e.location?.line == 2, sourceLocation: sourceLocation)
    #expect(e.location?.column == (needle.map { col(c, $0) } ?? 18), sourceLocation: sourceLocation)
    #expect(e.location?.exprColumn == exprColumn, sourceLocation: sourceLocation)
    if let message { #expect(e.message.contains(message), "\(e.message)", sourceLocation: sourceLocation) }
}

@Suite struct WireErrorTests {
    @Test func unknownField() {
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "colour": [1]}"#, .unknownField, "/constraints/0/colour", at: "[1]")
        expectError(#"{"view": "a", "attributes": "top", "to": {"view": "b", "attr": "top"}}"#, .unknownField, "/constraints/0/to/attr", at: "\"top\"}")
        expectError(#"{"view": "a", "attributes": "edges", "to": {"top": 1, "side": 2}}"#, .unknownField, "/constraints/0/to/side", at: "2}")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "source": {"file": "f", "line": 1, "col": 2}}"#,
                    .unknownField, "/constraints/0/source/col", at: "2}")
    }

    @Test func wrongType() {
        expectError(#"{"view": "a", "attributes": 5, "to": "b"}"#, .wrongType, "/constraints/0/attributes", at: "5")
        expectError(#"{"view": "a", "attributes": ["top", 7], "to": "b"}"#, .wrongType, "/constraints/0/attributes/1", at: "7")
        expectError(#"{"view": "a", "attributes": [], "to": "b"}"#, .wrongType, "/constraints/0/attributes", at: "[]")
        expectError(#"{"view": "a", "attributes": "top", "to": true}"#, .wrongType, "/constraints/0/to", at: "true")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "relation": "="}"#, .wrongType, "/constraints/0/relation", at: "\"=\"")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "offset": "8"}"#, .wrongType, "/constraints/0/offset", at: "\"8\"")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "label": 3}"#, .wrongType, "/constraints/0/label", at: "3")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "source": {"file": "f", "line": 1.5}}"#, .wrongType, "/constraints/0/source/line", at: "1.5")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "priority": "urgent"}"#, .wrongType, "/constraints/0/priority", at: "\"urgent\"")
        expectError(#"{"view": "a", "attributes": "top", "to": {"width": 1, "x": 2}}"#, .wrongType, "/constraints/0/to", at: "{\"width")
        expectError(#"{"view": "a", "attributes": "top", "to": {}}"#, .wrongType, "/constraints/0/to", at: "{}")
        expectError(#"{"view": "a", "attributes": "top", "to": "b..top"}"#, .wrongType, "/constraints/0/to", at: "\"b..top\"")
        expectError(#"42"#, .wrongType, "/constraints/0")
        expectError(#"{"expr": 42}"#, .wrongType, "/constraints/0/expr", at: "42")
    }

    @Test func missingFieldsAndTarget() {
        expectError(#"{"view": "a", "attributes": "top"}"#, .missingTarget, "/constraints/0", message: "'to'")
        expectError(#"{"view": "a", "attributes": "top", "to": null}"#, .missingTarget, "/constraints/0")
        expectError(#"{"attributes": "top", "to": "b"}"#, .missingField, "/constraints/0", message: "'view'")
        expectError(#"{"view": "a", "to": "b"}"#, .missingField, "/constraints/0", message: "'attributes'")
        expectError(#"{"view": "a", "attributes": "top", "to": {"width": 5}}"#, .missingField, "/constraints/0/to", at: "{\"width", message: "'height'")
        expectError(#"{"view": "a", "attributes": "top", "to": {"attribute": "top"}}"#, .missingField, "/constraints/0/to", at: "{\"attribute")
        expectError(#"{"view": "a", "attributes": "top", "to": "b", "source": {"line": 3}}"#, .missingField, "/constraints/0/source", at: "{\"line")
    }

    @Test func priorityOutOfRange() {
        for bad in ["0", "1000.5", "-1", "1e9"] {
            expectError(#"{"view": "a", "attributes": "top", "to": "b", "priority": \#(bad)}"#, .priorityOutOfRange, "/constraints/0/priority", at: bad)
        }
        expectError(#""a.top == b.top @ 1001""#, .priorityOutOfRange, "/constraints/0", exprColumn: 18)
        expectError(#""a.top == b.top @ 0""#, .priorityOutOfRange, "/constraints/0", exprColumn: 18)
        expectError(#""a.top == b.top @ -5""#, .priorityOutOfRange, "/constraints/0", exprColumn: 18)
    }

    @Test func badMultiplier() {
        expectError(#"{"view": "a", "attributes": "width", "to": "b", "multiplier": 0}"#, .badMultiplier, "/constraints/0/multiplier", at: "0}")
        expectError(#"{"view": "a", "attributes": "width", "to": "b", "dividedBy": 0}"#, .badMultiplier, "/constraints/0/dividedBy", at: "0}")
        expectError(#"{"view": "a", "attributes": "width", "to": "b", "dividedBy": 1e-310}"#, .badMultiplier, "/constraints/0/dividedBy", at: "1e-310")
        expectError(#"{"view": "a", "attributes": "width", "to": "b", "multiplier": 2, "dividedBy": 3}"#, .badMultiplier, "/constraints/0/dividedBy", at: "3}")
        expectError(#""a.width == b.width / 0""#, .badMultiplier, "/constraints/0", exprColumn: 22)
        expectError(#""a.width == b.width * 0.0 + 1""#, .badMultiplier, "/constraints/0", exprColumn: 22)
    }

    @Test func conflictingConstants() {
        expectError(#"{"view": "a", "attributes": "top", "to": 10, "offset": 5}"#, .conflictingConstants, "/constraints/0/offset", at: "5}")
        expectError(#"{"view": "a", "attributes": "top", "inset": 3, "to": "b", "offset": 5}"#, .conflictingConstants, "/constraints/0/offset", at: "5}")
        expectError(#"{"view": "a", "attributes": "edges", "to": {"top": 1}, "inset": 2, "offset": 5}"#, .conflictingConstants, "/constraints/0/inset", at: "2,",
                    message: "and 'offset'")
        expectError(#"{"offset": 4, "expr": "a.top == b.top + 8"}"#, .conflictingConstants, "/constraints/0/expr", at: "\"a.top")
        expectError(#"{"expr": "a.width == 8", "inset": 1}"#, .conflictingConstants, "/constraints/0/inset", at: "1}")
    }

    @Test func conflictingFields() {
        expectError(#"{"expr": "a.top == b.top", "view": "a"}"#, .conflictingFields, "/constraints/0/view", at: "\"a\"}")
        expectError(#"{"expr": "a.top == b.top @high", "priority": 10}"#, .conflictingFields, "/constraints/0/priority", at: "10")
        expectError(#"{"expr": "a.top == b.top * 2", "dividedBy": 3}"#, .conflictingFields, "/constraints/0/dividedBy", at: "3}")
    }

    @Test func unknownAttribute() {
        expectError(#"{"view": "a", "attributes": "topp", "to": "b"}"#, .unknownAttribute, "/constraints/0/attributes", at: "\"topp\"")
        expectError(#"{"view": "a", "attributes": ["top", "wdth"], "to": "b"}"#, .unknownAttribute, "/constraints/0/attributes/1", at: "\"wdth\"")
        expectError(#"{"view": "a", "attributes": "top", "to": "b.wdth"}"#, .unknownAttribute, "/constraints/0/to", at: "\"b.wdth\"")
        expectError(#"{"view": "a", "attributes": "top", "to": {"view": "b", "attribute": "up"}}"#, .unknownAttribute, "/constraints/0/to/attribute", at: "\"up\"")
        expectError(#""a.topp == b.top""#, .unknownAttribute, "/constraints/0", exprColumn: 3)
        expectError(#"{"expr": "a.top == b.safeAreaLayoutGuide.bottm"}"#, .unknownAttribute, "/constraints/0/expr", at: "\"a.top", exprColumn: 32)
    }

    @Test func invalidViewReferences() {
        expectError(#"{"view": "top", "attributes": "top", "to": "b"}"#, .invalidID, "/constraints/0/view", at: "\"top\",")
        expectError(#"{"view": "a.top", "attributes": "top", "to": "b"}"#, .invalidID, "/constraints/0/view", at: "\"a.top\"")
        expectError(#"{"view": "superview", "attributes": "top", "to": "b"}"#, .invalidID, "/constraints/0/view", at: "\"superview\"")
        expectError(#"{"view": "a", "attributes": "top", "to": "bottom"}"#, .invalidID, "/constraints/0/to", at: "\"bottom\"",
                    message: "superview.bottom")
        expectError(#"{"view": "a", "attributes": "top", "to": "9lives.top"}"#, .invalidID, "/constraints/0/to", at: "\"9lives")
        expectError(#""superview.top == a.top""#, .invalidID, "/constraints/0", exprColumn: 1)
        expectError(#""a.top == top""#, .invalidID, "/constraints/0", exprColumn: 10)
    }

    @Test func expressionSyntax() {
        let cases: [(String, Int, String)] = [
            ("a.top = b.top", 7, "'='"),
            ("a.top == ", 10, "end of expression"),
            ("a == b.top", 3, "attribute"),
            ("a.top b.top", 7, "relation"),
            ("a.top == b.top +", 17, "a number"),
            ("a.top == b.top + c", 18, "a number"),
            ("a.top == b.top extra", 16, "expected '*', '/', '+', '-', '@' or the end of the expression, found 'extra'"),
            ("a.top == b.top * 2 x", 20, "expected '+', '-', '@' or the end"),
            ("a.top == b.top + 2 x", 20, "expected '@' or the end"),
            ("a.top == b.top @ 20 x", 21, "expected the end"),
            ("a.top == 10 + 2", 13, "'@' or the end"),
            ("a.top == b.top @ 5 6", 20, "end of the expression"),
            ("a.top == b.top @ urgent", 18, "priority"),
            ("a. == b", 4, "attribute name"),
            ("a.top == b.top # 3", 16, "'#'"),
            ("a.top == 1e999", 10, "finite"),
            ("", 1, "empty"),
            ("   ", 4, "empty"),
            ("a.tôp == b", 4, "'ô'"),
            ("== b.top", 1, "view name"),
            ("a.top == * 2", 10, "a number or a view"),
        ]
        for (expr, column, message) in cases {
            let c = "\"\(expr)\""
            expectError(c, .expressionSyntax, "/constraints/0", exprColumn: column, message: message)
        }
    }

    @Test func expressionColumnsCountDecodedScalars() {
        // Escapes in the JSON string do not shift columns: they count in the decoded text.
        expectError(#""\u0061.top \u003d b.top""#, .expressionSyntax, "/constraints/0", exprColumn: 7)
        expectError(#""é.top = b""#, .expressionSyntax, "/constraints/0", exprColumn: 1)
    }

    @Test func duplicateIDs() throws {
        let problem = try #require(wireProblem("""
        {"views": [{"id": "root"}, {"id": "a", "superview": "root"},
                   {"id": "root"}],
         "constraints": [{"id": "x", "expr": "a.top == root.top"}, {"id": "y", "expr": "a.left == root.left"},
                         {"id": "x", "expr": "a.width == 3"}]}
        """))
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.code) == [.duplicateID, .duplicateID])
        #expect(problem.errors[0].location == RequestLocation(pointer: "/views/2/id", line: 2, column: 19))
        #expect(problem.errors[0].message.contains("/views/0"))
        #expect(problem.errors[1].location == RequestLocation(pointer: "/constraints/2/id", line: 4, column: 25))
        #expect(problem.errors[1].message.contains("/constraints/0"))
    }

    @Test func viewErrors() throws {
        let problem = try #require(wireProblem("""
        {"views": [
          {"id": "1a"},
          {"id": "top"},
          {"superview": 3},
          {"id": "ok", "frame": {"x": 0, "y": 0, "width": 10}},
          {"id": "ok2", "margins": {"left": 1, "leading": 2}},
          {"id": "ok3", "kind": "window", "hugging": {"horizontal": 0}},
          {"id": "ok4", "intrinsicSize": {"width": "wide"}, "safeArea": {"leading": 3}},
          "v5"
        ]}
        """))
        let summary = problem.errors.map { "\($0.code) \($0.location!.pointer) \($0.location!.line):\($0.location!.column)" }
        #expect(summary == [
            "invalid-id /views/0/id 2:10",
            "invalid-id /views/1/id 3:10",
            "missing-field /views/2 4:3",
            "wrong-type /views/2/superview 4:17",
            "missing-field /views/3/frame 5:25",
            "mixed-direction /views/4/margins 6:28",
            "wrong-type /views/5/kind 7:25",
            "priority-out-of-range /views/5/hugging/horizontal 7:61",
            "wrong-type /views/6/safeArea 8:65",
            "wrong-type /views/6/intrinsicSize/width 8:44",
            "wrong-type /views/7 9:3",
        ])
    }

    @Test func documentLevelErrors() throws {
        let notObject = try #require(wireOnlyError(wireProblem("[1]")))
        #expect(notObject.code == .wrongType)
        #expect(notObject.location == RequestLocation(pointer: "", line: 1, column: 1))
        let problem = try #require(wireProblem(#"{"direction": "up", "strict": "yes", "views": {}, "constraints": 3, "extra": 1}"#))
        #expect(problem.errors.map(\.code) == [.unknownField, .wrongType, .wrongType, .wrongType, .wrongType])
        #expect(problem.errors.map { $0.location?.pointer ?? "?" } == ["/extra", "/direction", "/views", "/constraints", "/strict"])
        #expect(problem.errors.map { $0.location?.column ?? 0 } == [78, 15, 47, 66, 31])
    }

    @Test func severalErrorsInOneAnswer() throws {
        let problem = try #require(wireProblem("""
        {"views": [{"id": "root"}, {"id": "a", "superview": "root"}],
         "constraints": [
           {"view": "a", "attributes": "top", "to": "root", "priority": 0},
           "a.left == root.left * 0",
           {"view": "a", "attributes": ["width", "hieght"], "to": 10, "offset": 2},
           {"view": "a", "attributes": "top"},
           "a.top === root"
         ]}
        """))
        #expect(problem.status == 422)
        #expect(problem.title.isEmpty == false)
        let summary = problem.errors.map { e in
            "\(e.code) \(e.location!.pointer) \(e.location!.line):\(e.location!.column)" + (e.location!.exprColumn.map { " @\($0)" } ?? "")
        }
        #expect(summary == [
            "priority-out-of-range /constraints/0/priority 3:65",
            "bad-multiplier /constraints/1 4:4 @23",
            "unknown-attribute /constraints/2/attributes/1 5:42",
            "conflicting-constants /constraints/2/offset 5:73",
            "missing-target /constraints/3 6:4",
            "expression-syntax /constraints/4 7:4 @9",
        ])
    }

    @Test func brokenExpressionStillChecksTheOtherFields() {
        let c = #"{"expr": "a.top = b.top", "priority": 0, "colour": 1, "view": null}"#
        let errors = wireConstraintErrors(c)
        #expect(errors.map(\.code) == [.unknownField, .expressionSyntax, .priorityOutOfRange])
        #expect(errors.map { $0.location?.pointer ?? "" } == ["/constraints/0/colour", "/constraints/0/expr", "/constraints/0/priority"])
        #expect(errors.map { $0.location?.column ?? 0 } == [col(c, "1,"), col(c, "\"a.top"), col(c, "0,")])
        #expect(errors[1].location?.exprColumn == 7)
    }

    @Test func malformedJSONInADocument() throws {
        let problem = try #require(wireProblem("{\"views\": [\n  {\"id\": \"a\",}\n]}"))
        #expect(problem.status == 400)
        let e = try #require(wireOnlyError(problem))
        #expect(e.code == .invalidJSON)
        #expect(e.location == RequestLocation(pointer: "/views/0/id", line: 2, column: 14))
    }
}

/// Columns of the wire reader (`WireReader.column`: a byte distance when the input is all
/// ASCII, a count of scalars otherwise) against the JSON tree's own positions
/// (`TextPosition`): random documents on one or several lines, some with multi-byte
/// characters before, between and after the errors.
@Suite struct WireColumnTests {
    @Test func columnsMatchTheTreeWithAndWithoutMultiByteText() throws {
        var multiByte = 0, checked = 0
        for seed in UInt64(1)...300 {
            var rng = SplitMix(state: seed)
            let texts = ["x", "é", "😀", "中文", "a\\u00e9"]
            func space() -> String { ["", " ", "  ", "\n", " \n   "][Int(rng.next() % 5)] }
            var views: [String] = []
            for k in 0..<Int(rng.next() % 5 + 1) {
                var members = ["\"id\":\(space())\"v\(k)\""]
                for f in 0..<Int(rng.next() % 3) {
                    members.append("\"bogus\(f)\":\(space())\"\(texts[Int(rng.next() % 5)])\"")
                }
                members.shuffle(using: &rng)
                views.append("{" + space() + members.joined(separator: "," + space()) + space() + "}")
            }
            let text = "{" + space() + "\"views\":" + space() + "[" + views.joined(separator: "," + space()) + "]}"
            if text.utf8.contains(where: { $0 >= 0x80 }) { multiByte += 1 }
            let tree = try JSONTree.parse(Array(text.utf8)).get()
            guard case .failure(let problem) = decodeLayoutDocument(Array(text.utf8)) else { continue }
            for error in problem.errors {
                let location = try #require(error.location)
                // /views/k/name
                let parts = location.pointer.split(separator: "/")
                try #require(parts.count == 3, "\(location.pointer)")
                let node = try #require(tree.root["views"]?[Int(parts[1]) ?? -1]?[String(parts[2])])
                #expect(location.line == node.line, "seed \(seed): \(text)")
                #expect(location.column == node.column, "seed \(seed): \(text)")
                checked += 1
            }
        }
        #expect(multiByte > 50 && checked > 200, "\(multiByte) with multi-byte text, \(checked) errors")
    }
}
