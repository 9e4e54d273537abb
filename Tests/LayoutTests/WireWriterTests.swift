// The JSON writer and the re-encoding of specs (round trips through the reader).
import Testing
@testable import Layout

private func text(_ build: (inout JSONWriter) -> Void) -> String {
    var w = JSONWriter()
    build(&w)
    return String(decoding: w.bytes, as: UTF8.self)
}

/// Specs compared without their locations (re-encoded text stands elsewhere).
private func unlocated(_ c: ConstraintSpec) -> ConstraintSpec {
    var c = c
    c.location = RequestLocation(pointer: "", line: 0, column: 0)
    c.expressionSite = nil  // where its string stood: location too
    return c
}

private func unlocated(_ v: ViewSpec) -> ViewSpec {
    var v = v
    let nowhere = RequestLocation(pointer: "", line: 0, column: 0)
    v.location = nowhere
    v.frameLocation = v.frameLocation.map { _ in nowhere }
    v.intrinsicSizeLocation = v.intrinsicSizeLocation.map { _ in nowhere }
    return v
}

@Suite struct WireWriterTests {
    @Test func structureAndCommas() {
        let s = text { w in
            w.beginObject()
            w.field("a", 1)
            w.key("b"); w.beginArray(); w.int(1); w.null(); w.bool(true); w.bool(false); w.beginObject(); w.endObject(); w.beginArray(); w.endArray(); w.endArray()
            w.field("c", "x")
            w.field("d", nil as String?)
            w.key("view id"); w.number(2.5)
            w.endObject()
        }
        #expect(s == #"{"a":1,"b":[1,null,true,false,{},[]],"c":"x","d":null,"view id":2.5}"#)
        #expect(text { w in w.beginArray(); w.endArray(); w.beginArray(); w.endArray() } == "[],[]")
    }

    @Test func numbers() {
        let values: [Double] = [0, -0.0, 1, -1, 375, 1e15, 9007199254740991, 9007199254740992, 0.1, 0.5, -12.25, 1e-7, 1.5e300,
                                1.0 / 3, 1e18, 1e19, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123456.789]
        let s = text { w in w.beginArray(); for v in values { w.number(v) }; w.endArray() }
        #expect(s.hasPrefix("[0,0,1,-1,375,1000000000000000,9007199254740991,9007199254740992,0.1,0.5,-12.25,1e-07,1.5e+300,0.3333333333333333,1000000000000000000,1e+19,"))
        // Every one reads back exactly.
        let back = (try? JSONTree.parse(Array(s.utf8)).get())?.root.elements.compactMap(\.number)
        #expect(back == values)
        #expect(text { w in w.number(.infinity) } == "null")
        #expect(text { w in w.number(.nan) } == "null")
        #expect(text { w in w.int(Int.min) } == "-9223372036854775808")
        #expect(text { w in w.int(1234567890) } == "1234567890")
    }

    /// The stack-formatted frame member writes what the general path writes, for ids and
    /// numbers of every kind (integers, short decimals, long fractions, huge, negative
    /// zero), and falls back when an id needs escaping or is long.
    @Test func frameMemberMatchesTheGeneralPath() throws {
        let numbers: [Double] = [0, -0.0, 8, -16, 375, 12.5, -0.25, 79.75, 0.000001, 123456789.5, 999999999.999999,
                                 1e9 + 0.5, 1.0 / 3, -2.0 / 3, 1e15, 1e19, 1e-7, 4503599627370496.5, .greatestFiniteMagnitude]
        let ids = ["v1", "root", "", "a\"b", "tab\tid", "é中😀", String(repeating: "x", count: 97), String(repeating: "y", count: 96)]
        for (k, id) in ids.enumerated() {
            for i in numbers.indices {
                let x = numbers[i], y = numbers[(i + 1) % numbers.count]
                let w = numbers[(i + 2 + k) % numbers.count], h = numbers[(i + 5) % numbers.count]
                let fast = text { wr in
                    wr.beginObject(); wr.field("first", 1)
                    wr.frameMember(id: id, x: x, y: y, width: w, height: h)
                    wr.frameMember(id: id, x: h, y: w, width: y, height: x)
                    wr.endObject()
                }
                let general = text { wr in
                    wr.beginObject(); wr.field("first", 1)
                    // Frames are written cleaned (`NumberFormat.clean`).
                    let (x, y, w, h) = (NumberFormat.clean(x), NumberFormat.clean(y), NumberFormat.clean(w), NumberFormat.clean(h))
                    wr.key(id); wr.beginObject(); wr.field("x", x); wr.field("y", y); wr.field("width", w); wr.field("height", h); wr.endObject()
                    wr.key(id); wr.beginObject(); wr.field("x", h); wr.field("y", w); wr.field("width", y); wr.field("height", x); wr.endObject()
                    wr.endObject()
                }
                #expect(fast == general, "id \(id), values \([x, y, w, h])")
            }
        }
        // And what it writes reads back exactly.
        let s = text { wr in wr.beginObject(); wr.frameMember(id: "v", x: 12.5, y: -0.25, width: 1.0 / 3, height: 1e19); wr.endObject() }
        #expect(s == #"{"v":{"x":12.5,"y":-0.25,"width":0.333333,"height":1e+19}}"#)
    }

    /// Many frames at once (an answer's), across the fast path's chunks, with frames that
    /// need the general path (escaped or long ids) among them: the same text as writing
    /// every member the general way.
    @Test func frameMembersMatchTheGeneralPath() {
        let numbers: [Double] = [0, 8, -16, 12.5, 1.0 / 3, 1e19, -2.0 / 3, 79.75, 1e-7, 4503599627370496.5]
        let ids = (0..<150).map { k -> String in
            k % 37 == 5 ? "q\"\(k)" : k % 53 == 7 ? String(repeating: "z", count: 100) + "\(k)" : "v\(k)"
        }
        let frames = ids.enumerated().map { k, id in
            ViewFrame(id: id, frame: Rect(x: numbers[k % numbers.count], y: numbers[(k + 3) % numbers.count],
                                          width: numbers[(k + 5) % numbers.count], height: Double(k)))
        }
        let fast = text { w in w.beginObject(); w.field("first", 1); w.frameMembers(frames); w.endObject() }
        let general = text { w in
            w.beginObject(); w.field("first", 1)
            for f in frames {
                w.key(f.id); w.beginObject()
                w.field("x", NumberFormat.clean(f.frame.x)); w.field("y", NumberFormat.clean(f.frame.y))
                w.field("width", NumberFormat.clean(f.frame.width)); w.field("height", NumberFormat.clean(f.frame.height))
                w.endObject()
            }
            w.endObject()
        }
        #expect(fast == general)
    }

    @Test func stringEscaping() throws {
        let tricky = "q\"b\\s/\n\r\t\u{8}\u{c}\u{0}\u{1f}é中😀\u{7f}"
        let s = text { w in w.string(tricky) }
        #expect(s == #""q\"b\\s/\n\r\t\b\f\u0000\u001fé中😀"# + "\u{7f}\"")
        let back = try JSONTree.parse(Array(s.utf8)).get().root.string
        #expect(back == tricky)
        #expect(text { w in w.beginObject(); w.key("a\"b"); w.int(1); w.endObject() } == #"{"a\"b":1}"#)
    }

    @Test func contractExampleRoundTrips() throws {
        let document = try #require(wireDocument(wireContractExample))
        let bytes = encodeLayoutDocument(document)
        let again = try decodeLayoutDocument(bytes).get()
        #expect(again.direction == document.direction)
        #expect(again.views.map(unlocated) == document.views.map(unlocated))
        #expect(again.constraints.map(unlocated) == document.constraints.map(unlocated))
        let encoded = String(decoding: bytes, as: UTF8.self)
        #expect(encoded.hasPrefix(#"{"direction":"ltr","views":[{"id":"root","frame":{"x":0,"y":0,"width":375,"height":667}},"#))
        // A second pass is byte-identical.
        #expect(encodeLayoutDocument(again) == bytes)
    }

    @Test func everyConstraintShapeRoundTrips() throws {
        let document = try #require(wireDocument("""
        {"direction": "rtl", "views": [
          {"id": "r", "frame": {"x": 0.5, "y": -1, "width": 1e3, "height": 667}},
          {"id": "g", "superview": "r", "kind": "guide", "margins": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
           "safeArea": {"top": 44, "bottom": 34}, "intrinsicSize": {"width": null, "height": 20},
           "hugging": {"horizontal": 251}, "compressionResistance": {"vertical": 999}, "baselines": {"first": 3}}
        ], "constraints": [
          {"id": "c9", "view": "g", "attributes": ["top", "leading"], "relation": "<=", "to": {"view": "r", "attribute": ["top", "leading"]},
           "multiplier": 0.3333333333333333, "priority": 1, "label": "l\\n", "source": {"file": "a.swift", "line": 1, "column": 2}},
          {"view": "g.safeAreaLayoutGuide", "attributes": "size", "to": {"width": 1, "height": 2}},
          {"view": "g", "attributes": "center", "to": {"x": 1, "y": 2}},
          {"view": "g", "attributes": "edges", "to": {"top": 1, "left": 2, "bottom": 3, "right": 4}},
          {"view": "g", "attributes": "directionalEdges", "to": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4}},
          {"view": "g", "attributes": "margins", "to": "superview.layoutMarginsGuide", "inset": {"top": 5, "left": 6, "bottom": 7, "right": 8}},
          {"view": "g", "attributes": "edges", "to": "superview.edges", "inset": {"top": 5, "leading": 6}},
          {"view": "g", "attributes": "width", "relation": ">=", "to": "r.height", "dividedBy": 3, "offset": -2.5},
          {"view": "g", "attributes": ["top", "bottom"], "to": "r.centerY"},
          {"view": "g", "attributes": ["left", "top", "width"], "to": "r"},
          "g.lastBaseline == r.baseline @low",
          {"view": "g", "attributes": "top", "to": "r.safeAreaLayoutGuide.top"}
        ]}
        """))
        let again = try decodeLayoutDocument(encodeLayoutDocument(document)).get()
        #expect(again.direction == .rtl)
        #expect(again.views.map(unlocated) == document.views.map(unlocated))
        #expect(again.constraints.count == document.constraints.count)
        for (a, b) in zip(again.constraints, document.constraints) {
            #expect(unlocated(a) == unlocated(b))
        }
    }

    @Test func locationsAndSources() {
        #expect(text { w in w.location(RequestLocation(pointer: "/constraints/3", line: 14, column: 5)) }
                == #"{"pointer":"/constraints/3","line":14,"column":5}"#)
        #expect(text { w in w.location(RequestLocation(pointer: "/a~1b", line: 1, column: 2, exprColumn: 9)) }
                == #"{"pointer":"/a~1b","line":1,"column":2,"exprColumn":9}"#)
        #expect(text { w in w.source(SourceLocation(file: "C.swift", line: 40, column: 9)) } == #"{"file":"C.swift","line":40,"column":9}"#)
    }

    @Test func attributeNames() {
        #expect(AttributeSet.edges.wireName == "edges")
        #expect(AttributeSet.directionalVerticalEdges.wireName == "verticalEdges")
        #expect(AttributeSet(.centerXWithinMargins).wireName == "centerXWithinMargins")
        #expect(AttributeSet([.top, .width]).wireName == nil)
        #expect(text { w in w.attributes(AttributeSet([.width, .top])) } == #"["top","width"]"#)
    }
}

@Suite struct WriterNumberRoundTripTests {
    /// Every written number reads back as the same double, on the short-decimal fast path
    /// and off it.
    @Test func numbersRoundTrip() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [79.75, -12.5, 0.000001, -0.000001, 123456.789012, 0.1, 1.0 / 3.0,
                                79.75000000000001, 999_999_999.5, -0.5, 1e-7, 1e300, 16, -0.0]
        for _ in 0..<2000 {
            values.append(Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &rng)) / 1_000_000)
            values.append(Double.random(in: -5000...5000, using: &rng))
        }
        for v in values {
            var w = JSONWriter()
            w.number(v)
            let text = String(decoding: w.bytes, as: UTF8.self)
            #expect(Double(text) == v, "\(v) was written as \(text)")
        }
    }

    /// Whole quarters (most frame numbers) take their own short path; it writes Swift's
    /// shortest form, without ".0", up to and past the path's bound of 2^49.
    @Test func quartersAreShortest() {
        var rng = SystemRandomNumberGenerator()
        let bound = 562_949_953_421_312.0  // 2^49
        var values: [Double] = [0.25, -0.25, 0.5, 0.75, -0.75, 79.75, -16, bound - 0.25, -(bound - 0.75), bound, bound + 1, 2 * bound + 0.5]
        for _ in 0..<2000 {
            values.append(Double(Int.random(in: -4_000_000...4_000_000, using: &rng)) / 4)
            values.append(Double(Int64.random(in: -2_251_799_813_685_247...2_251_799_813_685_247, using: &rng)) / 4)
        }
        for v in values {
            var w = JSONWriter()
            w.number(v)
            let expected = v == v.rounded() ? String(Int64(v)) : "\(v)"
            #expect(String(decoding: w.bytes, as: UTF8.self) == expected, "\(v)")
        }
    }
}

@Suite struct NumberCleaningTests {
    /// The cleaning of solver results: the nearest integer when it is closer than 1e-7,
    /// positive zero for any zero; otherwise below 1e7 the nearest millionth (thousandth
    /// from 1e4), a value within noise of a tie going up; huge and odd values unchanged.
    @Test func cleanMatchesItsDefinition() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 99.99999999997, 100.00000000003, -99.99999999997, 0.5, -0.5,
                                1e-8, -1e-8, 0.99999999, 1e15, -1e15, 1e16, .infinity, -.infinity, 12.25, 79.75]
        for _ in 0..<5000 {
            let n = Double(Int.random(in: -100_000...100_000, using: &rng))
            values.append(n + Double.random(in: -2e-7...2e-7, using: &rng))
            values.append(n + Double.random(in: -1...1, using: &rng))
        }
        for v in values {
            let got = NumberFormat.clean(v)
            guard v.isFinite, abs(v) < 1e15 else { #expect(got.bitPattern == v.bitPattern); continue }
            let whole = Double(Int64(v < 0 ? v - 0.5 : v + 0.5))
            if abs(v - whole) < 1e-7 { #expect(got.bitPattern == (whole == 0 ? 0 : whole).bitPattern, "\(v)"); continue }
            guard abs(v) < 1e7 else { #expect(got.bitPattern == v.bitPattern, "\(v)"); continue }
            let step = abs(v) < 1e4 ? 1e-6 : 1e-3
            // On the grid, within half a step (and the tie window, a thousandth of a step), and
            // the same when cleaned again.
            #expect(abs(got - v) <= step * 0.501, "\(v): \(got)")
            #expect(abs((got / step).rounded() * step - got) <= abs(got) * 1e-15, "\(v): \(got) is off the grid")
            #expect(NumberFormat.clean(got) == got, "\(v): \(got) cleans again to \(NumberFormat.clean(got))")
        }
        #expect(NumberFormat.clean(.nan).isNaN)
    }

    /// What cleaning is for: the last bits of a result (the solver's order of work) never
    /// reach an answer. A value and its neighbours a few ulps away clean alike, ties included
    /// (a half-millionth, as 0.3333 * 118.875 = 39.6245375 has, goes up from either side).
    @Test func cleaningIgnoresTheLastBits() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [264.9, 873.2, 39.6245375, -39.6245375, 0.0000005, 1.0 / 3, 12_345.6785]
        for _ in 0..<5000 {
            values.append(Double(Int.random(in: -9_999_999_999...9_999_999_999, using: &rng)) / 1e6)  // on the grid
            values.append((Double(Int.random(in: -9_999_999_999...9_999_999_999, using: &rng)) + 0.5) / 1e6)  // ties
            values.append(Double.random(in: -9999...9999, using: &rng))
        }
        for v in values {
            // Cleaning is a step function: a value a few ulps from a step's edge (the tie
            // window's, a thousandth of a unit either side of a half) may clean otherwise, and
            // at 4,000 points 4 ulps are 4e-6 of a millionth: 1 run in 30 met one. Not those.
            let units = v * (abs(v) < 1e4 ? 1e6 : 1e3), fraction = units - units.rounded(.down)
            if abs(abs(fraction - 0.5) - 1e-3) < 1e-4 { continue }
            var neighbour = v
            for _ in 0..<4 { neighbour = neighbour.nextUp }
            var below = v
            for _ in 0..<4 { below = below.nextDown }
            let clean = NumberFormat.clean(v)
            #expect(NumberFormat.clean(neighbour) == clean && NumberFormat.clean(below) == clean, "\(v)")
        }
        #expect(NumberFormat.clean(39.62453750000001) == 39.624538 && NumberFormat.clean(39.62453749999999) == 39.624538)
        #expect(NumberFormat.clean(264.90000000000003) == 264.9)
    }
}

/// A layout without views answers with an empty `frames` object, one-shot and as a session
/// (the frame writer once divided its scratch by the longest frame, zero here: a trap).
@Suite struct EmptyAnswerTests {
    @Test func aLayoutWithoutViewsAnswers() throws {
        guard case .success(let document) = decodeLayoutDocument(Array(#"{"views": [], "constraints": []}"#.utf8)) else {
            Issue.record("the empty document was refused"); return
        }
        guard case .success(let answer) = LiveLayout.solve(document: document) else {
            Issue.record("the empty document was not solved"); return
        }
        let oneShot = String(decoding: encodeLayoutAnswer(answer, includeRevision: false), as: UTF8.self)
        #expect(oneShot.hasPrefix(#"{"frames":{},"diagnostics":[]"#), "\(oneShot)")
        guard case .success(let layout) = LiveLayout.make(document: document) else {
            Issue.record("no session of the empty document"); return
        }
        let session = String(decoding: encodeSessionAnswer(layout.answer(), id: "s1", document: layout.document()), as: UTF8.self)
        #expect(session.contains(#""frames":{}"#), "\(session)")
        #expect(session.contains(#""document":{"#), "\(session)")
    }
}
