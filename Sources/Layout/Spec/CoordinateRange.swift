/// How far from zero coordinates and constants may go (frames, sizes, margins, insets,
/// offsets, constant targets): within it, double precision keeps every answer exact to far
/// below a point however long a session edits in place. Beyond it a request is refused
/// with `out-of-range` (docs/sessions.md, "Numbers").
public enum CoordinateRange {
    /// The largest magnitude accepted: 1e7 points by default (a thousand screens).
    /// Set once at start-up (`trellis serve --max-coordinate`), before any request is read.
    nonisolated(unsafe) public static var limit = 1e7

    static func contains(_ value: Double) -> Bool { abs(value) <= limit }

    static func message(_ value: Double) -> String {
        "\(value) is out of range: coordinates and constants must be within \(NumberFormat.string(limit)) of zero"
    }
}
