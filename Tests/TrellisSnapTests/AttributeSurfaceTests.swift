import Foundation
import Testing
import TrellisSnap

/// Every attribute, composite, target kind, relation and constant of SnapKit's DSL, each
/// on a fresh tree: a 400 × 400 root with margins (top 10, left 20, bottom 30, right 40)
/// and a fixed sibling `other` at (100, 100, 50, 50) with the default margins of 8. Frames
/// are worked out by hand from docs/semantics.md; every case is laid out in process and over HTTP.
struct AttributeSurfaceTests {
    struct Case: Sendable {
        let name: String
        let expected: CGRect
        let make: @Sendable (ConstraintMaker, TrellisView, TrellisView) -> Void
    }

    static let cases: [Case] = [
        Case(name: "edges to a view", expected: rect(100, 100, 50, 50)) { make, _, other in
            make.edges.equalTo(other)
        },
        Case(name: "edges inset by insets", expected: rect(20, 10, 340, 360)) { make, _, _ in
            make.edges.equalToSuperview().inset(UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        },
        Case(name: "edges to constant insets", expected: rect(20, 10, 340, 360)) { make, _, _ in
            make.edges.equalTo(UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        },
        Case(name: "edges offset (no sign flip)", expected: rect(105, 105, 50, 50)) { make, _, other in
            make.edges.equalTo(other).offset(5)
        },
        Case(name: "horizontal and vertical edges", expected: rect(5, 100, 390, 50)) { make, _, other in
            make.horizontalEdges.equalToSuperview().inset(5)
            make.verticalEdges.equalTo(other)
        },
        Case(name: "directional edges, directional insets", expected: rect(2, 1, 394, 396)) { make, _, _ in
            make.directionalEdges.equalToSuperview().inset(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        },
        Case(name: "directional horizontal and vertical edges", expected: rect(100, 0, 50, 400)) { make, _, other in
            make.directionalHorizontalEdges.equalTo(other)
            make.directionalVerticalEdges.equalToSuperview()
        },
        Case(name: "size constant, center to a view", expected: rect(110, 105, 30, 40)) { make, _, other in
            make.size.equalTo(CGSize(width: 30, height: 40))
            make.center.equalTo(other)
        },
        Case(name: "center to a point (superview's left and top)", expected: rect(40, 50, 20, 20)) { make, _, _ in
            make.center.equalTo(CGPoint(x: 50, y: 60))
            make.size.equalTo(20)
        },
        Case(name: "margins to the superview's margins", expected: rect(12, 2, 356, 376)) { make, _, _ in
            make.margins.equalToSuperview()
        },
        Case(name: "edges to margins", expected: rect(20, 10, 340, 360)) { make, root, _ in
            make.edges.equalTo(root.snp.margins)
        },
        Case(name: "margins to edges", expected: rect(92, 92, 66, 66)) { make, _, other in
            make.margins.equalTo(other.snp.edges)
        },
        Case(name: "directional margins to directional edges", expected: rect(92, 92, 66, 66)) { make, _, other in
            make.directionalMargins.equalTo(other.snp.directionalEdges)
        },
        Case(name: "directional edges to directional margins", expected: rect(20, 10, 340, 360)) { make, root, _ in
            make.directionalEdges.equalTo(root.snp.directionalMargins)
        },
        Case(name: "center within margins", expected: rect(185, 185, 10, 10)) { make, root, _ in
            make.centerWithinMargins.equalTo(root.snp.centerWithinMargins)
            make.size.equalTo(10)
        },
        Case(name: "centerX/centerY within margins", expected: rect(185, 120, 10, 10)) { make, _, other in
            make.centerXWithinMargins.equalToSuperview()
            make.centerYWithinMargins.equalTo(other)
            make.width.height.equalTo(10)
        },
        Case(name: "physical margin singles", expected: rect(12, 92, 138, 436)) { make, _, other in
            make.leftMargin.equalToSuperview()
            make.topMargin.equalTo(other.snp.top)
            make.rightMargin.equalTo(other.snp.rightMargin)
            make.bottomMargin.equalTo(150)
        },
        Case(name: "directional margin singles", expected: rect(12, 10, 146, 10)) { make, _, other in
            make.leadingMargin.equalToSuperview()
            make.trailingMargin.equalTo(other.snp.trailing)
            make.top.equalTo(10)
            make.height.equalTo(10)
        },
        Case(name: "chained attributes", expected: rect(100, 100, 10, 10)) { make, _, other in
            make.top.left.equalTo(other)
            make.width.height.equalTo(10)
        },
        Case(name: "size to one attribute, multiplied", expected: rect(0, 0, 100, 100)) { make, _, other in
            make.left.top.equalToSuperview()
            make.size.equalTo(other.snp.width).multipliedBy(2)
        },
        Case(name: "inequalities meeting", expected: rect(160, 25, 10, 10)) { make, _, other in
            make.left.greaterThanOrEqualTo(other.snp.right).offset(10)
            make.left.lessThanOrEqualTo(160)
            make.top.greaterThanOrEqualToSuperview().offset(25)
            make.top.lessThanOrEqualTo(25)
            make.size.equalTo(10)
        },
        Case(name: "leading/trailing to superview, <= and >=", expected: rect(30, 0, 340, 5)) { make, _, _ in
            make.leading.greaterThanOrEqualToSuperview().offset(30)
            make.leading.lessThanOrEqualToSuperview().offset(30)
            make.trailing.equalToSuperview().inset(30)
            make.top.equalToSuperview()
            make.height.equalTo(5)
        },
        Case(name: "every number type", expected: rect(5, 6, 7, 8.5)) { make, _, _ in
            make.left.equalTo(Int(5))
            make.top.equalTo(UInt(6))
            make.width.equalTo(Float(7))
            make.height.equalTo(CGFloat(8.5))
        },
        Case(name: "inset on size and center (SnapKit's signs)", expected: rect(113, 101.5, 30, 47)) { make, _, other in
            make.width.equalTo(other).inset(10)
            make.height.equalTo(other).inset(UIEdgeInsets(top: 1, left: 0, bottom: 2, right: 0))
            make.centerX.equalTo(other).inset(UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 4))
            make.centerY.equalTo(other.snp.centerY)
        },
        Case(name: "layout margins guide as a target", expected: rect(20, 10, 340, 360)) { make, root, _ in
            make.edges.equalTo(root.layoutMarginsGuide)
        },
        Case(name: "safe area guide's items", expected: rect(0, 0, 400, 400)) { make, root, _ in
            make.edges.equalTo(root.safeAreaLayoutGuide.snp.edges)
        },
        Case(name: "baselines (no text: the edges)", expected: rect(10, 30, 10, 120)) { make, _, other in
            make.firstBaseline.equalTo(30)
            make.lastBaseline.equalTo(other)
            make.left.width.equalTo(10)
        },
        Case(name: "right to a constant, multiplied (superview space)", expected: rect(190, 0, 10, 10)) { make, _, _ in
            make.right.equalTo(0).multipliedBy(0.5)
            make.top.equalToSuperview()
            make.size.equalTo(10)
        },
        Case(name: "dividedBy and Double offsets", expected: rect(1.5, 0, 100, 12.5)) { make, _, other in
            make.left.equalToSuperview().offset(1.5)
            make.top.equalToSuperview()
            make.width.equalToSuperview().dividedBy(4)
            make.height.equalTo(other).dividedBy(4)
        },
    ]

    @Test func everyCase() throws {
        for c in Self.cases {
            let root = screen(400, 400)
            root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
            let other = TrellisView(id: "other", frame: rect(100, 100, 50, 50))
            root.addSubview(other)
            let v = subview(of: root, "v")
            v.snp.makeConstraints { c.make($0, root, other) }
            let report = try layoutBothWays(root)
            #expect(v.frame == c.expected, "\(c.name): got \(v.frame)")
            #expect(report.conflicts.isEmpty, "\(c.name): \(report)")
            #expect(other.frame == rect(100, 100, 50, 50), "\(c.name): a fixed frame moved")
        }
    }

    /// The document says what SnapKit's calls mean: composites by name, constants kept as
    /// written (an inset stays an inset), the `#fileID`/`#line` of each relation.
    @Test func documentKeepsTheChainAsWritten() throws {
        let root = screen(id: "screen")
        let card = subview(of: root, "card")
        let line = #line + 2
        card.snp.makeConstraints { make in
            make.edges.equalToSuperview().inset(20)
            make.width.lessThanOrEqualTo(300).priority(.high).labeled("max-width")
        }
        let text = try root.layoutDocument()
        #expect(text.contains(#""attributes":"edges","relation":"==","to":"screen","inset":{"top":20,"left":20,"bottom":20,"right":20}"#))
        #expect(text.contains(#""source":{"file":"\#(#fileID)","line":\#(line)}"#))
        #expect(text.contains(#""attributes":"width","relation":"<=","to":300,"priority":750,"label":"max-width""#))
        #expect(text.contains(#""id":"screen","frame":{"x":0,"y":0,"width":375,"height":667}"#))
    }

    @Test func attributesOfViewsAndGuidesAreItems() throws {
        let root = screen(400, 400)
        let a = TrellisView(id: "a", frame: rect(10, 20, 30, 40))
        root.addSubview(a)
        let guide = TrellisLayoutGuide(id: "column")
        root.addLayoutGuide(guide)
        guide.snp.makeConstraints { make in
            make.left.equalTo(a.snp.right).offset(10)
            make.top.equalTo(a.snp.bottom)
            make.width.equalTo(a.snp.width)
            make.bottom.equalToSuperview()
        }
        let b = subview(of: root, "b")
        b.snp.makeConstraints { make in
            make.leading.equalTo(guide.snp.leading)
            make.trailing.equalTo(guide.snp.trailing)
            make.centerY.equalTo(guide.snp.centerY)
            make.height.equalTo(guide.snp.height).multipliedBy(0.5)
        }
        try layoutBothWays(root)
        #expect(guide.layoutFrame == rect(50, 60, 30, 340))
        #expect(b.frame == rect(50, 145, 30, 170))
    }
}
