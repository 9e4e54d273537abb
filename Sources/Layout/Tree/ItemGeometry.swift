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

/// Where an item is in a tree: the slot of its view, and which of the view's implicit
/// guides it is (nil: the view itself). A constraint's items are resolved to places once;
/// the geometry, the compiler's checks and the linearizer then work on places, and names
/// are looked up only for messages and records (`item(at:)`). A place holds no string, so
/// copying one retains nothing.
struct Place: Equatable {
    var slot: Int
    var guide: GuideName?
}

extension ViewTree {
    /// `item`'s place; nil if its view is not in the tree.
    @inline(__always) func place(of item: ItemRef) -> Place? {
        guard let s = slot(of: item) else { return nil }
        return Place(slot: s, guide: item.guide)
    }

    /// The item at `place`, named, with its slot as the hint.
    func item(at place: Place) -> ItemRef { ItemRef(view: storage[place.slot].id, guide: place.guide, slot: place.slot) }

    /// `card`, `card.safeAreaLayoutGuide`: the place as messages name it.
    func name(of place: Place) -> String { item(at: place).name }

    /// The place whose coordinate space `place`'s frame is given in: a guide's view, a view's
    /// superview (nil for a root). For a constraint with a constant target this is also the
    /// implicit second item (UIKit's superview / owningView).
    func parent(of place: Place) -> Place? {
        if place.guide != nil { return Place(slot: place.slot, guide: nil) }
        let parent = Int(storage[place.slot].parentSlot)
        return parent >= 0 ? Place(slot: parent, guide: nil) : nil
    }

    /// `parent(of:)` of an item, named.
    func parent(of item: ItemRef) -> ItemRef? {
        place(of: item).flatMap { parent(of: $0) }.map { self.item(at: $0) }
    }

    func depth(of place: Place) -> Int {
        place.guide == nil ? storage[place.slot].depth : storage[place.slot].depth + 1
    }

    func depth(of item: ItemRef) -> Int? { place(of: item).map { depth(of: $0) } }

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
    func width(of place: Place) -> (variable: Variable, constant: Double) {
        let node = storage[place.slot]
        switch place.guide {
        case nil: return (node.variables.width, 0)
        case .layoutMarginsGuide: return (node.variables.width, 0 - (node.margins.left + node.margins.right))
        case .safeAreaLayoutGuide: return (node.variables.width, 0 - (node.safeArea.left + node.safeArea.right))
        }
    }

    /// The closest common ancestor (a place counts as its own ancestor); nil when the two
    /// places lie in different trees.
    func commonAncestor(_ a: Place, _ b: Place) -> Place? {
        // The usual cases with one look at each place: the same view (or its guides), a
        // view and its superview, siblings. The walk below gives the same answers.
        if a.slot == b.slot { return a == b ? a : Place(slot: a.slot, guide: nil) }
        if a.guide == nil && b.guide == nil {
            let superA = Int(storage[a.slot].parentSlot), superB = Int(storage[b.slot].parentSlot)
            if superA == b.slot { return b }
            if superB == a.slot { return a }
            if superA >= 0 && superA == superB { return Place(slot: superA, guide: nil) }
        }
        var da = depth(of: a), db = depth(of: b)
        var a: Place? = a, b: Place? = b
        while da > db { a = a.flatMap { parent(of: $0) }; da -= 1 }
        while db > da { b = b.flatMap { parent(of: $0) }; db -= 1 }
        while let x = a, let y = b, x != y {
            a = parent(of: x)
            b = parent(of: y)
        }
        return a
    }

    /// `commonAncestor` of two items, named; nil also when one is not in the tree.
    func commonAncestor(_ a: ItemRef, _ b: ItemRef) -> ItemRef? {
        guard let pa = place(of: a), let pb = place(of: b) else { return nil }
        return commonAncestor(pa, pb).map { item(at: $0) }
    }

    /// Adds `factor` times the terms of `attribute` (physical: no leading/trailing) of the
    /// item at `place`, evaluated in the space of `space` (the place itself or one of its
    /// ancestors; sizes do not depend on the space), to `form`, in the order that value's
    /// own form lists them, and returns the value's constant unscaled (nil if `space` is not
    /// an ancestor), so that the caller combines constants exactly as the forms' own
    /// arithmetic would. One form, no intermediate ones: this is the hot path of every
    /// constraint's linearization.
    func accumulate(_ attribute: Attribute, of place: Place, in space: Place, times factor: Double,
                    into form: inout LinearForm) -> Double? {
        var slot = place.slot
        let axis = attribute.axis
        let term = storage.withUnsafeBufferPointer { attribute.inItemTerm(InItemGeometry($0, slot, guide: place.guide)) }
        if let v = term.variable { form.add(v, term.coefficient * factor) }
        var constant = term.constant
        guard axis != .size else { return constant }
        // Add the x (or y) of each box on the way up, as `box(of:)` gives it, without
        // building the whole box: a view's is its variable, a guide's a fixed inset.
        var guide = place.guide
        while slot != space.slot || guide != space.guide {
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

    /// Of the node at `slot`, read where it lies (a node passed whole would be copied out of the
    /// tree for every attribute).
    @inline(__always) init(_ nodes: UnsafeBufferPointer<ViewNode>, _ slot: Int, guide: GuideName?) {
        widthVariable = nodes[slot].variables.width
        heightVariable = nodes[slot].variables.height
        isGuideItem = guide != nil
        // The box of rare fields alone, read where the spec lies: the whole spec copied out
        // (to read them from the copy) retained and released every string and location in it.
        guard let rare = nodes[slot].stored.rare else {
            // Every default: a view's margins, no safe area, baselines at 0.
            let margins = StoredViewSpec.defaultMargins
            inset = guide == .layoutMarginsGuide ? margins : .zero
            self.margins = guide == nil ? margins : .zero
            firstBaseline = 0
            lastBaseline = 0
            return
        }
        switch guide {
        case nil: inset = .zero
        case .layoutMarginsGuide?: inset = rare.physicalMargins
        case .safeAreaLayoutGuide?: inset = rare.resolvedSafeArea
        }
        margins = guide == nil ? rare.physicalMargins : .zero
        let baselines = guide == nil && rare.kind != .guide
        firstBaseline = baselines ? rare.firstBaseline : 0
        lastBaseline = baselines ? rare.lastBaseline : 0
    }

    var width: InItemTerm {
        isGuideItem ? InItemTerm(widthVariable, constant: 0) - (inset.left + inset.right) : InItemTerm(widthVariable, constant: 0)
    }

    var height: InItemTerm {
        isGuideItem ? InItemTerm(heightVariable, constant: 0) - (inset.top + inset.bottom) : InItemTerm(heightVariable, constant: 0)
    }
}
