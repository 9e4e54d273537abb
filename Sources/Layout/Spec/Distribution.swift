/// A `distribute` entry (docs/api.md §2, Masonry's `mas_distributeViewsAlongAxis:`): views
/// laid out along an axis in their closest common superview, with a fixed spacing or a fixed
/// length. Immutable and shared: a spec carries it by reference (most specs have none).
public final class Distribution: Equatable, Sendable {
    public enum Axis: String, Sendable { case horizontal, vertical }
    public enum Fixed: Equatable, Sendable {
        /// `withFixedSpacing:`
        case spacing(Double)
        /// `withFixedItemLength:`
        case itemLength(Double)
    }

    public let views: [ItemRef]
    public let axis: Axis
    public let fixed: Fixed
    public let leadSpacing: Double
    public let tailSpacing: Double

    public init(views: [ItemRef], axis: Axis, fixed: Fixed, leadSpacing: Double = 0, tailSpacing: Double = 0) {
        self.views = views; self.axis = axis; self.fixed = fixed
        self.leadSpacing = leadSpacing; self.tailSpacing = tailSpacing
    }

    public static func == (a: Distribution, b: Distribution) -> Bool {
        a.views == b.views && a.axis == b.axis && a.fixed == b.fixed && a.leadSpacing == b.leadSpacing
            && a.tailSpacing == b.tailSpacing
    }
}
