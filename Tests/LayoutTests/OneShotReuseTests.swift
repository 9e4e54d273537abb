// One-shot layouts build on the storage their thread's last solver left (`SolverShelf`): many
// mixed documents (errors, conflicts, ambiguity, rtl, guides, time running out) solved one
// after the other on this thread answer byte for byte what each answers on new storage.
import TestSupport
import Testing
import Layout

@Suite struct OneShotReuseTests {
    /// The encoded answer (timing taken out), or the refusal.
    static func bytes(_ result: Result<LayoutAnswer, LayoutProblem>) -> String {
        switch result {
        case .success(var answer):
            answer.stats.solveMicros = 0
            return String(decoding: encodeLayoutAnswer(answer, includeRevision: false), as: UTF8.self)
        case .failure(let problem):
            return "refused \(problem)"
        }
    }

    @Test func aReusedSolverAnswersWhatANewOneDoes() throws {
        var failures: [String] = []
        var kinds: [String: Int] = [:]
        for seed in UInt64(1)...1200 {
            var history = SessionHistories(seed: seed &* 7_919)
            let json = LeanBuildTests.damaged(history.document(), &history)
            guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)) else { continue }
            // Now and then no time at all: a refusal must leave storage fit for the next solver.
            let seconds: Double = seed % 29 == 0 ? 0 : 10
            let fresh = Self.bytes(LiveLayout.solve(document: document, seconds: seconds, keptStorage: false))
            let reused = Self.bytes(LiveLayout.solve(document: document, seconds: seconds))
            if seconds > 0, fresh != reused { failures.append("seed \(seed): \(json)\n  new:    \(fresh)\n  reused: \(reused)") }
            let kind = fresh.hasPrefix("refused") ? "refused"
                : fresh.contains("unsatisfiable") ? "conflict" : fresh.contains("ambiguous") ? "ambiguous" : "plain"
            kinds[kind, default: 0] += 1
        }
        #expect(failures.isEmpty, "\(failures.count) differ; first:\n\(failures.first ?? "")")
        // The documents were mixed as claimed.
        #expect(["refused", "conflict", "ambiguous"].allSatisfy { kinds[$0, default: 0] > 20 }, "\(kinds)")
    }
}
