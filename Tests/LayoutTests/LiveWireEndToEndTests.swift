import Testing
import Layout

/// JSON in, layout, JSON out: the contract's own example through the wire reader and
/// the live layout.
@Suite struct LiveWireEndToEndTests {
    func decode(_ json: String) throws -> LayoutDocument {
        switch decodeLayoutDocument(Array(json.utf8)) {
        case .success(let d): return d
        case .failure(let p): Issue.record("\(p)"); throw p
        }
    }

    func edits(_ json: String) throws -> EditBatch {
        switch decodeEditBatch(Array(json.utf8)) {
        case .success(let b): return b
        case .failure(let p): Issue.record("\(p)"); throw p
        }
    }

    @Test func contractExample() throws {
        let layout = try build(try decode(wireContractExample))
        let answer = layout.answer()
        #expect(approx(answer.frame(of: "card"), rect(20, 20, 335, 627)))
        #expect(approx(answer.frame(of: "title"), rect(12, 12, 120, 21)))
        #expect(answer.diagnostics.isEmpty)
        #expect(layout.document().constraints.map(\.id) == ["c1", "c2", "c3", "c4"])
        // The document as it stands encodes and decodes back to the same layout.
        let again = try build(try decode(String(decoding: encodeLayoutDocument(layout.document()), as: UTF8.self)))
        #expect(again.answer().frames == answer.frames)
    }

    @Test func sessionEdits() throws {
        let layout = try build(try decode(wireContractExample))
        let answer = try layout.applyOK(try edits("""
            {"ifRevision": 1, "ops": [
              {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 667, "height": 375}},
              {"op": "update", "view": "card", "constraints": [{"attributes": "top", "to": "superview", "inset": 40}]},
              {"op": "make", "view": "title", "constraints": ["title.width == 30"]}
            ]}
            """))
        #expect(answer.revision == 2)
        #expect(approx(answer.frame(of: "card"), rect(20, 40, 627, 315)))
        let d = try #require(answer.diagnostics.first { $0.code == .unsatisfiable })
        #expect(d.broken.map(\.id) == ["c5"])
        #expect(d.constraints.map(\.description) == ["title.width >= 44", "title.width == 30"])
        let problem = layout.applyFailing(try edits("""
            {"ops": [{"op": "update", "view": "card", "constraints": [{"attributes": "top", "to": "superview", "offset": 1, "priority": 750}]}]}
            """))
        #expect(problem?.errors.map(\.code) == [.noMatchingConstraint])
        #expect(problem?.errors.first?.location?.pointer == "/ops/0/constraints/0")
    }
}

@Suite struct LiveSessionEncodingTests {
    @Test func sessionAnswerCarriesIdAndDocument() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 10, 10))]))
        let json = String(decoding: encodeSessionAnswer(layout.answer(), id: "s1", document: layout.document()), as: UTF8.self)
        #expect(json.hasPrefix(#"{"id":"s1","revision":1,"frames":{"root":{"x":0,"y":0,"width":10,"height":10}},"diagnostics":[],"#))
        #expect(json.contains(#""document":{"direction":"ltr","views":[{"id":"root""#))
        let oneShot = try LiveLayout.solve(document: document([view("root", frame: rect(5, 5, 10, 10))]), space: .root).get()
        #expect(oneShot.frames == [ViewFrame(id: "root", frame: rect(5, 5, 10, 10))])
    }
}
