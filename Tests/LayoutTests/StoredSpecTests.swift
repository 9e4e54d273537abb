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
