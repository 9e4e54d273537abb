import Cassowary

/// Geometry of items (views, explicit guides, and the implicit
/// `layoutMarginsGuide` / `safeAreaLayoutGuide` of a view) as linear forms over the
/// solver variables.
///
/// Model (SEMANTICS 9.6 [rec]): every item has a box in its parent's coordinate space.
/// A view's parent is its superview; an implicit guide's parent is its view (guides
/// behave like children of their owning view). An attribute of item I evaluated in the
/// space of an ancestor A is the sum of the x (or y) offsets along the path from A down
/// to I, plus the in-item term (0, w, w/2, margins, baselines).

/// An item's frame in its parent's space, plus what its attributes need besides the frame.
struct ItemBox {
    var x, y, width, height: LinearForm
    var margins: EdgeInsets
    /// Distance of the first baseline from the top, of the last from the bottom.
    var firstBaseline, lastBaseline: Double
}

extension ViewTree {
    /// The item whose coordinate space `item`'s frame is given in; for a constraint with a
    /// constant target this is also the implicit second item (UIKit's superview / owningView).
    func parent(of item: ItemRef) -> ItemRef? {
        guard let s = slots[item.view] else { return nil }
        if item.guide != nil { return ItemRef(view: item.view) }
        guard let superview = storage[s].superview else { return nil }
        return ItemRef(view: superview)
    }

    func depth(of item: ItemRef) -> Int? {
        guard let s = slots[item.view] else { return nil }
        return item.guide == nil ? storage[s].depth : storage[s].depth + 1
    }

    func box(of item: ItemRef) -> ItemBox? {
        guard let node = self[item.view] else { return nil }
        let v = node.variables
        let inset: EdgeInsets
        switch item.guide {
        case nil:
            return ItemBox(x: LinearForm(v.x), y: LinearForm(v.y),
                           width: LinearForm(v.width), height: LinearForm(v.height),
                           margins: node.margins,
                           firstBaseline: node.isGuide ? 0 : node.stored.firstBaseline,
                           lastBaseline: node.isGuide ? 0 : node.stored.lastBaseline)
        case .layoutMarginsGuide: inset = node.margins
        case .safeAreaLayoutGuide: inset = node.safeArea
        }
        // The guide is the view's bounds inset: fixed offsets, sizes follow the view.
        return ItemBox(x: LinearForm(constant: inset.left), y: LinearForm(constant: inset.top),
                       width: LinearForm(v.width) - (inset.left + inset.right),
                       height: LinearForm(v.height) - (inset.top + inset.bottom),
                       margins: .zero, firstBaseline: 0, lastBaseline: 0)
    }

    /// The closest common ancestor (an item counts as its own ancestor); nil when the two
    /// items live in different trees.
    func commonAncestor(_ a: ItemRef, _ b: ItemRef) -> ItemRef? {
        // The usual cases with one lookup per item: the same view (or its guides), a view
        // and its superview, siblings. The walk below gives the same answers.
        guard let slotA = slots[a.view], let slotB = slots[b.view] else { return nil }
        if a.view == b.view { return a == b ? a : ItemRef(view: a.view) }
        if a.guide == nil && b.guide == nil {
            let superA = storage[slotA].superview, superB = storage[slotB].superview
            if superA == b.view { return b }
            if superB == a.view { return a }
            if let sa = superA, sa == superB { return ItemRef(view: sa) }
        }
        return walkToCommonAncestor(a, b)
    }

    private func walkToCommonAncestor(_ a: ItemRef, _ b: ItemRef) -> ItemRef? {
        guard var da = depth(of: a), var db = depth(of: b) else { return nil }
        var a: ItemRef? = a, b: ItemRef? = b
        while da > db { a = a.flatMap(parent(of:)); da -= 1 }
        while db > da { b = b.flatMap(parent(of:)); db -= 1 }
        while let x = a, let y = b, x != y {
            a = parent(of: x)
            b = parent(of: y)
        }
        return a
    }

    /// `attribute` (physical: no leading/trailing) of `item`, in the space of `space`,
    /// which must be `item` itself or one of its ancestors. Sizes do not depend on the space.
    func value(of attribute: Attribute, of item: ItemRef, in space: ItemRef) -> LinearForm? {
        guard let itemSlot = slots[item.view] else { return nil }
        let axis = attribute.axis
        var form = attribute.inItemTerm(InItemGeometry(storage[itemSlot], guide: item.guide))
        guard axis != .size else { return form }
        // Add the x (or y) of each box on the way up, as `box(of:)` gives it, without
        // building the whole box: a view's is its variable, a guide's a fixed inset.
        var current = item
        while current != space {
            guard let s = slots[current.view] else { return nil }
            switch current.guide {
            case nil:
                guard let superview = storage[s].superview else { return nil }
                form.add(axis == .x ? storage[s].variables.x : storage[s].variables.y, 1)
                current = ItemRef(view: superview)
            case let guide?:
                let inset = guide == .layoutMarginsGuide ? storage[s].margins : storage[s].safeArea
                form.constant += axis == .x ? inset.left : inset.top
                current = ItemRef(view: current.view)
            }
        }
        return form
    }
}

extension Attribute {
    enum Axis { case x, y, size }

    var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .x
        case .top, .bottom, .centerY, .lastBaseline, .firstBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            return .y
        case .width, .height:
            return .size
        }
    }

    /// leading/trailing and their margin twins: the ones whose side depends on direction.
    var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: return true
        default: return false
        }
    }

    /// left/right and their margin twins: physical horizontal sides.
    var isPhysicalHorizontal: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: return true
        default: return false
        }
    }

    /// The physical side a directional attribute stands for (SEMANTICS 7.3): leading is the
    /// left edge in LTR and the right edge in RTL. Other attributes are already physical.
    func physical(_ direction: LayoutDirection) -> Attribute {
        let rtl = direction == .rtl
        switch self {
        case .leading: return rtl ? .right : .left
        case .trailing: return rtl ? .left : .right
        case .leadingMargin: return rtl ? .rightMargin : .leftMargin
        case .trailingMargin: return rtl ? .leftMargin : .rightMargin
        default: return self
        }
    }

    /// The attribute measured inside the item's own box, origin at the box's top-left.
    /// Directional attributes are read as LTR here; callers map them first.
    func inItemTerm(_ box: ItemBox) -> LinearForm {
        inItemTerm(width: box.width, height: box.height, margins: box.margins,
                   firstBaseline: box.firstBaseline, lastBaseline: box.lastBaseline)
    }

    /// The same, building only the width or height form the attribute needs.
    func inItemTerm(_ g: InItemGeometry) -> LinearForm {
        switch axis {
        case .x:
            return inItemTerm(width: g.width, height: LinearForm(), margins: g.margins, firstBaseline: 0, lastBaseline: 0)
        case .y:
            return inItemTerm(width: LinearForm(), height: g.height, margins: g.margins,
                              firstBaseline: g.firstBaseline, lastBaseline: g.lastBaseline)
        case .size:
            return self == .width ? g.width : g.height
        }
    }

    private func inItemTerm(width w: @autoclosure () -> LinearForm, height h: @autoclosure () -> LinearForm,
                            margins m: EdgeInsets, firstBaseline: Double, lastBaseline: Double) -> LinearForm {
        switch physical(.ltr) {
        case .left: return LinearForm()
        case .right: return w()
        case .centerX: return w() * 0.5
        case .leftMargin: return LinearForm(constant: m.left)
        case .rightMargin: return w() - m.right
        case .centerXWithinMargins: return w() * 0.5 + (m.left - m.right) / 2
        case .top: return LinearForm()
        case .bottom: return h()
        case .centerY: return h() * 0.5
        case .topMargin: return LinearForm(constant: m.top)
        case .bottomMargin: return h() - m.bottom
        case .centerYWithinMargins: return h() * 0.5 + (m.top - m.bottom) / 2
        case .firstBaseline: return LinearForm(constant: firstBaseline)
        case .lastBaseline: return h() - lastBaseline
        case .width: return w()
        case .height: return h()
        case .leading, .trailing, .leadingMargin, .trailingMargin: return LinearForm() // mapped above
        }
    }
}

/// What an attribute inside one item needs (see `ViewTree.box(of:)`), with the width and
/// height forms built only when asked for.
struct InItemGeometry {
    let widthVariable, heightVariable: Variable
    /// The guide's inset from the view's bounds; zero for the view itself.
    let inset: EdgeInsets
    let isGuideItem: Bool
    let margins: EdgeInsets
    let firstBaseline, lastBaseline: Double

    init(_ node: ViewNode, guide: GuideName?) {
        widthVariable = node.variables.width
        heightVariable = node.variables.height
        switch guide {
        case nil: inset = .zero
        case .layoutMarginsGuide?: inset = node.margins
        case .safeAreaLayoutGuide?: inset = node.safeArea
        }
        isGuideItem = guide != nil
        margins = guide == nil ? node.margins : .zero
        firstBaseline = guide == nil && !node.isGuide ? node.stored.firstBaseline : 0
        lastBaseline = guide == nil && !node.isGuide ? node.stored.lastBaseline : 0
    }

    var width: LinearForm {
        isGuideItem ? LinearForm(widthVariable) - (inset.left + inset.right) : LinearForm(widthVariable)
    }

    var height: LinearForm {
        isGuideItem ? LinearForm(heightVariable) - (inset.top + inset.bottom) : LinearForm(heightVariable)
    }
}
