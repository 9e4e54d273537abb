import Cassowary

/// Geometry of items (views, explicit guides, and the implicit
/// `layoutMarginsGuide` / `safeAreaLayoutGuide` of a view) as linear forms over the
/// solver variables.
///
/// Model (docs/semantics.md §9.6): every item has a box in its parent's coordinate space.
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
        guard let s = slot(of: item) else { return nil }
        if item.guide != nil { return ItemRef(view: item.view, slot: s) }
        return superviewItem(ofSlot: s)
    }

    func depth(of item: ItemRef) -> Int? {
        guard let s = slot(of: item) else { return nil }
        return item.guide == nil ? storage[s].depth : storage[s].depth + 1
    }

    func box(of item: ItemRef) -> ItemBox? {
        guard let s = slot(of: item) else { return nil }
        let node = storage[s]
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

    /// `box(of: item)?.width` as its one term and constant, without building the box: a
    /// view's width variable; a guide's, less the guide's insets.
    func width(of item: ItemRef) -> (variable: Variable, constant: Double)? {
        guard let s = slot(of: item) else { return nil }
        let node = storage[s]
        switch item.guide {
        case nil: return (node.variables.width, 0)
        case .layoutMarginsGuide: return (node.variables.width, 0 - (node.margins.left + node.margins.right))
        case .safeAreaLayoutGuide: return (node.variables.width, 0 - (node.safeArea.left + node.safeArea.right))
        }
    }

    /// The closest common ancestor (an item counts as its own ancestor); nil when the two
    /// items live in different trees.
    func commonAncestor(_ a: ItemRef, _ b: ItemRef) -> ItemRef? {
        // The usual cases with one look at each item: the same view (or its guides), a
        // view and its superview, siblings. The walk below gives the same answers.
        guard let slotA = slot(of: a), let slotB = slot(of: b) else { return nil }
        if slotA == slotB { return a == b ? a : ItemRef(view: a.view, slot: slotA) }
        if a.guide == nil && b.guide == nil {
            let superA = Int(storage[slotA].parentSlot), superB = Int(storage[slotB].parentSlot)
            if superA == slotB { return b }
            if superB == slotA { return a }
            if superA >= 0 && superA == superB { return ItemRef(view: storage[superA].id, slot: superA) }
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
        var form = LinearForm()
        guard let constant = accumulate(attribute, of: item, in: space, times: 1, into: &form) else { return nil }
        form.constant = constant
        return form
    }

    /// Adds `factor` times the terms of `value(of: attribute, of: item, in: space)` to
    /// `form`, in the order that value lists them, and returns the value's constant
    /// unscaled (nil if an item is missing), so that the caller combines constants exactly
    /// as the forms' own arithmetic would. One form, no intermediate ones: this is the hot
    /// path of every constraint's linearization.
    func accumulate(_ attribute: Attribute, of item: ItemRef, in space: ItemRef, times factor: Double,
                    into form: inout LinearForm) -> Double? {
        guard let spaceSlot = slot(of: space), var slot = slot(of: item) else { return nil }
        let axis = attribute.axis
        let term = storage.withUnsafeBufferPointer { attribute.inItemTerm(InItemGeometry($0, slot, guide: item.guide)) }
        if let v = term.variable { form.add(v, term.coefficient * factor) }
        var constant = term.constant
        guard axis != .size else { return constant }
        // Add the x (or y) of each box on the way up, as `box(of:)` gives it, without
        // building the whole box: a view's is its variable, a guide's a fixed inset.
        var guide = item.guide
        while slot != spaceSlot || guide != space.guide {
            switch guide {
            case nil:
                let parent = Int(storage[slot].parentSlot)
                guard parent >= 0 else { return nil }
                form.add(axis == .x ? storage[slot].variables.x : storage[slot].variables.y, factor)
                slot = parent
            case let g?:
                let inset = g == .layoutMarginsGuide ? storage[slot].margins : storage[slot].safeArea
                constant += axis == .x ? inset.left : inset.top
                guide = nil
            }
        }
        return constant
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

    /// The physical side a directional attribute stands for (docs/semantics.md §7.3): leading is the
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
    func inItemTerm(_ g: InItemGeometry) -> InItemTerm {
        let m = g.margins
        switch physical(.ltr) {
        case .left, .top: return .zero
        case .right, .width: return g.width
        case .bottom, .height: return g.height
        case .centerX: return g.width * 0.5
        case .centerY: return g.height * 0.5
        case .leftMargin: return InItemTerm(constant: m.left)
        case .topMargin: return InItemTerm(constant: m.top)
        case .rightMargin: return g.width - m.right
        case .bottomMargin: return g.height - m.bottom
        case .centerXWithinMargins: return g.width * 0.5 + (m.left - m.right) / 2
        case .centerYWithinMargins: return g.height * 0.5 + (m.top - m.bottom) / 2
        case .firstBaseline: return InItemTerm(constant: g.firstBaseline)
        case .lastBaseline: return g.height - g.lastBaseline
        case .leading, .trailing, .leadingMargin, .trailingMargin: return .zero // mapped above
        }
    }
}

/// `coefficient·variable + constant` with at most one variable (the item's width or
/// height): what an attribute measures inside one item. Its arithmetic is LinearForm's,
/// operation for operation, so the forms built from it are the same to the last bit.
struct InItemTerm {
    var variable: Variable?
    var coefficient: Double
    var constant: Double

    static let zero = InItemTerm(constant: 0)
    init(constant: Double) { variable = nil; coefficient = 0; self.constant = constant }
    init(_ variable: Variable, constant: Double) { self.variable = variable; coefficient = 1; self.constant = constant }
    private init(variable: Variable?, coefficient: Double, constant: Double) {
        self.variable = variable; self.coefficient = coefficient; self.constant = constant
    }

    static func * (a: InItemTerm, k: Double) -> InItemTerm {
        InItemTerm(variable: k != 0 ? a.variable : nil, coefficient: a.coefficient * k, constant: a.constant * k)
    }
    static func + (a: InItemTerm, k: Double) -> InItemTerm { var r = a; r.constant += k; return r }
    static func - (a: InItemTerm, k: Double) -> InItemTerm { var r = a; r.constant -= k; return r }
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

    /// Of the node at `slot`, read where it lies (a node passed whole was copied out of the
    /// tree for every attribute); only a spec with rare fields is copied, to read them.
    @inline(__always) init(_ nodes: UnsafeBufferPointer<ViewNode>, _ slot: Int, guide: GuideName?) {
        widthVariable = nodes[slot].variables.width
        heightVariable = nodes[slot].variables.height
        isGuideItem = guide != nil
        guard !nodes[slot].stored.plain else {
            // Every default: a view's margins, no safe area, baselines at 0.
            let margins = StoredViewSpec.defaultMargins
            inset = guide == .layoutMarginsGuide ? margins : .zero
            self.margins = guide == nil ? margins : .zero
            firstBaseline = 0
            lastBaseline = 0
            return
        }
        let stored = nodes[slot].stored
        switch guide {
        case nil: inset = .zero
        case .layoutMarginsGuide?: inset = stored.margins
        case .safeAreaLayoutGuide?: inset = stored.safeArea
        }
        margins = guide == nil ? stored.margins : .zero
        let baselines = guide == nil && !stored.isGuide
        firstBaseline = baselines ? stored.firstBaseline : 0
        lastBaseline = baselines ? stored.lastBaseline : 0
    }

    var width: InItemTerm {
        isGuideItem ? InItemTerm(widthVariable, constant: 0) - (inset.left + inset.right) : InItemTerm(widthVariable, constant: 0)
    }

    var height: InItemTerm {
        isGuideItem ? InItemTerm(heightVariable, constant: 0) - (inset.top + inset.bottom) : InItemTerm(heightVariable, constant: 0)
    }
}
