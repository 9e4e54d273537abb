// Valid documents decode to the expected specs.
import Testing
@testable import Layout

let wireContractExample = """
{
  "direction": "ltr",
  "views": [
    {"id": "root",  "frame": {"x": 0, "y": 0, "width": 375, "height": 667}},
    {"id": "card",  "superview": "root", "margins": {"top": 8, "left": 16, "bottom": 8, "right": 16}},
    {"id": "title", "superview": "card",
     "intrinsicSize": {"width": 120, "height": 21},
     "hugging": {"horizontal": 250, "vertical": 250},
     "compressionResistance": {"horizontal": 750, "vertical": 750},
     "baselines": {"first": 17, "last": 17}}
  ],
  "constraints": [
    {"view": "card", "attributes": "edges", "to": "superview", "inset": 20,
     "source": {"file": "CardView.swift", "line": 31}},
    {"view": "title", "attributes": ["top", "leading"], "to": "card", "offset": 12, "label": "title-anchor"},
    "title.trailing <= card.trailing - 12 @750",
    {"expr": "title.width >= 44", "source": {"file": "CardView.swift", "line": 40, "column": 9}}
  ]
}
"""

@Suite struct WireDocumentTests {
    @Test func contractExampleDecodes() throws {
        let document = try #require(wireDocument(wireContractExample))
        #expect(document.direction == .ltr)
        #expect(document.strict == false)
        #expect(document.views.map(\.id) == ["root", "card", "title"])

        let root = document.views[0]
        #expect(root.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(root.superview == nil)
        #expect(root.location == RequestLocation(pointer: "/views/0", line: 4, column: 5))
        #expect(root.frameLocation == RequestLocation(pointer: "/views/0/frame", line: 4, column: 30))

        let card = document.views[1]
        #expect(card.superview == "root")
        #expect(card.margins == .physical(EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)))
        #expect(card.frame == nil)

        let title = document.views[2]
        #expect(title.intrinsicWidth == 120)
        #expect(title.intrinsicHeight == 21)
        #expect(title.intrinsicSizeLocation?.pointer == "/views/2/intrinsicSize")
        #expect(title.intrinsicSizeLocation?.line == 7)
        #expect(title.firstBaseline == 17)
        #expect(title.lastBaseline == 17)
        #expect(title.hugging == AxisPriorities(horizontal: 250, vertical: 250))

        #expect(document.constraints.count == 4)
        let c0 = document.constraints[0]
        #expect(c0.first == ItemRef(view: "card"))
        #expect(c0.attributes == .edges)
        #expect(c0.target == .item(.superview(guide: nil), []))
        #expect(c0.modifier == .inset(.scalar(20)))
        #expect(c0.source == SourceLocation(file: "CardView.swift", line: 31))
        #expect(c0.location == RequestLocation(pointer: "/constraints/0", line: 13, column: 5))

        let c1 = document.constraints[1]
        #expect(c1.attributes == AttributeSet([.top, .leading]))
        #expect(c1.target == .item(.item(ItemRef(view: "card")), []))
        #expect(c1.modifier == .offset(12))
        #expect(c1.label == "title-anchor")

        let c2 = document.constraints[2]
        #expect(c2.first == ItemRef(view: "title"))
        #expect(c2.attributes == AttributeSet(.trailing))
        #expect(c2.relation == .lessThanOrEqual)
        #expect(c2.target == .item(.item(ItemRef(view: "card")), AttributeSet(.trailing)))
        #expect(c2.modifier == .offset(-12))
        #expect(c2.priority == 750)
        #expect(c2.location == RequestLocation(pointer: "/constraints/2", line: 16, column: 5))

        let c3 = document.constraints[3]
        #expect(c3.attributes == AttributeSet(.width))
        #expect(c3.relation == .greaterThanOrEqual)
        #expect(c3.target == .constant(.scalar(44)))
        #expect(c3.source == SourceLocation(file: "CardView.swift", line: 40, column: 9))
        #expect(c3.location.pointer == "/constraints/3")
        #expect(c3.location.exprColumn == nil)
    }

    @Test func viewDefaultsAndOptions() throws {
        let document = try #require(wireDocument("""
        {"direction": "rtl", "strict": true, "views": [
          {"id": "root"},
          {"id": "g", "superview": "root", "kind": "guide", "margins": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
           "safeArea": {"top": 44, "bottom": 34}, "intrinsicSize": {"width": null, "height": 20},
           "hugging": {"horizontal": "high"}, "compressionResistance": {"vertical": 1000}, "baselines": {"last": 4}},
          {"id": "_x9", "superview": null, "intrinsicSize": {}}
        ]}
        """))
        #expect(document.direction == .rtl)
        #expect(document.strict)
        #expect(document.constraints.isEmpty)
        let root = document.views[0]
        #expect(root.kind == .view)
        #expect(root.margins == .physical(EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)))
        #expect(root.hugging == AxisPriorities(horizontal: 250, vertical: 250))
        #expect(root.compressionResistance == AxisPriorities(horizontal: 750, vertical: 750))
        #expect(root.intrinsicWidth == nil && root.intrinsicSizeLocation == nil)
        let g = document.views[1]
        #expect(g.kind == .guide)
        #expect(g.margins == .directional(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))
        #expect(g.safeArea == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(g.intrinsicWidth == nil)
        #expect(g.intrinsicHeight == 20)
        #expect(g.hugging == AxisPriorities(horizontal: 750, vertical: 250))
        #expect(g.compressionResistance == AxisPriorities(horizontal: 750, vertical: 1000))
        #expect(g.firstBaseline == 0 && g.lastBaseline == 4)
        #expect(document.views[2].superview == nil)
        #expect(document.views[2].intrinsicSizeLocation?.pointer == "/views/2/intrinsicSize")
    }

    @Test func emptyDocument() throws {
        let document = try #require(wireDocument("{}"))
        #expect(document == LayoutDocument())
    }

    @Test func targetForms() throws {
        func target(_ to: String) -> ConstraintTarget? {
            wireConstraint(#"{"view": "a", "attributes": "edges", "to": \#(to)}"#)?.target
        }
        #expect(target("10") == .constant(.scalar(10)))
        #expect(target("-2.5") == .constant(.scalar(-2.5)))
        #expect(target(#"{"width": 50, "height": 20}"#) == .constant(.size(width: 50, height: 20)))
        #expect(target(#"{"x": 5, "y": 7}"#) == .constant(.point(x: 5, y: 7)))
        #expect(target(#"{"top": 10, "left": 20, "bottom": 30, "right": 40}"#)
                == .constant(.insets(.physical(EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)))))
        #expect(target(#"{"top": 1, "leading": 2, "bottom": 3, "trailing": 4}"#)
                == .constant(.insets(.directional(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))))
        #expect(target(#"{"top": 5}"#) == .constant(.insets(.physical(EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)))))
        #expect(target(#""superview""#) == .item(.superview(guide: nil), []))
        #expect(target(#""superview.top""#) == .item(.superview(guide: nil), AttributeSet(.top)))
        #expect(target(#""superview.layoutMarginsGuide.top""#) == .item(.superview(guide: .layoutMarginsGuide), AttributeSet(.top)))
        #expect(target(#""superview.safeAreaLayoutGuide""#) == .item(.superview(guide: .safeAreaLayoutGuide), []))
        #expect(target(#""b""#) == .item(.item(ItemRef(view: "b")), []))
        #expect(target(#""b.bottom""#) == .item(.item(ItemRef(view: "b")), AttributeSet(.bottom)))
        #expect(target(#""b.top.left""#) == .item(.item(ItemRef(view: "b")), AttributeSet([.top, .left])))
        #expect(target(#""b.margins""#) == .item(.item(ItemRef(view: "b")), .margins))
        #expect(target(#""b.baseline""#) == .item(.item(ItemRef(view: "b")), AttributeSet(.lastBaseline)))
        #expect(target(#""b.safeAreaLayoutGuide""#) == .item(.item(ItemRef(view: "b", guide: .safeAreaLayoutGuide)), []))
        #expect(target(#""b.safeAreaLayoutGuide.top""#) == .item(.item(ItemRef(view: "b", guide: .safeAreaLayoutGuide)), AttributeSet(.top)))
        #expect(target(#"{"view": "b", "attribute": "top"}"#) == .item(.item(ItemRef(view: "b")), AttributeSet(.top)))
        #expect(target(#"{"view": "b", "attribute": ["top", "left"]}"#) == .item(.item(ItemRef(view: "b")), AttributeSet([.top, .left])))
        #expect(target(#"{"view": "b.layoutMarginsGuide"}"#) == .item(.item(ItemRef(view: "b", guide: .layoutMarginsGuide)), []))
        #expect(target(#"{"view": "superview", "attribute": "bottom"}"#) == .item(.superview(guide: nil), AttributeSet(.bottom)))
    }

    @Test func constraintFields() throws {
        let c = try #require(wireConstraint("""
        {"id": "k1", "view": "a.safeAreaLayoutGuide", "attributes": ["width", "height"], "relation": "lessThanOrEqualTo",
         "to": "b.width", "multiplier": 0.5, "priority": "low", "label": null, "source": {"file": "F.swift", "line": 3, "column": null}}
        """))
        #expect(c.id == "k1")
        #expect(c.first == ItemRef(view: "a", guide: .safeAreaLayoutGuide))
        #expect(c.attributes == .size)
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.multiplier == 0.5)
        #expect(c.priority == 250)
        #expect(c.label == nil)
        #expect(c.modifier == ConstantModifier.none)
        #expect(c.source == SourceLocation(file: "F.swift", line: 3))

        let d = try #require(wireConstraint(#"{"view": "a", "attributes": "width", "relation": ">=", "to": "b", "dividedBy": 4, "priority": 999.5}"#))
        #expect(d.multiplier == 0.25)
        #expect(d.priority == 999.5)
        #expect(d.relation == .greaterThanOrEqual)

        for (name, value) in [("required", 1000.0), ("high", 750), ("medium", 500), ("low", 250)] {
            #expect(wireConstraint(#"{"view": "a", "attributes": "top", "to": "b", "priority": "\#(name)"}"#)?.priority == value)
        }
        for (name, relation) in [("==", Relation.equal), ("equalTo", .equal), ("<=", .lessThanOrEqual), ("greaterThanOrEqualTo", .greaterThanOrEqual)] {
            #expect(wireConstraint(#"{"view": "a", "attributes": "top", "to": "b", "relation": "\#(name)"}"#)?.relation == relation)
        }
        let inset = try #require(wireConstraint(#"{"view": "a", "attributes": "edges", "to": "b", "inset": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4}}"#))
        #expect(inset.modifier == .inset(.insets(.directional(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))))
    }

    @Test func exprObjectsTakeExtraFields() throws {
        let c = try #require(wireConstraint(#"{"expr": "a.edges == superview.edges", "inset": 20, "priority": 500, "multiplier": 2, "id": "e", "label": "L"}"#))
        #expect(c.first == ItemRef(view: "a"))
        #expect(c.attributes == .edges)
        #expect(c.target == .item(.superview(guide: nil), .edges))
        #expect(c.modifier == .inset(.scalar(20)))
        #expect(c.priority == 500)
        #expect(c.multiplier == 2)
        #expect(c.id == "e")
        #expect(c.label == "L")
        #expect(c.location.pointer == "/constraints/0")
        let offset = try #require(wireConstraint(#"{"expr": "a.top == b.bottom", "offset": 8}"#))
        #expect(offset.modifier == .offset(8))
    }

    @Test func escapedStringsDecode() throws {
        let c = try #require(wireConstraint(#"{"view": "\u0061", "attributes": "\u0074op", "to": "b.\u0062ottom", "label": "\ud83d\ude00 \"q\""}"#))
        #expect(c.first == ItemRef(view: "a"))
        #expect(c.attributes == AttributeSet(.top))
        #expect(c.target == .item(.item(ItemRef(view: "b")), AttributeSet(.bottom)))
        #expect(c.label == "😀 \"q\"")
    }

    @Test func byteNameLookupAgreesWithAttributeSetNames() {
        var names = Attribute.allCases.map(\.name) + Array(AttributeSet.composites.keys) + ["baseline"]
        names += ["", "x", "Top", "tops", "edge", "centerXWithinMargin", "superview", "safeAreaLayoutGuide", "lastBaselinee"]
        // Each name with one byte changed, at every position: names are compared eight bytes
        // at a time, then byte by byte.
        for name in Attribute.allCases.map(\.name) + Array(AttributeSet.composites.keys) {
            let bytes = Array(name.utf8)
            for k in bytes.indices {
                var changed = bytes
                changed[k] ^= 0x01
                names.append(String(decoding: changed, as: UTF8.self))
            }
        }
        for name in names {
            let viaBytes = Array(name.utf8).withUnsafeBufferPointer { Names.attribute($0) }
            #expect(viaBytes == AttributeSet(name: name), "\(name)")
        }
        #expect(AttributeSet.reservedWords.allSatisfy { w in Array(w.utf8).withUnsafeBufferPointer { Names.isReserved($0) } })
    }

    @Test func bufferEntryPointsAgree() throws {
        let bytes = Array(wireContractExample.utf8)
        let fromBuffer = bytes.withUnsafeBytes { decodeLayoutDocument($0) }
        #expect(try fromBuffer.get() == decodeLayoutDocument(bytes).get())
        let empty = [UInt8]().withUnsafeBytes { decodeLayoutDocument($0) }
        guard case .failure(let problem) = empty else { Issue.record("accepted an empty body"); return }
        #expect(problem.status == 400)
    }
}

@Suite struct WireScaleTests {
    /// A minified (one-line) document with thousands of constraints: every location is
    /// right, including after multi-byte characters earlier on the same line.
    @Test func minifiedDocumentLocations() throws {
        var text = #"{"views":[{"id":"root"},{"id":"a","superview":"root"}],"constraints":["#
        var offsets: [Int] = []
        var scalarsBefore: [Int] = []
        for k in 0..<3000 {
            if k > 0 { text += "," }
            offsets.append(text.utf8.count)
            scalarsBefore.append(text.unicodeScalars.count)
            if k % 2 == 0 {
                text += #"{"view":"a","attributes":"top","to":"root","offset":\#(k),"label":"é😀\#(k)"}"#
            } else {
                text += #""a.left == root.left + \#(k)""#
            }
        }
        text += "]}"
        let document = try decodeLayoutDocument(Array(text.utf8)).get()
        #expect(document.constraints.count == 3000)
        for k in [0, 1, 2, 1001, 2998, 2999] {
            let location = document.constraints[k].location
            #expect(location.pointer == "/constraints/\(k)")
            #expect(location.line == 1)
            #expect(location.column == scalarsBefore[k] + 1)
        }
        #expect(document.constraints[2999].modifier == .offset(2999))
        #expect(offsets[2999] > scalarsBefore[2999])   // the labels did shift bytes against columns

        // An error far along the line is located in the same way.
        var broken = Array(text.utf8)
        broken.replaceSubrange(offsets[2999]..<broken.count - 2, with: Array("7".utf8))
        guard case .failure(let problem) = decodeLayoutDocument(broken) else { Issue.record("accepted"); return }
        #expect(problem.status == 422)
        #expect(problem.errors.first?.code == .wrongType)
        #expect(problem.errors.first?.location?.column == scalarsBefore[2999] + 1)
    }

    /// Errors found out of document order on one long line still get exact columns.
    @Test func outOfOrderErrorsOnOneLine() throws {
        var text = #"{"constraints":["#
        var expected: [(String, Int)] = []
        for k in 0..<200 {
            if k > 0 { text += "," }
            // Fields are checked in table order (to before priority), the reverse of this text.
            text += #"{"label":"ü","priority":"#
            let priorityColumn = text.unicodeScalars.count + 1
            text += #"0,"view":"a","attributes":"top","to":"#
            let toColumn = text.unicodeScalars.count + 1
            text += "true}"
            expected += [("/constraints/\(k)/to", toColumn), ("/constraints/\(k)/priority", priorityColumn)]
        }
        text += "]}"
        guard case .failure(let problem) = decodeLayoutDocument(Array(text.utf8)) else { Issue.record("accepted"); return }
        // 400 errors found, the first 100 listed (LayoutProblem.listedErrors).
        #expect(problem.errorCount == 400 && problem.errors.count == 100)
        #expect(problem.errors.map { $0.location?.pointer ?? "" } == expected.prefix(100).map(\.0))
        #expect(problem.errors.map { $0.location?.column ?? 0 } == expected.prefix(100).map(\.1))
    }
}
