import Testing
@testable import Layout

/// The registry keeps specs compactly; the document export must get every form back
/// exactly as written.
@Suite struct StoredSpecTests {
    @Test func everyTargetAndModifierFormRoundTrips() {
        let location = RequestLocation(pointer: "/ops/2/constraints/7", line: 3, column: 9, exprColumn: 4)
        let insets = InsetsSpec.directional(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: -0.0))
        let targets: [ConstraintTarget] = [
            .item(.item(ItemRef(view: "card", guide: .safeAreaLayoutGuide)), AttributeSet(.top)),
            .item(.superview(guide: .layoutMarginsGuide), []),
            .item(.superview(guide: nil), AttributeSet([.left, .right])),
            .constant(.scalar(-0.0)), .constant(.size(width: 3, height: 4)), .constant(.point(x: 1, y: 2)),
            .constant(.insets(insets)),
        ]
        let modifiers: [ConstantModifier] = [.none, .offset(7.5), .inset(.scalar(2)), .inset(.insets(insets))]
        for target in targets {
            for modifier in modifiers {
                for (label, source) in [(nil, nil), ("half", SourceLocation(file: "A.swift", line: 4, column: 2))] {
                    var spec = ConstraintSpec(first: ItemRef(view: "v1"), attributes: AttributeSet([.width, .height]),
                                              target: target, location: location)
                    spec.id = "c3"
                    spec.relation = .lessThanOrEqual
                    spec.multiplier = 0.25
                    spec.modifier = modifier
                    spec.priority = 750
                    spec.label = label
                    spec.source = source
                    #expect(StoredSpec(spec).spec(id: "c3", first: ItemRef(view: "v1")) == spec)
                }
            }
        }
    }
}

/// The tree keeps view specs compactly; the document export must get them back exactly.
@Suite struct StoredViewSpecTests {
    @Test func defaultAndUnusualViewsRoundTrip() {
        let location = RequestLocation(pointer: "/views/3", line: 2, column: 5)
        var plain = ViewSpec(id: "a", location: location)
        plain.superview = "root"
        plain.intrinsicWidth = 60
        plain.intrinsicSizeLocation = RequestLocation(pointer: "/views/3/intrinsicSize", line: 2, column: 40)
        var framed = ViewSpec(id: "root", location: location)
        framed.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        framed.frameLocation = location
        var guide = plain
        guide.kind = .guide
        var unusual = plain
        unusual.margins = .directional(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        unusual.safeArea = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        unusual.hugging = AxisPriorities(horizontal: 251, vertical: 250)
        unusual.lastBaseline = 4
        var negativeZero = plain
        negativeZero.safeArea = EdgeInsets(top: -0.0, left: 0, bottom: 0, right: 0)
        for spec in [plain, framed, guide, unusual, negativeZero] {
            for direction in [LayoutDirection.ltr, .rtl] {
                let stored = StoredViewSpec(spec, direction: direction)
                #expect(stored.spec == spec)
                #expect(stored.spec.safeArea.top.sign == spec.safeArea.top.sign)
                #expect(stored.isGuide == (spec.kind == .guide))
                #expect(stored.margins == (spec.kind == .guide ? .zero : spec.margins.physical(direction)))
                #expect(stored.safeArea == (spec.kind == .guide ? .zero : spec.safeArea))
            }
        }
    }
}
