// The reader's table of view ids (NameTable) against a Dictionary, and the items a decoded
// document's constraints name: resolved to their views' positions, by both parsers.
import Testing
import Cassowary
@testable import Layout

@Suite struct NameTableTests {
    /// Random ids from a small alphabet (so that many share lengths, first bytes and hash
    /// buckets), inserted and looked up against a Dictionary, past several growths.
    @Test func agreesWithADictionary() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let table = NameTable(expected: round % 5)
            var oracle: [String: Int] = [:]
            for step in 0..<400 {
                let length = Int.random(in: 0...(round % 2 == 0 ? 3 : 12), using: &rng)
                let name = String((0..<length).map { _ in "abAB_9".randomElement(using: &rng) ?? "a" })
                let bytes = Array(name.utf8)
                if Bool.random(using: &rng) {
                    let had = bytes.withUnsafeBufferPointer { table.insert($0, text: name, value: step) }
                    #expect(had == oracle[name], "insert '\(name)'")
                    if oracle[name] == nil { oracle[name] = step }
                } else {
                    let found = bytes.withUnsafeBufferPointer { table.find($0) }
                    #expect(found?.value == oracle[name], "find '\(name)'")
                    if let found { #expect(found.name == name) }
                }
            }
            #expect(table.count == oracle.count)
        }
    }

    /// Items of a document's constraints carry their views' positions, in objects and in
    /// expressions, with or without a guide; `superview` and unknown views carry none.
    @Test func documentItemsAreResolved() throws {
        let json = """
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
                   {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}],
         "constraints": [
           {"view": "b", "attributes": "top", "to": "a.bottom"},
           "a.leading == b.layoutMarginsGuide.leading + 4",
           {"view": "a.safeAreaLayoutGuide", "attributes": "edges", "to": "superview"},
           {"expr": "b.width == a.width * 2"}]}
        """
        guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)) else {
            Issue.record("the document is refused"); return
        }
        func targetSlot(_ spec: ConstraintSpec) -> Int32? {
            if case .item(.item(let ref), _) = spec.target { return ref.slotHint.value }
            return nil
        }
        let specs = document.constraints
        #expect(specs.map { $0.first?.slotHint.value } == [2, 1, 1, 2])
        #expect(specs.map(targetSlot) == [1, 2, nil, 1])
        #expect(specs[1].target == .item(.item(ItemRef(view: "b", guide: .layoutMarginsGuide)), AttributeSet([.leading])))
        #expect(specs[2].first == ItemRef(view: "a", guide: .safeAreaLayoutGuide))
    }

    /// A view's superview is resolved to its position when it is listed before the view, and
    /// only then; a wrong hint, even one naming another view of the tree, is caught where it
    /// is used: the lean build still completes, with the same answer.
    @Test func superviewsListedBeforeAreResolved() {
        let later = #"{"views": [{"id": "r"}, {"id": "c", "superview": "b"}, {"id": "b", "superview": "r"}], "constraints": []}"#
        guard case .success(let laterDocument) = decodeLayoutDocument(Array(later.utf8)) else {
            Issue.record("the document is refused"); return
        }
        #expect(laterDocument.views.map(\.superviewSlot.value) == [-1, -1, 0])
        let json = """
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
                   {"id": "a", "superview": "root"}, {"id": "b", "superview": "a"}, {"id": "c", "superview": "b"},
                   {"id": "d", "superview": "a"}],
         "constraints": ["b.left == a.left + 10", "b.top == a.top + 20", "b.width == 50", "b.height == 50",
                         "c.width == 10", "c.height == 10", "c.top == b.top", "c.left == b.left",
                         "a.edges == root.edges", "d.edges == b.edges"]}
        """
        guard case .success(var document) = decodeLayoutDocument(Array(json.utf8)) else {
            Issue.record("the document is refused"); return
        }
        #expect(document.views.map(\.superviewSlot.value) == [-1, 0, 1, 2, 1])
        #expect(buildsLean(document))
        let right = answerJSON(document)
        // d's superview is a: d sits where b does in a's space (a hint taken unchecked would
        // make it b, and d would be at b's origin).
        #expect(right.contains(#""d":{"x":10,"y":20,"width":50,"height":50}"#), "\(right)")
        for k in document.views.indices where document.views[k].superview != nil {
            document.views[k].superviewSlot = SlotHint(value: Int32((Int(document.views[k].superviewSlot.value) + 1) % 4))
        }
        #expect(buildsLean(document))
        #expect(answerJSON(document) == right)
    }

    private func buildsLean(_ document: LayoutDocument) -> Bool {
        if case .built = LiveLayout.makeLean(document: document, seconds: 10, solver: Solver()) { return true }
        return false
    }

    private func answerJSON(_ document: LayoutDocument) -> String {
        guard case .success(let answer) = LiveLayout.solve(document: document) else {
            Issue.record("the document is not solved"); return ""
        }
        return String(decoding: encodeLayoutAnswer(answer, includeRevision: false), as: UTF8.self)
            .replacing(/"solveMicros":\d+/, with: "")
    }

    /// A document with errors, and an edit batch (whose views join a tree that has others),
    /// resolve nothing.
    @Test func onlyCleanDocumentsResolve() {
        let broken = #"{"views": [{"id": "a"}, {"id": "b", "frame": 3}], "constraints": ["a.width == b.width"]}"#
        if case .success = decodeLayoutDocument(Array(broken.utf8)) { Issue.record("a broken frame is accepted") }
        let batch = #"{"ops": [{"op": "addViews", "views": [{"id": "c"}]}, {"op": "make", "view": "c", "constraints": ["c.width == 10"]}]}"#
        guard case .success(let edits) = decodeEditBatch(Array(batch.utf8)),
              let specs = (edits.ops.last?.kind.body as? MakeOp)?.constraints else { Issue.record("the batch is refused"); return }
        #expect(specs.first?.first?.slotHint.value == -1)
    }
}
