import Testing
import Layout

/// Issue #15 item 5: a refused document lists the errors of every phase in one answer
/// (not one round per phase), reports a mistake once rather than with its consequences,
/// and suggests the name that was likely meant.
@Suite struct OneRoundOfErrorsTests {
    /// What a one-shot answers: the reader's refusal, or the build's.
    func problem(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LayoutProblem {
        switch decodeLayoutDocument(Array(json.utf8)) {
        case .failure(let problem): return problem
        case .success(let document):
            guard case .failure(let problem) = LiveLayout.solve(document: document) else {
                Issue.record("expected a refusal", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            return problem
        }
    }

    @Test func readerAndCompilerErrorsComeTogether() throws {
        let p = try problem("""
        {"views": [{"id": "root"}, {"id": "a", "superview": "root"}],
         "constraints": [{"view": "ghost", "attributes": "width", "to": 10},
                         {"view": "a", "attributes": "lefty", "to": "b"},
                         {"view": "a", "attributes": ["width", "height"], "to": "root.width", "priority": 2000}]}
        """)
        #expect(p.status == 422)
        #expect(Set(p.errors.map(\.code)) == [.unknownAttribute, .unknownView, .priorityOutOfRange])
        #expect(p.errors.contains { $0.code == .unknownView && $0.location?.pointer == "/constraints/0" })
    }

    @Test func aMisspelledSuperviewIsReportedOnceWithASuggestion() throws {
        let p = try problem("""
        {"views": [{"id": "root"}, {"id": "card", "superview": "rooot"}, {"id": "title", "superview": "card"},
                   {"id": "body", "superview": "title"}],
         "constraints": ["card.edges == superview", "title.top == card.top + 8", "body.width == title.width",
                         "title.widht == 5"]}
        """)
        // The reader's errors come first, then the later phases'.
        #expect(p.errors.map(\.code) == [.unknownAttribute, .unknownView], "\(p.errors.map(\.message))")
        #expect(p.errors.first?.message.hasSuffix("did you mean 'width'?") == true)
        #expect(p.errors.last?.message.hasSuffix("did you mean 'root'?") == true)
    }

    @Test func aBrokenViewEntryDoesNotMakeItsNameUnknown() throws {
        let p = try problem("""
        {"views": [{"id": "root"}, {"id": "a", "superview": "root", "frame": {"x": 0}}, {"id": "b", "superview": "a"}],
         "constraints": ["a.width == 10", "b.width == a.width", "b.height == nope.height"]}
        """)
        #expect(p.errors.map(\.code) == [.missingField, .unknownView], "\(p.errors.map(\.message))")
        #expect(p.errors.last?.message == "view 'nope' does not exist")
    }

    @Test func suggestionsForFieldsAttributesOpsAndViews() throws {
        let field = try problem(#"{"views": [], "constraints": [], "strictt": true}"#)
        #expect(field.errors[0].message.contains("did you mean 'strict'?"))
        let attribute = try problem(#"{"views": [{"id": "a"}], "constraints": ["a.centrX == 5"]}"#)
        #expect(attribute.errors[0].message.hasSuffix("did you mean 'centerX'?"))
        let view = try problem(#"{"views": [{"id": "header"}, {"id": "t", "superview": "header"}], "constraints": ["t.top == heder.bottom"]}"#)
        #expect(view.errors[0].message == "view 'heder' does not exist; did you mean 'header'?")
        guard case .failure(let op) = decodeEditBatch(Array(#"{"ops": [{"op": "updat", "view": "a", "constraints": []}]}"#.utf8)) else {
            Issue.record("expected a refusal"); return
        }
        #expect(op.errors[0].message.contains("did you mean 'update'?"))
        // Nothing close: no suggestion.
        let far = try problem(#"{"views": [{"id": "a"}], "constraints": ["a.zzzzzz == 5"]}"#)
        #expect(far.errors[0].message == "unknown attribute 'zzzzzz'")
    }

    @Test func closestNameIsNearAndUnique() {
        #expect(Suggestion.closest(to: "widht", among: ["height", "width"]) == "width")
        #expect(Suggestion.closest(to: "Width", among: ["height", "width"]) == "width")
        #expect(Suggestion.closest(to: "x", among: ["y", "xy"]) == "y")
        #expect(Suggestion.closest(to: "abc", among: ["xyz"]) == nil)
        #expect(Suggestion.closest(to: "same", among: ["same"]) == nil)
    }

    @Test func aGuideIsNeverARoot() throws {
        let p = try problem(#"{"views": [{"id": "root"}, {"id": "g", "kind": "guide"}, {"id": "v", "superview": "g"}], "constraints": ["g.width == 10", "v.width == 5"]}"#)
        #expect(p.errors.map(\.code) == [.noSuperview], "\(p.errors.map(\.message))")
        #expect(p.errors[0].location?.pointer == "/views/1")
    }

    @Test func notJSONSaysSo() throws {
        guard case .failure(let p) = decodeLayoutDocument(Array("not json".utf8)) else { Issue.record("accepted"); return }
        #expect(p.status == 400)
        #expect(p.errors[0].message.hasPrefix("unexpected 'not': expected a JSON value"))
    }

    /// SnapKit's closure belongs to one view: inside an op on `title`, a constraint of
    /// `card` is a mistake (it would be filed under `card`, and `remake` would not remove it).
    @Test func anOpsConstraintsConstrainItsView() throws {
        let body = #"{"ops": [{"op": "make", "view": "title", "constraints": ["title.width == 5", "card.width <= 300", {"attributes": "height", "to": 4}]}]}"#
        guard case .failure(let p) = decodeEditBatch(Array(body.utf8)) else { Issue.record("accepted"); return }
        #expect(p.errors.map(\.code) == [.wrongType])
        #expect(p.errors.first?.location?.pointer == "/ops/0/constraints/1")
        #expect(p.errors.first?.message.contains("must constrain 'title', not 'card'") == true)
    }
}
