// The JSON reader: strict RFC 8259, positions, limits.
import Testing
@testable import Layout

private func parse(_ text: String) -> Result<JSONTree, LayoutProblem> { JSONTree.parse(Array(text.utf8)) }

private func syntaxError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutError? {
    switch parse(text) {
    case .success: Issue.record("expected invalid JSON: \(text)", sourceLocation: sourceLocation); return nil
    case .failure(let problem):
        #expect(problem.errors.count == 1, sourceLocation: sourceLocation)
        return problem.errors.first
    }
}

@Suite struct WireJSONReaderTests {
    /// The reader reads the parser's tape in place; an index outside it (only a bug could
    /// make one) reads as a null node, never as memory past the tape.
    @Test func tapeReadInPlaceIsBounded() throws {
        let json = Array(#"{"a": [1, "x"], "b": true}"#.utf8)
        let kinds = json.withUnsafeBytes { buffer in
            JSONParser.withTape(buffer) { nodes -> [JSONKind] in
                let tape = Tape(nodes)
                #expect(tape.count == 7)
                #expect(tape.after(2) == 5)  // the array [1, "x"] ends before "b"
                #expect(tape[tape.count].kind == .null && tape[-1].kind == .null)
                #expect(tape.after(tape.count) == tape.count + 1)
                return (0..<tape.count).map { tape[$0].kind }
            }
        }
        #expect(try kinds.get() == [.object, .string, .array, .number, .string, .string, .bool])
    }

    @Test func scalarsAndContainers() throws {
        let tree = try parse(#" {"a": [1, -2.5, 3e2, true, false, null, "x"], "b": {}} "#).get()
        let root = tree.root
        #expect(root.kind == .object)
        let a = try #require(root["a"])
        #expect(a.elements.map(\.kind) == [.number, .number, .number, .bool, .bool, .null, .string])
        #expect(a[0]?.number == 1)
        #expect(a[1]?.number == -2.5)
        #expect(a[2]?.number == 300)
        #expect(a[3]?.bool == true)
        #expect(a[4]?.bool == false)
        #expect(a[5]?.isNull == true)
        #expect(a[6]?.string == "x")
        #expect(root["b"]?.members.isEmpty == true)
        #expect(root["missing"] == nil)
    }

    @Test func positionsAndPointers() throws {
        let text = "{\n  \"views\": [\n    {\"id\": \"root\"},\n    {\"id\": \"a/b~c\"}\n  ]\n}"
        let tree = try parse(text).get()
        let second = try #require(tree.root["views"]?[1])
        #expect(second.pointer == "/views/1")
        #expect(second.line == 4)
        #expect(second.column == 5)
        let id = try #require(second["id"])
        #expect(id.column == 12)
        #expect(id.offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "a"))! - 1)
        let tree2 = try parse(#"{"a/b~c": 1}"#).get()
        #expect(tree2.root.members.first?.value.pointer == "/a~1b~0c")
    }

    @Test func columnsCountUnicodeScalars() throws {
        // "é" is two bytes, "😀" four, but one column each.
        let tree = try parse(#"{"é😀": 1, "k": 2}"#).get()
        #expect(tree.root["k"]?.column == 16)
        #expect(tree.root["é😀"]?.column == 8)
    }

    @Test func escapesAndUnicode() throws {
        let tree = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "é中😀"]"#).get()
        #expect(tree.root[0]?.string == "a\"b\\c/d\u{8}\u{c}\n\r\t")
        #expect(tree.root[1]?.string == "é中")
        #expect(tree.root[2]?.string == "😀")
        #expect(tree.root[3]?.string == "é中😀")
    }

    @Test func numbers() throws {
        let tree = try parse("[0, -0, 0.5, 1e22, 1E-3, 123456789012345678901234567890, 0.1, 1.7976931348623157e308, 5e-324, 1e-400, 9007199254740993]").get()
        let values = tree.root.elements.compactMap(\.number)
        #expect(values == [0, 0, 0.5, 1e22, 0.001, 1.2345678901234568e29, 0.1, 1.7976931348623157e308, .leastNonzeroMagnitude, 0, 9007199254740992])
        #expect(values[1].sign == .minus)
    }

    @Test func badNumbers() {
        #expect(syntaxError("[01]")?.message.contains("leading zeros") == true)
        #expect(syntaxError("[-]")?.location?.column == 3)
        #expect(syntaxError("[1.]")?.message.contains("decimal point") == true)
        #expect(syntaxError("[1e]")?.message.contains("exponent") == true)
        #expect(syntaxError("[.5]")?.location?.column == 2)
        #expect(syntaxError("[+1]")?.code == .invalidJSON)
        #expect(syntaxError("[NaN]")?.message.contains("NaN") == true)
        #expect(syntaxError("[Infinity]")?.message.contains("Infinity") == true)
        #expect(syntaxError("[-Infinity]")?.message.contains("Infinity") == true)
        let huge = syntaxError("[1, 1e999]")
        #expect(huge?.message == "number must be finite")
        #expect(huge?.location?.column == 5)
        #expect(huge?.location?.pointer == "/1")
        #expect(syntaxError("[-1e400]")?.message == "number must be finite")
    }

    @Test func badStrings() {
        #expect(syntaxError(#"["a\x"]"#)?.message == "invalid escape sequence")
        #expect(syntaxError(#"["a\x"]"#)?.location?.column == 4)
        #expect(syntaxError(#"["\u12"]"#)?.message.contains("four hexadecimal") == true)
        #expect(syntaxError(#"["\ud800"]"#)?.message.contains("surrogate") == true)
        #expect(syntaxError(#"["\ud800\u0041"]"#)?.message.contains("surrogate") == true)
        #expect(syntaxError(#"["\udc00"]"#)?.message.contains("surrogate") == true)
        #expect(syntaxError("[\"a\nb\"]")?.message.contains("control") == true)
        #expect(syntaxError(#"["abc"#)?.message == "unterminated string")
        #expect(syntaxError(#"["abc"#)?.location?.column == 2)
        // Invalid UTF-8: a lone continuation byte, an overlong form, a surrogate.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            let bytes = Array("[\"".utf8) + bad + Array("\"]".utf8)
            guard case .failure(let p) = JSONTree.parse(bytes) else { Issue.record("accepted \(bad)"); continue }
            #expect(p.errors.first?.message == "invalid UTF-8")
        }
    }

    @Test func structureErrors() {
        let trailing = syntaxError("{\"a\": 1}\n  x")
        #expect(trailing?.message.contains("after the JSON value") == true)
        #expect(trailing?.location?.line == 2)
        #expect(trailing?.location?.column == 3)
        #expect(syntaxError("{\"a\": 1} {}")?.code == .invalidJSON)
        #expect(syntaxError("")?.message.contains("empty") == true)
        #expect(syntaxError("   ")?.message.contains("end of input") == true)
        #expect(syntaxError("[1,]")?.location?.column == 4)
        #expect(syntaxError("[1 2]")?.message.contains("expected ','") == true)
        #expect(syntaxError("{\"a\" 1}")?.message.contains("':'") == true)
        #expect(syntaxError("{a: 1}")?.message.contains("member name") == true)
        #expect(syntaxError("{\"a\": 1,}")?.location?.column == 9)
        #expect(syntaxError("[tru]")?.message.contains("true") == true)
        #expect(syntaxError("[nul")?.code == .invalidJSON)
        #expect(syntaxError("{\"a\": [1, {\"b\": x}]}")?.location?.pointer == "/a/1/b")
        #expect(syntaxError("'a'")?.message.contains("'''") == true)
    }

    @Test func duplicateKeys() {
        let e = syntaxError("{\"a\": 1,\n \"b\": 2, \"a\": 3}")
        #expect(e?.message.contains("duplicate member name \"a\"") == true)
        #expect(e?.location?.line == 2)
        #expect(e?.location?.column == 10)
        #expect(e?.location?.pointer == "/a")
        // Equal after unescaping.
        #expect(syntaxError(#"{"a": 1, "\u0061": 2}"#)?.message.contains("duplicate") == true)
        // Large objects use a set; same verdicts.
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect((try? parse("{\(many)}").get()) != nil)
        #expect(syntaxError("{\(many), \"k7\": 0}")?.message.contains("\"k7\"") == true)
        // The same key in different objects is fine.
        #expect((try? parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#).get()) != nil)
        // ... also between large objects: siblings, and one inside another (each object's
        // set of names is its own and goes when it closes).
        #expect((try? parse("[{\(many)}, {\(many)}]").get()) != nil)
        #expect((try? parse("{\(many), \"inner\": {\(many)}, \"k99\": 1}").get()) != nil)
        #expect(syntaxError("{\(many), \"inner\": {\(many)}, \"k3\": 1}")?.message.contains("\"k3\"") == true)
        #expect(syntaxError("[{\(many)}, {\(many), \"k5\": 1}]")?.location?.pointer == "/1/k5")
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? parse(ok).get()) != nil)
        let deep = String(repeating: "[", count: 100_000)
        guard case .failure(let problem) = parse(deep) else { Issue.record("accepted"); return }
        #expect(problem.status == 413)
        #expect(problem.errors.first?.code == .tooLarge)
        #expect(problem.errors.first?.location?.column == 513)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let tree = try JSONTree.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).get()
        #expect(tree.root[0]?.number == 1)
    }

    @Test func everyPrefixOfADocumentIsRefusedOrAccepted() {
        // No input may trap: every prefix and every single-byte corruption gives a value or an error.
        let text = Array(#"{"views": [{"id": "a", "frame": {"x": 0.5, "y": -1e3}}], "s": "\u00e9\n", "t": [true, null]}"#.utf8)
        var refused = 0
        for n in 0..<text.count {
            if case .failure = JSONTree.parse(Array(text[..<n])) { refused += 1 }
            for b: UInt8 in [0x00, 0x22, 0x5C, 0x7B, 0x5D, 0xFF] {
                var corrupt = text
                corrupt[n] = b
                _ = JSONTree.parse(corrupt)
                _ = decodeLayoutDocument(corrupt)
            }
        }
        #expect(refused == text.count)
        #expect((try? JSONTree.parse(text).get()) != nil)
    }
}
