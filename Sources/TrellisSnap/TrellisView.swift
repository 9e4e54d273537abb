import Foundation

/// A view in a tree laid out by Trellis: what SnapKit code constrains in place of `UIView`.
/// A view made with a `frame` keeps it fixed (translatesAutoresizingMaskIntoConstraints),
/// until `snp` makes constraints for it, as UIKit does; `layout()` on the top view fills
/// every `frame` (in the superview's coordinates, like `UIView.frame`).
open class TrellisView: LayoutConstraintItem {
    /// UIKit's marker for "no intrinsic size on this axis".
    public static let noIntrinsicMetric: CGFloat = -1

    public private(set) weak var superview: TrellisView?
    public private(set) var subviews: [TrellisView] = []
    /// Guides added with `addLayoutGuide(_:)`.
    public private(set) var layoutGuides: [TrellisLayoutGuide] = []

    /// In the superview's coordinates. Given, it is fixed while
    /// `translatesAutoresizingMaskIntoConstraints` is true; `layout()` fills it otherwise.
    public var frame: CGRect
    public var translatesAutoresizingMaskIntoConstraints: Bool
    /// Like UIView's: `noIntrinsicMetric` on an axis without one (the default).
    open var intrinsicContentSize = CGSize(width: TrellisView.noIntrinsicMetric, height: TrellisView.noIntrinsicMetric)
    var hugging = (horizontal: TrellisLayoutPriority.defaultLow, vertical: TrellisLayoutPriority.defaultLow)
    var compression = (horizontal: TrellisLayoutPriority.defaultHigh, vertical: TrellisLayoutPriority.defaultHigh)
    /// Either kind of margins, as last set (the document takes both forms).
    var margins = Margins.physical(TrellisEdgeInsets(all: 8))
    /// The insets of `safeAreaLayoutGuide` (in UIKit the window sets them; here the caller).
    public var safeAreaInsets = TrellisEdgeInsets.zero
    /// Baselines of a text view: first from the top, last from the bottom (nil: the edge).
    public var firstBaselineOffsetFromTop: CGFloat?
    public var lastBaselineOffsetFromBottom: CGFloat?
    /// Read on the top view: which way leading and trailing run in the whole tree.
    public var layoutDirection = TrellisLayoutDirection.leftToRight

    enum Margins: Equatable {
        case physical(TrellisEdgeInsets)
        case directional(TrellisDirectionalEdgeInsets)
    }

    private var safeAreaGuide: TrellisLayoutGuide?
    private var marginsGuide: TrellisLayoutGuide?

    /// - Parameters:
    ///   - id: the document id, `[A-Za-z_][A-Za-z0-9_]*` and not a reserved word (checked by
    ///     `layout()`); nil: `v1`, `v2`, ...
    ///   - frame: a fixed frame (translatesAutoresizingMaskIntoConstraints); nil: none.
    public init(id: String? = nil, frame: CGRect? = nil) {
        self.frame = frame ?? .zero
        translatesAutoresizingMaskIntoConstraints = frame != nil
        super.init(itemID: id ?? "v\(Serial.views.next())")
    }

    /// UIKit's convenience: `TrellisView(frame: rect)` with an automatic id.
    public convenience init(frame: CGRect) { self.init(id: nil, frame: frame) }

    public var snp: ConstraintViewDSL { ConstraintViewDSL(view: self) }

    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    // MARK: tree

    /// Adds `view` last; a view with another superview leaves it first (as in UIKit, which
    /// also removes its constraints that cross the old tree). Adding an ancestor or the view
    /// itself is refused and reported by `layout()`.
    public func addSubview(_ view: TrellisView) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: TrellisView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            record("superview-cycle", "cannot add \(view.id) to \(id): a view cannot contain itself or an ancestor",
                   source: nil)
            return
        }
        if view.superview === self, let k = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: k)
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
    }

    /// Leaves the superview. Constraints relating this subtree to views outside it are
    /// deactivated, as UIKit removes them.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let inside = Set(subtreeItems().compactMap { $0.hostView.map(ObjectIdentifier.init) })
        for item in parent.root.subtreeItems() {
            for constraint in item.installed where constraint.crosses(inside) { constraint.deactivate() }
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    public func isDescendant(of view: TrellisView) -> Bool {
        var node: TrellisView? = self
        while let n = node {
            if n === view { return true }
            node = n.superview
        }
        return false
    }

    /// The top of the tree: the view `layout()` lays out.
    var root: TrellisView {
        var node = self
        while let parent = node.superview { node = parent }
        return node
    }

    /// Every view and guide of the subtree in document order: a view, its guides (added
    /// and implicit ones in use), then its subviews.
    func subtreeItems() -> [LayoutConstraintItem] {
        var items: [LayoutConstraintItem] = [self]
        items += layoutGuides
        if let safeAreaGuide { items.append(safeAreaGuide) }
        if let marginsGuide { items.append(marginsGuide) }
        for view in subviews { items += view.subtreeItems() }
        return items
    }

    public func addLayoutGuide(_ guide: TrellisLayoutGuide) {
        if let owner = guide.owningView { owner.removeLayoutGuide(guide) }
        layoutGuides.append(guide)
        guide.owningView = self
    }

    public func removeLayoutGuide(_ guide: TrellisLayoutGuide) {
        guard layoutGuides.contains(where: { $0 === guide }) else { return }
        for item in root.subtreeItems() {
            for constraint in item.installed where constraint.mentions(guide) { constraint.deactivate() }
        }
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The view's bounds inset by `safeAreaInsets`, as a guide constraints can use.
    public var safeAreaLayoutGuide: TrellisLayoutGuide {
        if let safeAreaGuide { return safeAreaGuide }
        let guide = TrellisLayoutGuide(implicit: .safeArea, of: self)
        safeAreaGuide = guide
        return guide
    }

    /// The view's bounds inset by its layout margins, as a guide constraints can use.
    public var layoutMarginsGuide: TrellisLayoutGuide {
        if let marginsGuide { return marginsGuide }
        let guide = TrellisLayoutGuide(implicit: .margins, of: self)
        marginsGuide = guide
        return guide
    }

    override var parentView: TrellisView? { superview }
    override var hostView: TrellisView? { self }
    override func prepareForConstraints() { translatesAutoresizingMaskIntoConstraints = false }

    // MARK: content priorities and margins

    public func contentHuggingPriority(for axis: TrellisLayoutAxis) -> TrellisLayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    public func setContentHuggingPriority(_ priority: TrellisLayoutPriority, for axis: TrellisLayoutAxis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
    }

    public func contentCompressionResistancePriority(for axis: TrellisLayoutAxis) -> TrellisLayoutPriority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: TrellisLayoutPriority, for axis: TrellisLayoutAxis) {
        if axis == .horizontal { compression.horizontal = priority } else { compression.vertical = priority }
    }

    /// Nothing to do: `intrinsicContentSize` is read at every `layout()`.
    open func invalidateIntrinsicContentSize() {}

    /// 8 on every side by default; setting these replaces `directionalLayoutMargins`.
    public var layoutMargins: TrellisEdgeInsets {
        get {
            switch margins {
            case .physical(let m): return m
            case .directional(let d):
                let rtl = root.layoutDirection == .rightToLeft
                return TrellisEdgeInsets(top: d.top, left: rtl ? d.trailing : d.leading,
                                         bottom: d.bottom, right: rtl ? d.leading : d.trailing)
            }
        }
        set { margins = .physical(newValue) }
    }

    /// The margins by leading and trailing; setting these replaces `layoutMargins`.
    public var directionalLayoutMargins: TrellisDirectionalEdgeInsets {
        get {
            switch margins {
            case .directional(let d): return d
            case .physical(let m):
                let rtl = root.layoutDirection == .rightToLeft
                return TrellisDirectionalEdgeInsets(top: m.top, leading: rtl ? m.right : m.left,
                                                    bottom: m.bottom, trailing: rtl ? m.left : m.right)
            }
        }
        set { margins = .directional(newValue) }
    }

    /// The implicit guides' rectangles, from the view's frame just laid out.
    func updateImplicitGuideFrames() {
        let size = frame.size
        func inset(_ i: TrellisEdgeInsets) -> CGRect {
            CGRect(x: i.left, y: i.top, width: size.width - i.left - i.right, height: size.height - i.top - i.bottom)
        }
        safeAreaGuide?.layoutFrame = inset(safeAreaInsets)
        marginsGuide?.layoutFrame = inset(layoutMargins)
    }
}
