// The writer of the generated documents (`LayoutDocuments`): the JSON a client would send,
// through the Layout module's own JSONWriter, counting views and constraints as it goes.
import Layout

/// Writes one document: `{"direction":"ltr","views":[...],"constraints":[...]}`.
struct DocumentWriter {
    var w = JSONWriter(capacity: 1 << 16)
    var viewIDs: [String] = []
    var constraints = 0

    mutating func beginViews() {
        w.beginObject(); w.field("direction", "ltr"); w.key("views"); w.beginArray()
    }

    /// The window: a fixed frame and a safe area (status bar, home indicator).
    mutating func root() {
        viewIDs.append("root")
        w.beginObject(); w.field("id", "root"); w.key("frame"); w.rect(window)
        w.key("safeArea"); w.insets(top: safeTop, left: 0, bottom: 34, right: 0)
        w.endObject()
    }

    mutating func view(_ id: String, superview: String, _ fields: (inout JSONWriter) -> Void) {
        viewIDs.append(id)
        w.beginObject(); w.field("id", id); w.field("superview", superview)
        fields(&w)
        w.endObject()
    }

    mutating func beginConstraints() {
        w.endArray(); w.key("constraints"); w.beginArray()
    }

    mutating func expression(_ text: String) {
        constraints += 1
        w.string(text)
    }

    mutating func object(expr: String, _ fields: (inout JSONWriter) -> Void) {
        constraints += 1
        w.beginObject(); w.field("expr", expr); fields(&w); w.endObject()
    }

    mutating func object(view: String, attributes: [String], to: String, _ fields: (inout JSONWriter) -> Void) {
        constraints += 1
        w.beginObject(); w.field("view", view); attributeField(attributes); w.field("to", to); fields(&w); w.endObject()
    }

    mutating func object(view: String, attributes: [String], to: Double, _ fields: (inout JSONWriter) -> Void) {
        constraints += 1
        w.beginObject(); w.field("view", view); attributeField(attributes); w.field("to", to); fields(&w); w.endObject()
    }

    private mutating func attributeField(_ attributes: [String]) {
        if attributes.count == 1 { w.field("attributes", attributes[0]); return }
        w.key("attributes"); w.beginArray(); for a in attributes { w.string(a) }; w.endArray()
    }

    mutating func finish(_ shape: LayoutShape, expected: [ExpectedFrame], updateBodies: ([UInt8], [UInt8]),
                         expectedAfterUpdate: [ExpectedFrame], expectedAfterSetFrame: [ExpectedFrame]) -> LayoutCase {
        w.endArray(); w.endObject()
        return LayoutCase(shape: shape, bytes: w.bytes, viewIDs: viewIDs, constraintCount: constraints, expected: expected,
                          updateBodies: updateBodies, expectedAfterUpdate: expectedAfterUpdate,
                          setFrameBodies: (LayoutDocuments.setFrameBody(wideWindow), LayoutDocuments.setFrameBody(window)),
                          expectedAfterSetFrame: expectedAfterSetFrame)
    }
}

extension JSONWriter {
    mutating func rect(_ r: Rect) {
        beginObject(); field("x", r.x); field("y", r.y); field("width", r.width); field("height", r.height); endObject()
    }

    mutating func insets(top: Double, left: Double, bottom: Double, right: Double) {
        beginObject(); field("top", top); field("left", left); field("bottom", bottom); field("right", right); endObject()
    }

    /// A label: intrinsic size, content priorities and baselines, as a UILabel reports them.
    mutating func label(width: Double, height: Double, baseline: Double, verticalHugging: Double = 250,
                        horizontalCompression: Double = 750) {
        key("intrinsicSize"); beginObject(); field("width", width); field("height", height); endObject()
        key("hugging"); beginObject(); field("horizontal", 250.0); field("vertical", verticalHugging); endObject()
        key("compressionResistance"); beginObject()
        field("horizontal", horizontalCompression); field("vertical", 750.0)
        endObject()
        key("baselines"); beginObject(); field("first", baseline); field("last", height - baseline); endObject()
    }

    mutating func source(_ file: String, line: Int, column: Int? = nil) {
        key("source"); beginObject(); field("file", file); field("line", line)
        if let column { field("column", column) }
        endObject()
    }
}
