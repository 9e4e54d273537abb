/// What one request may use: views, constraint entries, the magnitude of coordinates and
/// constants, and solving time (`trellis serve --max-*`). A value handed to every decode and
/// solve, never a global, so two servers in one process keep their own.
public struct LayoutLimits: Sendable, Equatable {
    /// Views per layout or session.
    public var maxViews: Int
    /// Entries of `constraints` per layout or session, before expansion.
    public var maxConstraints: Int
    /// The largest magnitude of a coordinate or constant (docs/sessions.md, "Numbers").
    public var maxCoordinate: Double
    /// Seconds one request may spend building or editing a layout; past it the request is
    /// refused with `too-complex` (422), changing nothing.
    public var solveSeconds: Double

    public init(maxViews: Int = 10_000, maxConstraints: Int = 50_000, maxCoordinate: Double = 1e7, solveSeconds: Double = 2) {
        self.maxViews = maxViews; self.maxConstraints = maxConstraints
        self.maxCoordinate = maxCoordinate; self.solveSeconds = solveSeconds
    }

    /// The defaults of `trellis serve`.
    public static let standard = LayoutLimits()
    /// No cap on counts (the standard coordinate range and budget): the default of a decode,
    /// whose caller checks counts itself.
    public static let uncounted = LayoutLimits(maxViews: .max, maxConstraints: .max)

    /// These limits without caps on counts: what a layout already accepted once is read
    /// again with (a session's replay, a checkpoint).
    public var uncounted: LayoutLimits {
        LayoutLimits(maxViews: .max, maxConstraints: .max, maxCoordinate: maxCoordinate, solveSeconds: solveSeconds)
    }
}

/// The solve budget's deadline and refusal.
enum SolveBudget {
    static func deadline(_ seconds: Double) -> ContinuousClock.Instant { .now + .milliseconds(Int64(seconds * 1000)) }

    static func error(_ seconds: Double) -> LayoutError {
        LayoutError(code: .tooComplex,
                    message: "solving this layout took longer than the \(NumberFormat.string(seconds)) s a request may "
                        + "(cycles of multipliers, or thousands of constraints at distinct priorities, can cost that); "
                        + "split the layout, or ask the operator for a longer --max-solve-seconds",
                    location: nil)
    }
}
