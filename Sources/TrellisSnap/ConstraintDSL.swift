// `view.snp` and `guide.snp` (docs/semantics.md §1.3): the lifecycle entry points, labels, and
// attribute items to relate to (`make.top.equalTo(other.snp.bottom)`).

/// An item and attributes to relate to (`other.snp.bottom`, `guide.snp.edges`).
public final class ConstraintItem: ConstraintRelatableTarget {
    /// Weak, as SnapKit's: an item never keeps its view alive.
    weak var target: LayoutConstraintItem?
    let attributes: ConstraintAttributes

    init(target: LayoutConstraintItem?, attributes: ConstraintAttributes) {
        self.target = target
        self.attributes = attributes
    }
}

extension TrellisView: ConstraintRelatableTarget {}
extension TrellisLayoutGuide: ConstraintRelatableTarget {}

public typealias ConstraintView = TrellisView
public typealias ConstraintLayoutGuide = TrellisLayoutGuide

public protocol ConstraintDSL {
    var target: AnyObject? { get }
}

extension ConstraintDSL {
    /// The name SnapKit prints for the view in descriptions (kept on the item).
    public func setLabel(_ value: String?) { (target as? LayoutConstraintItem)?.snpLabel = value }
    public func label() -> String? { (target as? LayoutConstraintItem)?.snpLabel }

    fileprivate func item(_ attributes: ConstraintAttributes) -> ConstraintItem {
        ConstraintItem(target: target as? LayoutConstraintItem, attributes: attributes)
    }
}

public protocol ConstraintBasicAttributesDSL: ConstraintDSL {}

extension ConstraintBasicAttributesDSL {
    public var left: ConstraintItem { item(.left) }
    public var top: ConstraintItem { item(.top) }
    public var right: ConstraintItem { item(.right) }
    public var bottom: ConstraintItem { item(.bottom) }
    public var leading: ConstraintItem { item(.leading) }
    public var trailing: ConstraintItem { item(.trailing) }
    public var width: ConstraintItem { item(.width) }
    public var height: ConstraintItem { item(.height) }
    public var centerX: ConstraintItem { item(.centerX) }
    public var centerY: ConstraintItem { item(.centerY) }
    public var edges: ConstraintItem { item(.edges) }
    public var directionalEdges: ConstraintItem { item(.directionalEdges) }
    public var horizontalEdges: ConstraintItem { item(.horizontalEdges) }
    public var verticalEdges: ConstraintItem { item(.verticalEdges) }
    public var directionalHorizontalEdges: ConstraintItem { item(.directionalHorizontalEdges) }
    public var directionalVerticalEdges: ConstraintItem { item(.directionalVerticalEdges) }
    public var size: ConstraintItem { item(.size) }
    public var center: ConstraintItem { item(.center) }
}

public protocol ConstraintAttributesDSL: ConstraintBasicAttributesDSL {}

extension ConstraintAttributesDSL {
    @available(*, deprecated, renamed: "lastBaseline")
    public var baseline: ConstraintItem { item(.lastBaseline) }
    public var lastBaseline: ConstraintItem { item(.lastBaseline) }
    public var firstBaseline: ConstraintItem { item(.firstBaseline) }
    public var leftMargin: ConstraintItem { item(.leftMargin) }
    public var topMargin: ConstraintItem { item(.topMargin) }
    public var rightMargin: ConstraintItem { item(.rightMargin) }
    public var bottomMargin: ConstraintItem { item(.bottomMargin) }
    public var leadingMargin: ConstraintItem { item(.leadingMargin) }
    public var trailingMargin: ConstraintItem { item(.trailingMargin) }
    public var centerXWithinMargins: ConstraintItem { item(.centerXWithinMargins) }
    public var centerYWithinMargins: ConstraintItem { item(.centerYWithinMargins) }
    public var margins: ConstraintItem { item(.margins) }
    public var directionalMargins: ConstraintItem { item(.directionalMargins) }
    public var centerWithinMargins: ConstraintItem { item(.centerWithinMargins) }
}

/// The lifecycle entry points `view.snp` and `guide.snp` share, on the item they stand for.
public protocol ConstraintLifecycleDSL: ConstraintAttributesDSL {
    var constrained: LayoutConstraintItem { get }
}

extension ConstraintLifecycleDSL {
    @discardableResult
    public func prepareConstraints(_ closure: (_ make: ConstraintMaker) -> Void) -> [Constraint] {
        ConstraintMaker.prepareConstraints(item: constrained, closure: closure)
    }

    public func makeConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        ConstraintMaker.makeConstraints(item: constrained, closure: closure)
    }

    public func remakeConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        ConstraintMaker.remakeConstraints(item: constrained, closure: closure)
    }

    public func updateConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        ConstraintMaker.updateConstraints(item: constrained, closure: closure)
    }

    public func removeConstraints() {
        ConstraintMaker.removeConstraints(item: constrained)
    }
}

/// `view.snp`.
public struct ConstraintViewDSL: ConstraintLifecycleDSL {
    let view: TrellisView

    public var target: AnyObject? { view }

    public var constrained: LayoutConstraintItem { view }

    // SnapKit's Float forms of the view's content priorities.
    public var contentHuggingHorizontalPriority: Float {
        get { view.contentHuggingPriority(for: .horizontal).rawValue }
        nonmutating set { view.setContentHuggingPriority(TrellisLayoutPriority(newValue), for: .horizontal) }
    }

    public var contentHuggingVerticalPriority: Float {
        get { view.contentHuggingPriority(for: .vertical).rawValue }
        nonmutating set { view.setContentHuggingPriority(TrellisLayoutPriority(newValue), for: .vertical) }
    }

    public var contentCompressionResistanceHorizontalPriority: Float {
        get { view.contentCompressionResistancePriority(for: .horizontal).rawValue }
        nonmutating set { view.setContentCompressionResistancePriority(TrellisLayoutPriority(newValue), for: .horizontal) }
    }

    public var contentCompressionResistanceVerticalPriority: Float {
        get { view.contentCompressionResistancePriority(for: .vertical).rawValue }
        nonmutating set { view.setContentCompressionResistancePriority(TrellisLayoutPriority(newValue), for: .vertical) }
    }
}

/// `guide.snp`: a guide can be a from item too; its superview is its owning view.
public struct ConstraintLayoutGuideDSL: ConstraintLifecycleDSL {
    let guide: TrellisLayoutGuide

    public var target: AnyObject? { guide }

    public var constrained: LayoutConstraintItem { guide }
}
