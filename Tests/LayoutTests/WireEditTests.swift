// Edit batches (docs/api.md §4): every op, and their errors.
import Testing
@testable import Layout

@Suite struct WireEditTests {
    @Test func everyOpDecodes() throws {
        let batch = try wireEdits("""
        {"ifRevision": 3, "strict": true, "ops": [
          {"op": "make", "view": "title", "constraints": [{"attributes": "top", "to": "card", "offset": 8}, "title.width == 40"]},
          {"op": "update", "view": "title", "constraints": [{"attributes": "top", "to": "card", "offset": 12}]},
          {"op": "remake", "view": "card.layoutMarginsGuide", "constraints": []},
          {"op": "remove", "view": "title"},
          {"op": "remove", "ids": ["c1", "c2"]},
          {"op": "addViews", "views": [{"id": "icon", "superview": "card", "intrinsicSize": {"width": 24, "height": 24}}]},
          {"op": "removeViews", "ids": ["icon"]},
          {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 667, "height": 375}}
        ]}
        """).get()
        #expect(batch.ifRevision == 3)
        #expect(batch.strict)
        #expect(batch.ops.count == 8)
        guard let make = batch.ops[0].kind.body as? MakeOp else { Issue.record("op 0"); return }
        let view = make.view, list = make.constraints
        #expect(view == ItemRef(view: "title"))
        #expect(list.count == 2)
        #expect(list[0].first == nil)
        #expect(list[0].modifier == .offset(8))
        #expect(list[0].location.pointer == "/ops/0/constraints/0")
        #expect(list[0].location.line == 2)
        #expect(list[1].first == ItemRef(view: "title"))
        #expect(list[1].location.pointer == "/ops/0/constraints/1")
        guard let updated = (batch.ops[1].kind.body as? UpdateOp)?.constraints else { Issue.record("op 1"); return }
        #expect(updated.first?.modifier == .offset(12))
        #expect(batch.ops[2].kind == .remake(view: ItemRef(view: "card", guide: .layoutMarginsGuide), constraints: []))
        #expect(batch.ops[3].kind == .removeConstraintsOf(view: ItemRef(view: "title")))
        #expect(batch.ops[4].kind == .removeConstraints(ids: ["c1", "c2"]))
        guard let views = (batch.ops[5].kind.body as? AddViewsOp)?.views else { Issue.record("op 5"); return }
        #expect(views.map(\.id) == ["icon"])
        #expect(views.first?.location.pointer == "/ops/5/views/0")
        #expect(views.first?.intrinsicWidth == 24)
        #expect(batch.ops[6].kind == .removeViews(ids: ["icon"]))
        #expect(batch.ops[7].kind == .setFrame(view: "root", frame: Rect(x: 0, y: 0, width: 667, height: 375)))
        #expect(batch.ops[7].location == RequestLocation(pointer: "/ops/7", line: 9, column: 3))
    }

    @Test func bufferEntryPointAgrees() throws {
        let bytes = Array(#"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}]}"#.utf8)
        let viaBuffer = try bytes.withUnsafeBytes { try decodeEditBatch($0).get() }
        #expect(viaBuffer == (try decodeEditBatch(bytes).get()))
        #expect(viaBuffer.ops.first?.kind == .setFrame(view: "root", frame: Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test func minimalBatch() throws {
        let batch = try wireEdits(#"{"ops": []}"#).get()
        #expect(batch == EditBatch())
    }

    @Test func opErrorsAreAllReported() throws {
        let result = wireEdits("""
        {"ifRevision": -1, "ops": [
          {"op": "make", "constraints": [{"attributes": "top", "to": "x", "id": "k"}]},
          {"op": "remove", "view": "a", "ids": ["k"]},
          {"op": "remove"},
          {"op": "setFrame", "view": "a.safeAreaLayoutGuide", "frame": {"x": 0}},
          {"op": "shuffle"},
          {"view": "a"},
          {"op": "addViews", "views": [{"id": "v"}, {"id": "v"}], "ids": []},
          {"op": "update", "view": "a", "constraints": [{"attributes": "top", "to": "x", "id": "k"}]},
          {"op": "removeViews", "ids": ["", 3]}
        ]}
        """)
        guard case .failure(let problem) = result else { Issue.record("accepted"); return }
        #expect(problem.status == 422)
        let summary = problem.errors.map { "\($0.code) \($0.location!.pointer) \($0.location!.line):\($0.location!.column)" }
        #expect(summary == [
            "wrong-type /ifRevision 1:16",
            "missing-field /ops/0 2:3",
            "conflicting-fields /ops/1/ids 3:40",
            "missing-field /ops/2 4:3",
            "invalid-id /ops/3/view 5:30",
            "missing-field /ops/3/frame 5:64",
            "wrong-type /ops/4/op 6:10",
            "missing-field /ops/5 7:3",
            "unknown-field /ops/6/ids 8:66",
            "duplicate-id /ops/6/views/1/id 8:52",
            "duplicate-id /ops/7/constraints/0/id 9:88",
            "invalid-id /ops/8/ids/0 10:33",
            "wrong-type /ops/8/ids/1 10:37",
        ])
    }

    @Test func batchShapeErrors() throws {
        guard case .failure(let noOps) = wireEdits(#"{"strict": false}"#) else { Issue.record("accepted"); return }
        #expect(noOps.errors.map(\.code) == [.missingField])
        #expect(noOps.errors.first?.location?.pointer == "")
        guard case .failure(let bad) = wireEdits(#"{"ops": {}, "revision": 2}"#) else { Issue.record("accepted"); return }
        #expect(bad.errors.map(\.code) == [.unknownField, .wrongType])
        #expect(bad.errors.map { $0.location?.pointer ?? "" } == ["/revision", "/ops"])
        guard case .failure(let json) = wireEdits(#"{"ops": [}"#) else { Issue.record("accepted"); return }
        #expect(json.status == 400)
        #expect(json.errors.first?.location?.column == 10)
        guard case .failure(let notObject) = wireEdits(#"["make"]"#) else { Issue.record("accepted"); return }
        #expect(notObject.errors.first?.code == .wrongType)
    }
}
