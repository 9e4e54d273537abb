/// How long one request may spend building or editing a layout (`--max-solve-seconds`):
/// past it the solver stops, and the request is refused with `too-complex` (422), changing
/// nothing, so that no document holds a thread for minutes.
public enum SolveBudget {
    /// Seconds per request; 2 by default. Set once at start-up, before any request is read.
    nonisolated(unsafe) public static var seconds = 2.0

    static func deadline(_ seconds: Double) -> ContinuousClock.Instant { .now + .milliseconds(Int64(seconds * 1000)) }

    static func error(_ seconds: Double) -> LayoutError {
        LayoutError(code: "too-complex",
                    message: "solving this layout took longer than the \(NumberFormat.string(seconds)) s a request may "
                        + "(cycles of multipliers, or thousands of constraints at distinct priorities, can cost that); "
                        + "split the layout, or ask the operator for a longer --max-solve-seconds",
                    location: nil)
    }
}
