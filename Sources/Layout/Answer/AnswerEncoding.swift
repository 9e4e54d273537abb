/// The answer in its wire form (docs/api.md §3), written with the wire layer's
/// JSONWriter. `frames` is an object keyed by view id, in view order.
extension JSONWriter {
    /// The members of an answer, to be written inside an object the caller opened (a
    /// session answer adds `id` and `document` beside them). `revision` only for sessions.
    /// With `memo` (a session's), frame numbers that did not change since its last answer
    /// are copied rather than formatted.
    public mutating func answerMembers(_ answer: LayoutAnswer, includeRevision: Bool, memo: FrameTextMemo? = nil) {
        answerMembers(revision: includeRevision ? answer.revision : nil, frames: answer.frames,
                      diagnostics: answer.diagnostics, stats: answer.stats, memo: memo)
    }

    /// The members of an answer from its parts (`frames` read where they are, see
    /// `FrameList`); `more` is a diagnostic listed after `diagnostics`.
    mutating func answerMembers<Frames: FrameList>(revision: Int?, frames: Frames, diagnostics: [Diagnostic],
                                                   more: Diagnostic? = nil, stats: LayoutStats, memo: FrameTextMemo?) {
        if let revision { field("revision", revision) }
        key("frames")
        beginObject()
        if let memo {
            memo.withSlots(frames: frames.count, ids: frames.sharedIDs) { frameMembers(frames, memo: $0) }
        } else {
            frameMembers(frames)
        }
        endObject()
        key("diagnostics")
        beginArray()
        for d in diagnostics { diagnostic(d) }
        if let more { diagnostic(more) }
        endArray()
        key("stats")
        beginObject()
        field("views", stats.views)
        field("constraints", stats.constraints)
        field("solveMicros", stats.solveMicros)
        endObject()
    }

    public mutating func diagnostic(_ d: Diagnostic) {
        beginObject()
        field("severity", d.severity.rawValue)
        field("code", d.code.rawValue)
        field("message", d.message)
        if !d.constraints.isEmpty {
            key("constraints")
            beginArray()
            for c in d.constraints { constraintReference(c) }
            endArray()
        }
        if !d.broken.isEmpty {
            key("broken")
            beginArray()
            for c in d.broken {
                beginObject(); field("id", c.id); field("attribute", c.attribute); endObject()
            }
            endArray()
        }
        if !d.views.isEmpty {
            key("views")
            beginObject()
            for v in d.views {
                key(v.id)
                beginArray(); for a in v.attributes { string(a) }; endArray()
            }
            endObject()
        }
        if let explanation = d.explanation { field("explanation", explanation) }
        if !d.suggestions.isEmpty {
            key("suggestions")
            beginArray(); for s in d.suggestions { string(s) }; endArray()
        }
        endObject()
    }

    public mutating func constraintReference(_ c: ConstraintReference) {
        beginObject()
        field("id", c.id)
        field("attribute", c.attribute)
        field("label", c.label)
        field("description", c.description)
        key("source"); if let s = c.source { source(s) } else { null() }
        key("location"); if let l = c.location { location(l) } else { null() }
        endObject()
    }
}

/// A whole answer as JSON bytes (`POST /v1/layouts` omits the revision).
public func encodeLayoutAnswer(_ answer: LayoutAnswer, includeRevision: Bool) -> [UInt8] {
    var writer = JSONWriter(capacity: JSONWriter.answerCapacity(frames: answer.frames.count))
    writer.beginObject()
    writer.answerMembers(answer, includeRevision: includeRevision)
    writer.endObject()
    return writer.bytes
}

/// A session answer: `id`, the answer with its revision, and (for GET) the document as it
/// now stands.
public func encodeSessionAnswer(_ answer: LayoutAnswer, id: String, document: LayoutDocument? = nil,
                                memo: FrameTextMemo? = nil) -> [UInt8] {
    var writer = JSONWriter(capacity: JSONWriter.answerCapacity(frames: answer.frames.count) + (document == nil ? 0 : 96 * answer.frames.count))
    writer.beginObject()
    writer.field("id", id)
    writer.answerMembers(answer, includeRevision: true, memo: memo)
    if let document {
        writer.key("document")
        writer.document(direction: document.direction, views: document.views, constraints: document.constraints,
                        metrics: document.metrics)
    }
    writer.endObject()
    return writer.bytes
}

/// A one-shot answer straight from a snapshot (a warm one-shot's: `WarmAnswer`), as
/// `encodeSessionAnswer(_:id:space:memo:)` writes a session's, without id and revision.
public func encodeLayoutAnswer(_ snapshot: AnswerSnapshot, space: FrameSpace, memo: FrameTextMemo?) -> [UInt8] {
    guard space == .superview else { return encodeLayoutAnswer(snapshot.answer(space: space), includeRevision: false) }
    let frames = snapshot.superviewFrames
    var writer = JSONWriter(capacity: JSONWriter.answerCapacity(frames: frames.count))
    writer.beginObject()
    writer.answerMembers(revision: nil, frames: frames, diagnostics: snapshot.diagnostics,
                         more: LiveLayout.negativeSizeDiagnostic(frames), stats: snapshot.stats, memo: memo)
    writer.endObject()
    return writer.bytes
}

/// A session answer straight from a snapshot (an edit's: see `AnswerSnapshot`): frames in
/// superview space are written from the solved values where they are, without an answer's
/// array of frames in between; `?space=root` goes through the answer.
public func encodeSessionAnswer(_ snapshot: AnswerSnapshot, id: String, space: FrameSpace, memo: FrameTextMemo?) -> [UInt8] {
    guard space == .superview else { return encodeSessionAnswer(snapshot.answer(space: space), id: id, memo: memo) }
    let frames = snapshot.superviewFrames
    var writer = JSONWriter(capacity: JSONWriter.answerCapacity(frames: frames.count))
    writer.beginObject()
    writer.field("id", id)
    writer.answerMembers(revision: snapshot.revision, frames: frames, diagnostics: snapshot.diagnostics,
                         more: LiveLayout.negativeSizeDiagnostic(frames), stats: snapshot.stats, memo: memo)
    writer.endObject()
    return writer.bytes
}

/// An edits answer under `?frames=changed` (docs/api.md §4.4): `frames` holds only the views
/// whose frame differs from `before` (the frames as the revision `since` had them) or that
/// are new; `removedViews` the views of `before` gone; `changedSince` is `since`. Without
/// `before` (an empty batch) no frame moved.
public func encodeChangedFramesAnswer(_ snapshot: AnswerSnapshot, id: String, space: FrameSpace, since: Int,
                                      before: FramesBefore?) -> [UInt8] {
    var removed: [String] = []
    var answer: LayoutAnswer
    if let old = before?.rects, space == .superview, case let now = snapshot.superviewFrames,
       now.count == old.count, now.order == old.order {
        // The same views in the same order (most batches): compared place by place, and only
        // the frames that moved made.
        var frames: [ViewFrame] = []
        for i in 0..<now.count where now.rect(i).cleaned != old.rect(i).cleaned {
            frames.append(ViewFrame(id: now.id(i), frame: now.rect(i).cleaned))
        }
        var diagnostics = snapshot.diagnostics
        if let negative = LiveLayout.negativeSizeDiagnostic(now) { diagnostics.append(negative) }
        answer = LayoutAnswer(revision: snapshot.revision, frames: frames, diagnostics: diagnostics, stats: snapshot.stats)
    } else {
        answer = snapshot.answer(space: space)
        if let before {
            let oldFrames = before.frames ?? before.rects.map { r in (0..<r.count).map { ViewFrame(id: r.id($0), frame: r.rect($0).cleaned) } } ?? []
            var old: [String: Rect] = [:]
            old.reserveCapacity(oldFrames.count)
            for f in oldFrames { old[f.id] = f.frame }
            let now = Set(answer.frames.map(\.id))
            removed = oldFrames.map(\.id).filter { !now.contains($0) }
            answer.frames = answer.frames.filter { old[$0.id] != $0.frame }
        } else {
            answer.frames = []
        }
    }
    var writer = JSONWriter(capacity: JSONWriter.answerCapacity(frames: answer.frames.count) + 64)
    writer.beginObject()
    writer.field("id", id)
    writer.answerMembers(answer, includeRevision: true)
    writer.field("changedSince", since)
    writer.key("removedViews")
    writer.beginArray()
    for view in removed { writer.string(view) }
    writer.endArray()
    writer.endObject()
    return writer.bytes
}
