import Testing
@testable import Layout

/// docs/semantics.md §3.2: the constant of each layout constraint, looked up by its TO attribute.
/// Values used: scalar 7, point (3, 5), size (11, 13), insets (t 1, l 2, b 4, r 8),
/// directional insets (t 1, ld 2, b 4, tr 8).
struct ConstantRow: Sendable, CustomTestStringConvertible {
    let attributes: [Attribute]
    let scalar, point, size: Double
    let insetsLTR, insetsRTL, directionalLTR, directionalRTL: Double
    var testDescription: String { attributes.map(\.name).joined(separator: ", ") }
}

let constantTable: [ConstantRow] = [
    ConstantRow(attributes: [.left, .leftMargin], scalar: 7, point: 3, size: 0,
                insetsLTR: 2, insetsRTL: 2, directionalLTR: 2, directionalRTL: 8),
    ConstantRow(attributes: [.right, .rightMargin], scalar: 7, point: 3, size: 0,
                insetsLTR: -8, insetsRTL: -8, directionalLTR: -8, directionalRTL: -2),
    ConstantRow(attributes: [.top, .topMargin], scalar: 7, point: 5, size: 0,
                insetsLTR: 1, insetsRTL: 1, directionalLTR: 1, directionalRTL: 1),
    ConstantRow(attributes: [.bottom, .bottomMargin], scalar: 7, point: 5, size: 0,
                insetsLTR: -4, insetsRTL: -4, directionalLTR: -4, directionalRTL: -4),
    ConstantRow(attributes: [.leading, .leadingMargin], scalar: 7, point: 3, size: 0,
                insetsLTR: 2, insetsRTL: 8, directionalLTR: 2, directionalRTL: 2),
    ConstantRow(attributes: [.trailing, .trailingMargin], scalar: 7, point: 3, size: 0,
                insetsLTR: -8, insetsRTL: -2, directionalLTR: -8, directionalRTL: -8),
    ConstantRow(attributes: [.centerX, .centerXWithinMargins], scalar: 7, point: 3, size: 0,
                insetsLTR: -3, insetsRTL: -3, directionalLTR: -3, directionalRTL: -3),
    ConstantRow(attributes: [.centerY, .centerYWithinMargins], scalar: 7, point: 5, size: 0,
                insetsLTR: -1.5, insetsRTL: -1.5, directionalLTR: -1.5, directionalRTL: -1.5),
    ConstantRow(attributes: [.width], scalar: 7, point: 0, size: 11,
                insetsLTR: -10, insetsRTL: -10, directionalLTR: -10, directionalRTL: -10),
    ConstantRow(attributes: [.height], scalar: 7, point: 0, size: 13,
                insetsLTR: -5, insetsRTL: -5, directionalLTR: -5, directionalRTL: -5),
    ConstantRow(attributes: [.firstBaseline], scalar: 7, point: 5, size: 0,
                insetsLTR: 1, insetsRTL: 1, directionalLTR: 1, directionalRTL: 1),
    ConstantRow(attributes: [.lastBaseline], scalar: 7, point: 5, size: 0,
                insetsLTR: -4, insetsRTL: -4, directionalLTR: -4, directionalRTL: -4),
]

let physicalInsets = InsetsSpec.physical(EdgeInsets(top: 1, left: 2, bottom: 4, right: 8))
let directionalInsets = InsetsSpec.directional(DirectionalInsets(top: 1, leading: 2, bottom: 4, trailing: 8))

@Suite struct CompilerConstantTableTests {
    /// Every cell, through the compiler: `make.<a>.equalTo(v.snp.<a>)` with `.offset` /
    /// `.inset` (to-attribute = a), and constant targets for points and sizes.
    @Test(arguments: constantTable)
    func row(_ row: ConstantRow) throws {
        for a in row.attributes {
            let target = item("v", a.name)
            func constant(_ spec: ConstraintSpec, _ direction: LayoutDirection = .ltr) throws -> Double? {
                let list = try compiled(spec, direction: direction)
                #expect(list.count == 1 && list[0].secondAttribute == a, "to-attribute of \(a.name)")
                return list.first?.constant
            }
            #expect(try constant(make("me", AttributeSet(a), .equal, target, offset: 7)) == row.scalar)
            #expect(try constant(make("me", AttributeSet(a), .equal, target, inset: .insets(physicalInsets))) == row.insetsLTR)
            #expect(try constant(make("me", AttributeSet(a), .equal, target, inset: .insets(physicalInsets)), .rtl) == row.insetsRTL)
            #expect(try constant(make("me", AttributeSet(a), .equal, target, inset: .insets(directionalInsets))) == row.directionalLTR)
            #expect(try constant(make("me", AttributeSet(a), .equal, target, inset: .insets(directionalInsets)), .rtl) == row.directionalRTL)

            // Points and sizes only come as constant targets; their to-attribute is `a`
            // itself except for centerX/centerY (-> left/top, whose values are the same).
            let point = try compiled(make("me", AttributeSet(a), .equal, .constant(.point(x: 3, y: 5))))
            #expect(point.first?.constant == row.point)
            let size = try compiled(make("me", AttributeSet(a), .equal, .constant(.size(width: 11, height: 13))))
            #expect(size.first?.constant == row.size)
            #expect(try compiled(make("me", AttributeSet(a), .equal, number(7))).first?.constant == row.scalar)

            // The table itself, cell by cell.
            #expect(ConstantSource.scalar(7).value(for: a, direction: .ltr) == row.scalar)
            #expect(ConstantSource.point(x: 3, y: 5).value(for: a, direction: .ltr) == row.point)
            #expect(ConstantSource.size(width: 11, height: 13).value(for: a, direction: .rtl) == row.size)
        }
    }

    @Test func scalarOffsetIsUnchangedOnEveryEdge() throws {
        let c = try compiled(make("me", attrs("edges"), .equal, item("sv"), offset: 50))
        #expect(c.map(\.constant) == [50, 50, 50, 50])
        #expect(try compiled(make("me", attrs("edges"), .equal, number(10))).map(\.constant) == [10, 10, 10, 10])
    }

    @Test func scalarInsetFlipsOnFarSides() throws {
        let c = try compiled(make("me", attrs("edges"), .equal, item("sv"), inset: .scalar(50)))
        #expect(c.map(\.constant) == [50, 50, -50, -50])  // left, top, right, bottom
    }

    @Test func scalarInsetOnSizesIsMinusTwiceAndOnCentersZero() throws {
        #expect(try compiled(make("me", attrs("size"), .equal, item("v"), inset: .scalar(10))).map(\.constant) == [-20, -20])
        #expect(try compiled(make("me", attrs("center"), .equal, item("v"), inset: .scalar(10))).map(\.constant) == [0, 0])
    }

    @Test func lookupKeyIsTheToAttribute() throws {
        // left -> v.right with inset 10 uses the right rule: -10.
        #expect(try compiled(make("me", attrs("left"), .equal, item("v", "right"), inset: .scalar(10))).map(\.constant) == [-10])
        // centerX with insets as a constant target relates to superview.left: left inset.
        let insets = ConstraintTarget.constant(.insets(physicalInsets))
        let c = try compiled(make("me", attrs("centerX"), .equal, insets))
        #expect(c.first?.secondAttribute == .left && c.first?.constant == 2)
    }

    @Test func directionalInsetsOnPhysicalEdgesFollowDirection() throws {
        let d = InsetValue.insets(.directional(DirectionalInsets(top: 25, leading: 25, bottom: 25, trailing: 25)))
        #expect(try compiled(make("me", attrs("edges"), .equal, item("sv"), inset: d)).map(\.constant) == [25, 25, -25, -25])
        let skew = InsetValue.insets(.directional(DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 30)))
        #expect(try compiled(make("me", attrs("horizontalEdges"), .equal, item("sv"), inset: skew)).map(\.constant) == [10, -30])
        #expect(try compiled(make("me", attrs("horizontalEdges"), .equal, item("sv"), inset: skew), direction: .rtl)
            .map(\.constant) == [30, -10])
    }

    @Test func twoConstantsAreRejected() {
        #expect(compileErrors(make("me", attrs("width"), .equal, number(10), offset: 3)) == [.conflictingConstants])
    }
}
