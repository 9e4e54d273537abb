/// The constraints a `distribute` entry makes, exactly as Masonry's `NSArray+MASAdditions.m`
/// makes them (docs/semantics.md §6.5): view by view in the listed order, each view's in the
/// order of its make block, with `left`/`right`/`width` (horizontal, under `rtl` too) or
/// `top`/`bottom`/`height` (vertical), in S, the views' closest common superview.
extension Distribution {
    /// The constraints as specs of their own, ids `ID.1`, `ID.2`, ... in Masonry's order, each
    /// located at the entry and carrying its priority, label, source and `active`.
    func members(of entry: ConstraintSpec, id: String, in tree: ViewTree) -> Result<[ConstraintSpec], LayoutError> {
        for view in views where !tree.contains(view) {
            return .failure(LayoutError(code: .unknownView, message: "view '\(view.view)' does not exist" + tree.viewHint(view.view),
                                        location: entry.location, source: entry.source))
        }
        guard let s = commonSuperview(in: tree) else {
            return .failure(LayoutError(code: .noCommonAncestor,
                                        message: "the views to distribute share no superview: "
                                            + views.map(\.view).joined(separator: ", ") + " are in different trees",
                                        location: entry.location, source: entry.source))
        }
        let horizontal = axis == .horizontal
        let lead: Attribute = horizontal ? .left : .top
        let tail: Attribute = horizontal ? .right : .bottom
        let length: Attribute = horizontal ? .width : .height
        let superview = s
        var out: [ConstraintSpec] = []
        func add(_ first: ItemRef, _ attribute: Attribute, to item: ItemRef?, _ second: Attribute, multiplier: Double = 1,
                 constant: Double) {
            var spec = ConstraintSpec(first: first, attributes: AttributeSet(attribute),
                                      target: item.map { .item(.item($0), AttributeSet(second)) } ?? .constant(.scalar(constant)),
                                      location: entry.location)
            if item != nil, constant != 0 { spec.modifier = .offset(constant) }
            spec.multiplier = multiplier
            spec.id = "\(id).\(out.count + 1)"
            spec.priority = entry.priority
            spec.label = entry.label
            spec.source = entry.source
            spec.active = entry.active
            out.append(spec)
        }
        let n = views.count
        for (i, v) in views.enumerated() {
            switch fixed {
            case .spacing(let spacing):
                if i == 0 {
                    add(v, lead, to: superview, lead, constant: leadSpacing)
                } else {
                    add(v, length, to: views[i - 1], length, constant: 0)
                    add(v, lead, to: views[i - 1], tail, constant: spacing)
                    if i == n - 1 { add(v, tail, to: superview, tail, constant: -tailSpacing) }
                }
            case .itemLength(let itemLength):
                add(v, length, to: nil, length, constant: itemLength)
                if i == 0 {
                    add(v, lead, to: superview, lead, constant: leadSpacing)
                } else if i == n - 1 {
                    add(v, tail, to: superview, tail, constant: -tailSpacing)
                } else {
                    // Masonry's multiplier form: S's far edge is S's length in S's own space.
                    let share = Double(i) / Double(n - 1)
                    let offset = (1 - share) * (itemLength + leadSpacing) - Double(i) * tailSpacing / Double(n - 1)
                    add(v, tail, to: superview, tail, multiplier: share, constant: offset)
                }
            }
        }
        return .success(out)
    }

    /// Masonry's `mas_commonSuperviewOfViews`: the closest common ancestor of all the views,
    /// a listed view counting as its own ancestor; nil when they are in different trees.
    func commonSuperview(in tree: ViewTree) -> ItemRef? {
        func chain(_ item: ItemRef) -> [ItemRef] {
            var out: [ItemRef] = [], next: ItemRef? = ItemRef(view: item.view, slot: tree.slot(of: item) ?? -1)
            while let v = next, out.count <= tree.count { out.append(v); next = tree.superviewItem(of: v) }
            return out
        }
        guard let first = views.first else { return nil }
        var common = chain(first)
        for v in views.dropFirst() {
            let ancestors = Set(chain(v).map(\.view))
            guard let p = common.firstIndex(where: { ancestors.contains($0.view) }) else { return nil }
            common.removeFirst(p)
        }
        return common.first
    }
}
