// The invariant of a live session (docs/sessions.md): after every request its answer
// equals the one-shot answer of the document its GET returns, with constraints in their
// add order; a refused batch changes nothing. Random documents and random histories of
// every op, refusals mixed in, each answer compared with a fresh solve.
import Foundation
import TestSupport
import Testing
@testable import Layout

@Suite struct SessionDifferentialTests {
    /// Histories to run: 500 by default; `TRELLIS_DIFF_HISTORIES` asks for more (the long
    /// run of scripts/check-sessions), `TRELLIS_DIFF_SEED` for another first seed.
    static let histories = ProcessInfo.processInfo.environment["TRELLIS_DIFF_HISTORIES"].flatMap(Int.init) ?? 500
    static let firstSeed = ProcessInfo.processInfo.environment["TRELLIS_DIFF_SEED"].flatMap(UInt64.init) ?? 1

    @Test func sessionsAnswerWhatAFreshSolveOfTheirDocumentAnswers() {
        var failures: [String] = []
        var batches = 0, refused = 0, compared = 0, conflicted = 0, stopped = 0
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.histories)) {
            var history = SessionHistories(seed: seed)
            let document = history.document()
            guard case .success(let doc) = decodeLayoutDocument(Array(document.utf8)),
                  case .success(let layout) = LiveLayout.make(document: doc) else {
                if ProcessInfo.processInfo.environment["TRELLIS_DIFF_DEBUG"] != nil {
                    let problem = decodeLayoutDocument(Array(document.utf8)).flatMap { LiveLayout.make(document: $0) }
                    print("refused document \(seed): \(problem)")
                }
                continue
            }
            var log = ["document: \(document)"]
            func check(_ step: String) -> Bool {
                let violated = layout.violatedRequiredConstraints()
                if !violated.isEmpty {
                    failures.append("seed \(seed), \(step): enforced constraints not held: \(violated)\n  " + log.joined(separator: "\n  "))
                    return false
                }
                let answer = layout.answer()
                if answer.diagnostics.contains(where: { $0.code == .unsatisfiable }) { conflicted += 1 }
                guard history.orderExpressible || !answer.diagnostics.contains(where: { $0.code == .unsatisfiable }) else { return true }
                compared += 1
                let differences = layout.differencesFromFreshSolve()
                if differences.isEmpty { return true }
                failures.append("seed \(seed), \(step): \(differences.prefix(4))\n  " + log.joined(separator: "\n  "))
                return false
            }
            guard check("after create") else { continue }
            for step in 1...10 {
                let json = history.batch(layout.document())
                log.append("batch \(step): \(json)")
                guard case .success(let batch) = decodeEditBatch(Array(json.utf8)) else { continue }
                let before = layout.answer()
                batches += 1
                // Now and then with no time at all: a batch stopped for its budget (or a
                // departed client) is refused by rebuilding the solver, not by undoing it.
                let outOfTime = history.chance(0.1)
                switch layout.apply(batch, seconds: outOfTime ? 0 : LayoutLimits.standard.solveSeconds) {
                case .success:
                    log.append("  applied\(outOfTime ? " (no time)" : "")")
                case .failure(let problem):
                    log.append("  refused\(outOfTime ? " (no time)" : ""): \(problem.errors.map(\.code))")
                    refused += 1
                    if problem.errors.contains(where: { $0.code == .tooComplex }) { stopped += 1 }
                    let after = layout.answer()
                    let changed = answerDifferences(after, before)
                    if !changed.isEmpty || after.revision != before.revision {
                        failures.append("seed \(seed), refused batch \(step) changed the answer: \(changed.prefix(4))\n  "
                                        + log.joined(separator: "\n  "))
                        break
                    }
                }
                // A move to a new solver (what residue triggers) changes no answer either.
                if history.chance(0.05) { layout.rebuildSolver() }
                guard check("after batch \(step)") else { break }
            }
            if failures.count >= 3 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) histories differ:\n" + failures.joined(separator: "\n\n")))
        #expect(batches > Self.histories * 8 && refused > Self.histories / 2 && conflicted > Self.histories
                    && stopped > Self.histories / 20,
                "too little covered: \(batches) batches, \(refused) refused (\(stopped) out of time), \(conflicted) answers with conflicts")
        print("session differential: \(Self.histories) histories, \(batches) batches (\(refused) refused, \(stopped) out of time), \(compared) answers compared, \(conflicted) with conflicts")
    }
}
