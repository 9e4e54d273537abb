import Layout
import Platform

// Warm one-shots (docs/api.md "Warm one-shots"): a document answered by a kept layout of its
// structure, its numbers changed in place (`WarmLayout`, `WarmLayouts`).
extension LayoutEngineService {
    /// The answer of a kept layout whose body differs from `body` in number tokens alone,
    /// without reading `body` (`WarmLayout.retarget(body:)`). A layout of more than
    /// `maxViews` views is put back untried (`.notTried`).
    func solveWarm(body: [UInt8], _ warm: WarmLayouts, space: FrameSpace, maxViews: Int, seconds: Double,
                           stop: @escaping @Sendable () -> Bool) -> ByNumbers {
        let start = MonotonicClock.now()
        // Layouts tried and not of this body, held out of the cache until the end (so that a
        // look-up does not find them again), then put back before the one that answered.
        var tried: [WarmLayout] = []
        defer { for layout in tried { warm.put(layout) } }
        func answer(_ kept: WarmLayout) -> ByNumbers {
            guard kept.viewCount <= maxViews else {
                warm.put(kept)
                return .notTried
            }
            switch kept.retarget(body: body, limits: limits, space: space, seconds: seconds, stop: stop) {
            case .answered(let answer)?:
                warm.count(.hit)
                let reply = ServiceReply.json(200, answer.encoded(), solveNanos: MonotonicClock.now() &- start)
                for layout in tried { warm.put(layout) }
                tried = []
                warm.put(kept)
                return .answered(reply)
            case .declined?:
                warm.count(.declined)
                warm.put(kept)
                return .declined
            case nil:
                tried.append(kept)
                return .notByNumbers
            }
        }
        // First the layout kept last: most often the screen this client sent last, found
        // without a pass over the body (the body itself is compared as it is answered). Then
        // those whose skeleton (the body but its numbers) hashes alike: bodies that differ in
        // a number that is not a constant (a priority) share it.
        if let newest = warm.takeNewest() {
            let outcome = answer(newest)
            if case .notByNumbers = outcome {} else { return outcome }
        }
        guard let scanned = body.withUnsafeBytes({ ScannedBody($0) }) else { return .notByNumbers }
        while tried.count < WarmLayouts.triesPerRequest, let kept = warm.take(skeletonHash: scanned.skeletonHash) {
            let outcome = answer(kept)
            if case .notByNumbers = outcome {} else { return outcome }
        }
        return .notByNumbers
    }

    /// The answer of a kept layout of `document`'s structure, its numbers changed in place;
    /// nil to solve it cold. The second sighting of a structure builds the layout to keep
    /// (in full, as a session's) and answers from it.
    func solveWarm(_ document: LayoutDocument, body: [UInt8], _ warm: WarmLayouts, space: FrameSpace, seconds: Double,
                           stop: @escaping @Sendable () -> Bool) -> [UInt8]? {
        let hash = document.structureHash
        if let kept = warm.take(document, hash: hash) {
            defer { warm.put(kept) }
            switch kept.retarget(to: document, body: body, space: space, seconds: seconds, stop: stop) {
            case .answered(let answer):
                warm.count(.hit)
                return answer.encoded()
            case .declined:
                warm.count(.declined)
                return nil
            }
        }
        // One too big to keep is not built (a build in full costs several times a lean one).
        guard warm.fits(WarmLayout.leastBytes(of: document, bodyBytes: body.count)), warm.shouldKeep(hash: hash),
              let made = WarmLayout.make(document: document, body: body, seconds: seconds, stop: stop) else {
            return nil
        }
        // Answered before it is put in the cache: from then on another request may take it.
        let answer = made.answer(space: space)
        // Diagnostics are left to the cold solve, as a warm answer leaves them (`retarget`);
        // such a layout is not kept: its next answers would most likely be left so too (an
        // ambiguous layout stays ambiguous whatever its numbers), and it would take the room.
        guard answer.diagnostics.isEmpty else { return nil }
        warm.put(made)
        return encodeLayoutAnswer(answer, includeRevision: false)
    }
}
