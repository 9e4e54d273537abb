// A one-shot document is built lean first (LeanBuild: no registry, ids or conflict index)
// and in full only when it has an error or a conflict. Both must answer exactly what a full
// build answers: random documents (conflicts, ambiguity, rtl, guides, errors) against
// `make` + `answer`, answers and refusals compared whole, both frame spaces.
import Layout
import Cassowary
import TestSupport
import Testing
@testable import Layout

@Suite struct LeanBuildTests {
    /// The answer with its timing taken out (the only field two builds may differ in).
    static func timeless(_ result: Result<LayoutAnswer, LayoutProblem>) -> Result<LayoutAnswer, LayoutProblem> {
        result.map { answer in
            var answer = answer
            answer.stats.solveMicros = 0
            return answer
        }
    }

    /// Makes some documents invalid the ways clients do: a misspelt view, an attribute
    /// that does not exist, a multiplier of zero.
    static func damaged(_ json: String, _ history: inout SessionHistories) -> String {
        guard history.chance(0.15) else { return json }
        switch Int.random(in: 0..<3, using: &history.rng) {
        case 0: return json.replacingFirst(#""view": "v"#, with: #""view": "ghost"#)
        case 1: return json.replacingFirst(#""attributes": "#, with: #""attributes": "lefty", "x": "#)
        default: return json.replacingFirst(#""relation": "#, with: #""multiplier": 0, "relation": "#)
        }
    }

    @Test func leanAnswersEqualFullAnswers() throws {
        var lean = 0, full = 0, refused = 0
        var failures: [String] = []
        for seed in UInt64(1)...1500 {
            var history = SessionHistories(seed: seed &* 104_729)
            let json = Self.damaged(history.document(), &history)
            guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)) else { continue }
            switch LiveLayout.makeLean(document: document, seconds: 10, solver: Solver()) {
            case .built: lean += 1
            case .refused: refused += 1
            case .needsFullBuild: full += 1
            }
            for space in [FrameSpace.superview, .root] {
                let expected = Self.timeless(LiveLayout.make(document: document, seconds: 10).map { $0.answer(space: space) })
                let got = Self.timeless(LiveLayout.solve(document: document, space: space, seconds: 10))
                if got != expected { failures.append("seed \(seed) (\(space)): \(json)\n  lean: \(got)\n  full: \(expected)") }
            }
        }
        #expect(failures.count == 0, "first difference:\n\(failures.first ?? "")")
        // Both paths were taken, often (the generator's distribute entries and VFL lines add
        // conflicts, which the full build reports).
        #expect(lean > 200 && full > 100, "lean \(lean), full \(full), refused \(refused)")
    }

    /// Views the lean build does not take as listed (a subview before its superview, a
    /// repeated id, a guide without a view, a priority out of range, a missing superview)
    /// leave the document to the full build, which answers or refuses as it always has. The
    /// documents are changed after decoding: the reader refuses most of these on its own.
    @Test func viewsNotPlaceableAsListedTakeTheFullBuild() throws {
        let json = #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}, "#
            + #"{"id": "a", "superview": "root", "intrinsicSize": {"width": 40, "height": 20}}], "#
            + #""constraints": ["a.left == root.left + 8", "a.top == root.top"]}"#
        let base = try decodeLayoutDocument(Array(json.utf8)).get()
        guard case .built = LiveLayout.makeLean(document: base, seconds: 10, solver: Solver()) else {
            Issue.record("the unchanged document was not built lean")
            return
        }
        var guide = ViewSpec(id: "g", location: base.views[1].location)
        guide.kind = .guide
        let cases: [(name: String, answers: Bool, change: (inout LayoutDocument) -> Void)] = [
            ("a subview first", true, { $0.views.reverse() }),
            ("a repeated id", false, { $0.views.append($0.views[1]) }),
            ("a guide without a view", false, { $0.views.append(guide) }),
            ("a priority out of range", false, { $0.views[1].hugging.horizontal = 1001 }),
            ("a missing superview", false, { $0.views[1].superview = "nowhere" }),
        ]
        for (name, answers, change) in cases {
            var document = base
            change(&document)
            guard case .needsFullBuild = LiveLayout.makeLean(document: document, seconds: 10, solver: Solver()) else {
                Issue.record("built lean: \(name)")
                continue
            }
            let expected = Self.timeless(LiveLayout.make(document: document, seconds: 10).map { $0.answer() })
            let got = Self.timeless(LiveLayout.solve(document: document, seconds: 10))
            #expect(got == expected, "\(name)")
            if case .success = got { #expect(answers, "\(name)") } else { #expect(!answers, "\(name)") }
        }
    }

    @Test func aConflictOrAnErrorTakesTheFullBuild() throws {
        let conflict = #"{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "v", "superview": "root"}],"#
            + #""constraints": ["v.width == 10", "v.width == 20", "v.left == 0", "v.top == 0", "v.height == 5"]}"#
        let document = try decodeLayoutDocument(Array(conflict.utf8)).get()
        guard case .needsFullBuild = LiveLayout.makeLean(document: document, seconds: 10, solver: Solver()) else {
            Issue.record("a conflict was built lean")
            return
        }
        let answer = try LiveLayout.solve(document: document).get()
        #expect(answer.diagnostics.map(\.code) == [.unsatisfiable])
        #expect(answer.stats.constraints == 9)  // 4 for the root's frame, 5 of the document

        let unknown = #"{"views": [{"id": "root"}], "constraints": ["ghost.width == 10"]}"#
        let problem = LiveLayout.solve(document: try decodeLayoutDocument(Array(unknown.utf8)).get())
        guard case .failure(let p) = problem else { Issue.record("an unknown view was accepted"); return }
        #expect(p.errors.map(\.code) == [.unknownView])

        // Views in two trees: the lean build does not check the pair's ancestry while compiling;
        // its linearizer finds none and the full build reports it, as it always has.
        let apart = #"{"views": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, {"id": "b"}], "#
            + #""constraints": ["b.left == a.right + 4"]}"#
        let trees = try decodeLayoutDocument(Array(apart.utf8)).get()
        guard case .needsFullBuild = LiveLayout.makeLean(document: trees, seconds: 10, solver: Solver()) else {
            Issue.record("a pair without a common ancestor was built lean")
            return
        }
        let refused = LiveLayout.solve(document: trees)
        guard case .failure(let q) = refused else { Issue.record("a pair without a common ancestor was accepted"); return }
        #expect(q.errors.map(\.code) == [.noCommonAncestor])
        #expect(Self.timeless(refused) == Self.timeless(LiveLayout.make(document: trees, seconds: 10).map { $0.answer() }))
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}
