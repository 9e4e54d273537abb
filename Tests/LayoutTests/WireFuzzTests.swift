// Any bytes give a value or located errors, never a trap: deterministic random
// mutations of valid requests through every entry point.
import TestSupport
import Testing
import Layout


private let edits = """
{"ifRevision": 3, "ops": [
  {"op": "make", "view": "title", "constraints": [{"attributes": "top", "to": "card", "offset": 8}, "title.width == 40 @high"]},
  {"op": "remove", "ids": ["c1"]}, {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 1, "height": 2}},
  {"op": "addViews", "views": [{"id": "icon", "margins": {"top": 1, "leading": 2}}]}
]}
"""

private let alphabet = Array(#"{}[]":,.-+*/@=<> 0123456789eE\u"tfn_aA\é"#.utf8)

private func mutate(_ bytes: [UInt8], _ rng: inout SplitMix) -> [UInt8] {
    var b = bytes
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
        guard !b.isEmpty else { break }
        let at = Int.random(in: 0..<b.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: b[at] = alphabet.randomElement(using: &rng) ?? 0
        case 1: b.remove(at: at)
        case 2: b.insert(alphabet.randomElement(using: &rng) ?? 0, at: at)
        default: b[at] = UInt8.random(in: 0...255, using: &rng)
        }
    }
    return b
}

/// Every refusal lists at least one error, each with a location.
private func checkProblem(_ problem: LayoutProblem) {
    #expect(!problem.errors.isEmpty)
    #expect([400, 413, 422].contains(problem.status))
    for e in problem.errors {
        #expect(e.location != nil)
        #expect((e.location?.line ?? 0) >= 1)
        #expect((e.location?.column ?? 0) >= 1)
    }
    // invalid-json never mixes with contract errors.
    if problem.status == 400 { #expect(problem.errors.count == 1) }
}

@Suite struct WireFuzzTests {
    @Test func mutatedDocumentsNeverTrap() {
        var rng = SplitMix(state: 42)
        let base = Array(wireContractExample.utf8)
        var accepted = 0
        for _ in 0..<3000 {
            let input = mutate(base, &rng)
            switch decodeLayoutDocument(input) {
            case .success(let document):
                accepted += 1
                // What decodes re-encodes to something that decodes again.
                #expect((try? decodeLayoutDocument(encodeLayoutDocument(document)).get()) != nil)
            case .failure(let problem): checkProblem(problem)
            }
        }
        #expect(accepted > 0)
        #expect(accepted < 3000)
    }

    @Test func mutatedEditBatchesNeverTrap() {
        var rng = SplitMix(state: 7)
        let base = Array(edits.utf8)
        #expect((try? decodeEditBatch(base).get())?.ops.count == 4)
        for _ in 0..<3000 {
            if case .failure(let problem) = decodeEditBatch(mutate(base, &rng)) { checkProblem(problem) }
        }
    }

    @Test func randomExpressionsNeverTrap() {
        var rng = SplitMix(state: 99)
        let pieces = ["a", "b", ".", "top", "edges", "superview", "safeAreaLayoutGuide", "==", "<=", ">=", "=", "*", "/", "+", "-",
                      "@", "high", "0", "1.5", "1e999", "-", " ", "é", "😀", "8", "required", "..", "1e", "@@"]
        let here = RequestLocation(pointer: "/constraints/0", line: 1, column: 1)
        var accepted = 0
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...9, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            switch parseConstraintExpression(text, location: here) {
            case .success: accepted += 1
            case .failure(let problem):
                #expect(!problem.errors.isEmpty)
                for e in problem.errors {
                    let column = e.location?.exprColumn ?? 0
                    #expect(column >= 1 && column <= text.unicodeScalars.count + 1, "\(text): \(e)")
                }
            }
        }
        #expect(accepted < 5000)
    }
}
