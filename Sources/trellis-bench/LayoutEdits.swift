// Part 3 of `trellis-bench layout`: the hot edits of a live session on a large layout, bytes in
// -> answer bytes out (decode the batch, apply, encode the answer with its revision), against
// building the same layout from its document end to end. `update` changes one constant;
// `setFrame` resizes the window (the root's fixed frame). Each edit alternates between a
// change and its undo, so every run really moves frames.
import Layout

enum LayoutEdits {
    /// A live layout built from `c`, or nil (recorded as a failure).
    static func live(_ c: LayoutCase, failures: Failures, context: String) -> LiveLayout? {
        guard case .success(let document) = decodeLayoutDocument(c.bytes) else { failures.add("\(context): decode failed"); return nil }
        switch LiveLayout.make(document: document) {
        case .success(let layout): return layout
        case .failure(let p): failures.add("\(context): make failed: \(LayoutEndToEnd.describe(p))"); return nil
        }
    }

    /// Decode one edit batch, apply it, encode the answer.
    static func edit(_ layout: LiveLayout, _ body: [UInt8], phases: PhaseLog?, failures: Failures, context: String)
        -> (answer: LayoutAnswer, bytes: [UInt8])? {
        let t0 = monotonicNanoseconds()
        let batch: EditBatch
        switch decodeEditBatch(body) {
        case .success(let b): batch = b
        case .failure(let p): failures.add("\(context): decodeEditBatch failed: \(LayoutEndToEnd.describe(p))"); return nil
        }
        let t1 = monotonicNanoseconds()
        let answer: LayoutAnswer
        switch layout.apply(batch) {
        case .success(let a): answer = a
        case .failure(let p): failures.add("\(context): apply failed: \(LayoutEndToEnd.describe(p))"); return nil
        }
        let t2 = monotonicNanoseconds()
        let out = encodeLayoutAnswer(answer, includeRevision: true)
        let t3 = monotonicNanoseconds()
        phases?.record(t0, t1, t2, t3)
        return (answer, out)
    }

    /// Edits of each kind per build in a round: a session sees runs of edits (a window being
    /// dragged); the first after a build runs in caches the build has just churned.
    static let editsPerBuild = 4

    static func measure(_ c: LayoutCase, budget: TimingBudget, failures: Failures) {
        let context = "\(c.shape.rawValue) \(c.viewCount) edit"
        guard let layout = live(c, failures: failures, context: context) else { return }
        // Correctness first: each change gives the expected frames, each undo the document's.
        let steps: [(String, [UInt8], [ExpectedFrame])] = [
            ("update", c.updateBodies.change, c.expectedAfterUpdate),
            ("update undo", c.updateBodies.restore, c.expected),
            ("setFrame", c.setFrameBodies.change, c.expectedAfterSetFrame),
            ("setFrame undo", c.setFrameBodies.restore, c.expected),
        ]
        for (name, body, expected) in steps {
            guard let r = edit(layout, body, phases: nil, failures: failures, context: "\(context) \(name)") else { return }
            LayoutChecks.check(r.answer, bytes: r.bytes, of: c, expected: expected, context: name, into: failures)
        }

        var updateToggle = false, frameToggle = false
        let updatePhases = PhaseLog(["decode", "apply", "encode"])
        let framePhases = PhaseLog(["decode", "apply", "encode"])
        let t = LayoutTiming.measure(budget, [
            { LayoutEndToEnd.run(c.bytes, phases: nil, failures: failures, context: "\(context) build")?.bytes.count ?? 0 },
            {
                updateToggle.toggle()
                let body = updateToggle ? c.updateBodies.change : c.updateBodies.restore
                return edit(layout, body, phases: updatePhases, failures: failures, context: "\(context) update")?.bytes.count ?? 0
            },
            {
                frameToggle.toggle()
                let body = frameToggle ? c.setFrameBodies.change : c.setFrameBodies.restore
                return edit(layout, body, phases: framePhases, failures: failures, context: "\(context) setFrame")?.bytes.count ?? 0
            },
        ], repeats: [1, editsPerBuild, editsPerBuild])
        // Back to the document's state: the live layout must now agree with a fresh build, frame for frame.
        if updateToggle { _ = edit(layout, c.updateBodies.restore, phases: nil, failures: failures, context: "\(context) update") }
        var last: (answer: LayoutAnswer, bytes: [UInt8])?
        if frameToggle { last = edit(layout, c.setFrameBodies.restore, phases: nil, failures: failures, context: "\(context) setFrame") }
        let current = last?.answer ?? layout.answer()
        if let fresh = LayoutEndToEnd.run(c.bytes, phases: nil, failures: failures, context: "\(context) rebuild") {
            LayoutChecks.sameFrames(current, fresh.answer, context: "\(context) after \(t[1].rounds + t[2].rounds) edits", into: failures)
        }
        LayoutChecks.check(current, bytes: encodeLayoutAnswer(current, includeRevision: true), of: c, expected: c.expected,
                           context: "after the timed edits", into: failures)

        let build = t[0].medianMicros, update = t[1].medianMicros, setFrame = t[2].medianMicros
        let updateRatio = update / build, frameRatio = setFrame / build
        let verdict = updateRatio <= 0.01 && frameRatio <= 0.01 ? "ok" : "MISS"
        print("edit \(c.shape.rawValue) \(c.viewCount) update_us=" + format("%.1f", update) + " setframe_us=" + format("%.1f", setFrame)
              + " build_us=" + format("%.1f", build) + " update_ratio=" + format("%.4f", updateRatio)
              + " setframe_ratio=" + format("%.4f", frameRatio) + " (target <= 0.01) \(verdict) builds=\(t[0].rounds) edits=\(t[1].rounds)")
        // p90 rather than max: on a loaded machine the max is a preemption, not the edit.
        let p90 = { (r: TimingResult) in format("%.1f", r.percentileMicros(0.9)) }
        print("edit \(c.shape.rawValue) \(c.viewCount) p90_us update=\(p90(t[1])) setframe=\(p90(t[2])); "
              + "phases update: " + updatePhases.summary(lastRounds: t[1].rounds)
              + "; setframe: " + framePhases.summary(lastRounds: t[2].rounds))
        flushStandardOutput()
    }
}
