/// The answer in its wire form (CONTRACT section 2), written with the wire layer's
/// JSONWriter. `frames` is an object keyed by view id, in view order.
extension JSONWriter {
    /// The members of an answer, to be written inside an object the caller opened (a
    /// session answer adds `id` and `document` beside them). `revision` only for sessions.
    /// With `memo` (a session's), frame numbers that did not change since its last answer
    /// are copied rather than formatted.
    public mutating func answerMembers(_ answer: LayoutAnswer, includeRevision: Bool, memo: FrameTextMemo? = nil) {
        if includeRevision { field("revision", answer.revision) }
        key("frames")
        beginObject()
        if let memo {
            memo.withSlots(frames: answer.frames.count) { frameMembers(answer.frames, memo: $0) }
        } else {
            frameMembers(answer.frames)
        }
        endObject()
        key("diagnostics")
        beginArray()
        for d in answer.diagnostics { diagnostic(d) }
        endArray()
        key("stats")
        beginObject()
        field("views", answer.stats.views)
        field("constraints", answer.stats.constraints)
        field("solveMicros", answer.stats.solveMicros)
        endObject()
    }

    public mutating func diagnostic(_ d: Diagnostic) {
        beginObject()
        field("severity", d.severity.rawValue)
        field("code", d.code)
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
    var writer = JSONWriter(capacity: 256 + 80 * answer.frames.count)
    writer.beginObject()
    writer.answerMembers(answer, includeRevision: includeRevision)
    writer.endObject()
    return writer.bytes
}

/// A session answer: `id`, the answer with its revision, and (for GET) the document as it
/// now stands.
public func encodeSessionAnswer(_ answer: LayoutAnswer, id: String, document: LayoutDocument? = nil,
                                memo: FrameTextMemo? = nil) -> [UInt8] {
    var writer = JSONWriter(capacity: 256 + 80 * answer.frames.count + (document == nil ? 0 : 96 * answer.frames.count))
    writer.beginObject()
    writer.field("id", id)
    writer.answerMembers(answer, includeRevision: true, memo: memo)
    if let document {
        writer.key("document")
        writer.document(direction: document.direction, views: document.views, constraints: document.constraints)
    }
    writer.endObject()
    return writer.bytes
}
