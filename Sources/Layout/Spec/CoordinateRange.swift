/// How far from zero coordinates and constants may go (frames, sizes, margins, insets,
/// offsets, constant targets): within it, double precision keeps every answer exact to far
/// below a point however long a session edits in place. Beyond it a request is refused
/// with `out-of-range` (docs/sessions.md, "Numbers"). The bound is `LayoutLimits.maxCoordinate`.
enum CoordinateRange {
    static func contains(_ value: Double, within limit: Double) -> Bool { abs(value) <= limit }

    static func message(_ value: Double, limit: Double) -> String {
        "\(value) is out of range: coordinates and constants must be within \(NumberFormat.string(limit)) of zero"
    }
}
