// Generated layout documents for `trellis-bench layout`: three SnapKit-style shapes written as
// the JSON a client would send (compact, like JSONEncoder), with the frames they must solve to,
// and the hot edits (one `update`, a `setFrame` window resize) for the live-layout benchmark.
// The writer is the Layout module's own JSONWriter: generation is set-up, never measured.
import Layout

enum LayoutShape: String, CaseIterable {
    /// Cards in a list: each card a view with margins and a title and subtitle label.
    case cards
    /// Cells in rows of 10 inside a container: equal widths, spacing chains.
    case grid
    /// Stacks of stacks (vertical > horizontal > vertical > labels), like nested UIStackViews.
    case stacks
}

/// An expected frame (superview space) after some state of the layout.
struct ExpectedFrame {
    var id: String
    var frame: Rect
}

/// One generated document and everything the benchmark checks about it.
struct LayoutCase {
    var shape: LayoutShape
    var bytes: [UInt8]
    /// Every view id in document order (the answer must list exactly these, in order).
    var viewIDs: [String]
    var constraintCount: Int
    /// A few frames the document must solve to.
    var expected: [ExpectedFrame]
    /// `update` of one constant: body A changes it, body B restores the document's value.
    var updateBodies: (change: [UInt8], restore: [UInt8])
    /// Frames after body A (the rest of the layout is checked against `expected` after B).
    var expectedAfterUpdate: [ExpectedFrame]
    /// `setFrame` on the root: body A is a wider, taller window, body B the original one.
    var setFrameBodies: (change: [UInt8], restore: [UInt8])
    var expectedAfterSetFrame: [ExpectedFrame]

    var viewCount: Int { viewIDs.count }
}

/// The window every document starts in, and the one `setFrame` resizes it to.
let window = Rect(x: 0, y: 0, width: 375, height: 667)
let wideWindow = Rect(x: 0, y: 0, width: 414, height: 896)
let safeTop = 44.0

enum LayoutDocuments {
    static func make(_ shape: LayoutShape, views: Int) -> LayoutCase {
        precondition(views >= 10, "documents have at least 10 views")
        switch shape {
        case .cards: return cards(views)
        case .grid: return grid(views)
        case .stacks: return stacks(views)
        }
    }

    // MARK: cards

    /// root + C cards (card, title, subtitle) + footers for the remainder.
    /// card_i: x 12, y 52 + 66 i, 351 x 58; title: (16, 8) tw x 21; subtitle: (16, 33) sw x 17.
    private static func cards(_ n: Int) -> LayoutCase {
        var d = DocumentWriter()
        let count = (n - 1) / 3, footers = (n - 1) % 3
        func tw(_ i: Int) -> Double { Double(100 + (i % 7) * 10) }
        func sw(_ i: Int) -> Double { Double(180 + (i % 5) * 12) }
        func cardY(_ i: Int) -> Double { safeTop + 8 + 66 * Double(i) }

        d.beginViews()
        d.root()
        for i in 0..<count {
            d.view("card_\(i)", superview: "root") { w in
                w.key("margins"); w.insets(top: 8, left: 16, bottom: 8, right: 16)
            }
            d.view("title_\(i)", superview: "card_\(i)") { w in
                w.label(width: tw(i), height: 21, baseline: 17, verticalHugging: 251)
            }
            d.view("subtitle_\(i)", superview: "card_\(i)") { w in
                w.label(width: sw(i), height: 17, baseline: 13, horizontalCompression: 749)
            }
        }
        for j in 0..<footers {
            d.view("footer_\(j)", superview: "root") { w in
                w.key("intrinsicSize"); w.beginObject(); w.field("height", 20.0); w.endObject()
            }
        }
        d.beginConstraints()
        for i in 0..<count {
            let card = "card_\(i)", title = "title_\(i)", subtitle = "subtitle_\(i)"
            d.object(view: card, attributes: ["leading", "trailing"], to: "superview") { w in
                w.field("inset", 12.0); w.source("CardCell.swift", line: 31)
            }
            if i == 0 {
                d.object(view: card, attributes: ["top"], to: "superview.safeAreaLayoutGuide") { w in
                    w.field("offset", 8.0); w.field("label", "first-card"); w.source("FeedViewController.swift", line: 57)
                }
            } else {
                d.expression("\(card).top == card_\(i - 1).bottom + 8")
            }
            d.object(view: title, attributes: ["top", "leading"], to: "\(card).layoutMarginsGuide") { w in
                w.field("label", "title-anchor"); w.source("CardCell.swift", line: 40, column: 9)
            }
            d.expression("\(title).trailing <= \(card).trailingMargin @750")
            d.object(expr: "\(subtitle).top == \(title).bottom + 4") { w in w.source("CardCell.swift", line: 44) }
            d.object(view: subtitle, attributes: ["leading"], to: title) { w in w.field("priority", "required") }
            d.object(expr: "\(subtitle).trailing <= \(card).layoutMarginsGuide.trailing") { w in
                w.field("priority", "high"); w.field("label", "subtitle-fits")
            }
            d.object(view: subtitle, attributes: ["bottom"], to: "\(card).layoutMarginsGuide") { w in
                w.field("id", "\(subtitle)_bottom"); w.source("CardCell.swift", line: 47)
            }
            d.expression("\(title).width >= 44")
        }
        var previous = count > 0 ? "card_\(count - 1)" : nil
        for j in 0..<footers {
            let footer = "footer_\(j)"
            d.object(view: footer, attributes: ["horizontalEdges"], to: "superview") { w in w.field("inset", 12.0) }
            if let p = previous { d.expression("\(footer).top == \(p).bottom + 8") } else {
                d.object(view: footer, attributes: ["top"], to: "superview.safeAreaLayoutGuide") { w in w.field("offset", 8.0) }
            }
            previous = footer
        }

        let last = count - 1, mid = count / 2
        var expected = [ExpectedFrame(id: "root", frame: window)]
        for i in Set([0, mid, last]).sorted() {
            expected.append(ExpectedFrame(id: "card_\(i)", frame: Rect(x: 12, y: cardY(i), width: 351, height: 58)))
            expected.append(ExpectedFrame(id: "title_\(i)", frame: Rect(x: 16, y: 8, width: tw(i), height: 21)))
            expected.append(ExpectedFrame(id: "subtitle_\(i)", frame: Rect(x: 16, y: 33, width: sw(i), height: 17)))
        }
        // update: card k's top spacing 8 -> 12 (every card below moves down 4).
        let k = max(mid, 1)
        func update(_ offset: Double) -> [UInt8] {
            opsBody { w in
                w.beginObject(); w.field("op", "update"); w.field("view", "card_\(k)")
                w.key("constraints"); w.beginArray()
                w.beginObject(); w.field("attributes", "top"); w.field("to", "card_\(k - 1).bottom"); w.field("offset", offset)
                w.endObject()
                w.endArray(); w.endObject()
            }
        }
        let afterUpdate = [
            ExpectedFrame(id: "card_\(k - 1)", frame: Rect(x: 12, y: cardY(k - 1), width: 351, height: 58)),
            ExpectedFrame(id: "card_\(k)", frame: Rect(x: 12, y: cardY(k) + 4, width: 351, height: 58)),
            ExpectedFrame(id: "card_\(last)", frame: Rect(x: 12, y: cardY(last) + 4, width: 351, height: 58)),
        ]
        let wide = wideWindow.width - 24
        let afterSetFrame = [
            ExpectedFrame(id: "root", frame: wideWindow),
            ExpectedFrame(id: "card_0", frame: Rect(x: 12, y: cardY(0), width: wide, height: 58)),
            ExpectedFrame(id: "card_\(last)", frame: Rect(x: 12, y: cardY(last), width: wide, height: 58)),
            ExpectedFrame(id: "subtitle_\(last)", frame: Rect(x: 16, y: 33, width: sw(last), height: 17)),
        ]
        return d.finish(.cards, expected: expected, updateBodies: (update(12), update(8)),
                        expectedAfterUpdate: afterUpdate, expectedAfterSetFrame: afterSetFrame)
    }

    // MARK: grid

    /// root + grid + M = n - 2 cells in rows of 10 (8 pt spacing, 8 pt margins, 44 pt tall); fewer
    /// than 10 cells make one full row (a partial first row would leave the widths undetermined).
    /// grid: (16, 60) 343 wide; cell c,r: x 8 + c (w + 8), y 8 + 52 r, w = (343 - 16 - 72) / 10 with 10 columns.
    private static func grid(_ n: Int) -> LayoutCase {
        var d = DocumentWriter()
        let cells = n - 2, columns = min(10, n - 2)
        let rows = (cells + columns - 1) / columns
        func cellWidth(_ gridWidth: Double) -> Double { (gridWidth - 16 - Double(columns - 1) * 8) / Double(columns) }
        func cellFrame(_ k: Int, gridWidth: Double = window.width - 32, extraY: Double = 0, height: Double = 44) -> Rect {
            let w = cellWidth(gridWidth)
            return Rect(x: 8 + Double(k % columns) * (w + 8), y: 8 + 52 * Double(k / columns) + extraY, width: w, height: height)
        }

        d.beginViews()
        d.root()
        d.view("grid", superview: "root") { w in
            w.key("margins"); w.beginObject()
            w.field("top", 8.0); w.field("leading", 8.0); w.field("bottom", 8.0); w.field("trailing", 8.0)
            w.endObject()
        }
        for k in 0..<cells { d.view("cell_\(k)", superview: "grid") { _ in } }
        d.beginConstraints()
        d.object(view: "grid", attributes: ["top", "leading", "trailing"], to: "superview.safeAreaLayoutGuide") { w in
            w.field("inset", 16.0); w.source("GridViewController.swift", line: 22)
        }
        for k in 0..<cells {
            let cell = "cell_\(k)", column = k % columns
            if column == 0 {
                d.object(view: cell, attributes: ["leading"], to: "superview.leadingMargin") { w in
                    w.source("GridViewController.swift", line: 30)
                }
            } else {
                d.expression("\(cell).leading == cell_\(k - 1).trailing + 8")
            }
            if column == columns - 1 {
                d.object(view: cell, attributes: ["trailing"], to: "superview.trailingMargin") { w in
                    w.field("label", "row-end")
                }
            }
            if k > 0 {
                if k % 2 == 0 {
                    d.expression("\(cell).width == cell_0.width")
                } else {
                    d.object(view: cell, attributes: ["width"], to: "cell_0") { w in w.field("label", "equal-width") }
                }
            }
            if k < columns {
                d.object(view: cell, attributes: ["top"], to: "superview.topMargin") { _ in }
            } else if column == 0 {
                d.object(expr: "\(cell).top == cell_\(k - columns).bottom + 8") { w in w.source("GridViewController.swift", line: 36) }
            } else {
                d.object(view: cell, attributes: ["top"], to: "cell_\(k - 1)") { _ in }
            }
            d.object(view: cell, attributes: ["height"], to: 44) { w in w.field("label", "cell-height") }
            d.expression("\(cell).width >= 20 @500")
        }
        d.expression("cell_\(cells - 1).bottom == superview.bottomMargin")

        let gridHeight = 52 * Double(rows) + 8
        let expected = [
            ExpectedFrame(id: "root", frame: window),
            ExpectedFrame(id: "grid", frame: Rect(x: 16, y: safeTop + 16, width: 343, height: gridHeight)),
            ExpectedFrame(id: "cell_0", frame: cellFrame(0)),
            ExpectedFrame(id: "cell_\(min(7, cells - 1))", frame: cellFrame(min(7, cells - 1))),
            ExpectedFrame(id: "cell_\(cells / 2)", frame: cellFrame(cells / 2)),
            ExpectedFrame(id: "cell_\(cells - 1)", frame: cellFrame(cells - 1)),
        ]
        // update: one first-column cell in the middle grows 44 -> 48: the rows below move down.
        let k = (cells / 2) / columns * columns
        func update(_ height: Double) -> [UInt8] {
            opsBody { w in
                w.beginObject(); w.field("op", "update"); w.field("view", "cell_\(k)")
                w.key("constraints"); w.beginArray()
                w.beginObject(); w.field("attributes", "height"); w.field("to", height); w.endObject()
                w.endArray(); w.endObject()
            }
        }
        // (k is at most the second-to-last row from 12 cells on: everything below moves down 4.)
        let afterUpdate = [
            ExpectedFrame(id: "cell_\(k)", frame: cellFrame(k, height: 48)),
            ExpectedFrame(id: "cell_\(k + columns)", frame: cellFrame(k + columns, extraY: 4)),
            ExpectedFrame(id: "cell_\(cells - 1)", frame: cellFrame(cells - 1, extraY: 4)),
            ExpectedFrame(id: "grid", frame: Rect(x: 16, y: safeTop + 16, width: 343, height: gridHeight + 4)),
        ]
        let wideGrid = wideWindow.width - 32
        let afterSetFrame = [
            ExpectedFrame(id: "root", frame: wideWindow),
            ExpectedFrame(id: "grid", frame: Rect(x: 16, y: safeTop + 16, width: wideGrid, height: gridHeight)),
            ExpectedFrame(id: "cell_\(cells - 1)", frame: cellFrame(cells - 1, gridWidth: wideGrid)),
        ]
        return d.finish(.grid, expected: expected, updateBodies: (update(48), update(44)),
                        expectedAfterUpdate: afterUpdate, expectedAfterSetFrame: afterSetFrame)
    }

    // MARK: nested stacks

    /// root > stack (vertical, spacing 12) > sections (horizontal, 2 equal columns, spacing 8) >
    /// columns (vertical, spacing 4) > 2 labels (21 and 17 tall); footers fill the remainder.
    /// stack: (16, 52) 343 wide; sec_s: (0, 54 s) 343 x 42; col_s_1: (175.5, 0) 167.5 x 42.
    private static func stacks(_ n: Int) -> LayoutCase {
        var d = DocumentWriter()
        let sections = (n - 2) / 7, footers = (n - 2) % 7
        let labelHeights = [21.0, 17.0]
        let sectionHeight = 42.0
        func columnWidth(_ stackWidth: Double) -> Double { (stackWidth - 8) / 2 }
        func sectionY(_ s: Int) -> Double { Double(s) * (sectionHeight + 12) }

        d.beginViews()
        d.root()
        d.view("stack", superview: "root") { _ in }
        var children: [String] = []
        for s in 0..<sections {
            let section = "sec_\(s)"
            children.append(section)
            d.view(section, superview: "stack") { _ in }
            for c in 0..<2 {
                let column = "col_\(s)_\(c)"
                d.view(column, superview: section) { _ in }
                for j in 0..<2 {
                    d.view("lbl_\(s)_\(c)_\(j)", superview: column) { w in
                        w.label(width: Double(60 + ((s + c + j) % 6) * 12), height: labelHeights[j], baseline: j == 0 ? 17 : 13,
                                verticalHugging: j == 0 ? 251 : 250)
                    }
                }
            }
        }
        for j in 0..<footers {
            children.append("foot_\(j)")
            d.view("foot_\(j)", superview: "stack") { w in
                w.key("intrinsicSize"); w.beginObject(); w.field("width", 80.0); w.field("height", 20.0); w.endObject()
            }
        }

        d.beginConstraints()
        d.object(view: "stack", attributes: ["top", "leading", "trailing"], to: "superview.safeAreaLayoutGuide") { w in
            w.key("inset"); w.beginObject()
            w.field("top", 8.0); w.field("leading", 16.0); w.field("bottom", 0.0); w.field("trailing", 16.0)
            w.endObject()
            w.source("StackScreen.swift", line: 12)
        }
        // One vertical stack: children top to bottom, each filling the width.
        func vertical(_ items: [String], spacing: Double, edges: String) {
            for (i, item) in items.enumerated() {
                d.object(view: item, attributes: [edges], to: "superview") { _ in }
                if i == 0 {
                    d.object(view: item, attributes: ["top"], to: "superview") { w in w.field("label", "stack-top") }
                } else {
                    d.expression("\(item).top == \(items[i - 1]).bottom + \(Int(spacing))")
                }
            }
            if let last = items.last { d.expression("\(last).bottom == superview.bottom") }
        }
        vertical(children, spacing: 12, edges: "directionalHorizontalEdges")
        for s in 0..<sections {
            let c0 = "col_\(s)_0", c1 = "col_\(s)_1"
            // A horizontal fill-equally stack of the two columns.
            d.object(view: c0, attributes: ["leading", "top", "bottom"], to: "superview") { w in
                w.source("SectionView.swift", line: 18)
            }
            d.object(expr: "\(c1).leading == \(c0).trailing + 8") { w in w.field("label", "column-spacing") }
            d.object(view: c1, attributes: ["verticalEdges"], to: "superview") { _ in }
            d.object(view: c1, attributes: ["trailing"], to: "superview") { _ in }
            d.object(view: c1, attributes: ["width"], to: c0) { w in w.field("label", "fill-equally") }
            for c in 0..<2 {
                vertical(["lbl_\(s)_\(c)_0", "lbl_\(s)_\(c)_1"], spacing: 4, edges: "horizontalEdges")
            }
        }

        let width = window.width - 32, col = columnWidth(width)
        let stackHeight = Double(sections) * sectionHeight + Double(footers) * 20 + Double(max(children.count - 1, 0)) * 12
        var expected = [
            ExpectedFrame(id: "root", frame: window),
            ExpectedFrame(id: "stack", frame: Rect(x: 16, y: safeTop + 8, width: width, height: stackHeight)),
        ]
        let mid = sections / 2
        for s in Set([0, mid, sections - 1]).sorted() where s >= 0 {
            expected.append(ExpectedFrame(id: "sec_\(s)", frame: Rect(x: 0, y: sectionY(s), width: width, height: sectionHeight)))
            expected.append(ExpectedFrame(id: "col_\(s)_1", frame: Rect(x: col + 8, y: 0, width: col, height: sectionHeight)))
            expected.append(ExpectedFrame(id: "lbl_\(s)_1_1", frame: Rect(x: 0, y: 25, width: col, height: 17)))
        }
        if footers > 0 {
            expected.append(ExpectedFrame(id: "foot_\(footers - 1)",
                                          frame: Rect(x: 0, y: stackHeight - 20, width: width, height: 20)))
        }
        // update: the spacing above section k 12 -> 16.
        let k = max(mid, 1)
        func update(_ spacing: Double) -> [UInt8] {
            opsBody { w in
                w.beginObject(); w.field("op", "update"); w.field("view", "sec_\(k)")
                w.key("constraints"); w.beginArray()
                w.beginObject(); w.field("attributes", "top"); w.field("to", "sec_\(k - 1).bottom"); w.field("offset", spacing)
                w.endObject()
                w.endArray(); w.endObject()
            }
        }
        let afterUpdate = [
            ExpectedFrame(id: "stack", frame: Rect(x: 16, y: safeTop + 8, width: width, height: stackHeight + 4)),
            ExpectedFrame(id: "sec_\(k - 1)", frame: Rect(x: 0, y: sectionY(k - 1), width: width, height: sectionHeight)),
            ExpectedFrame(id: "sec_\(k)", frame: Rect(x: 0, y: sectionY(k) + 4, width: width, height: sectionHeight)),
        ]
        let wide = wideWindow.width - 32, wideCol = columnWidth(wide)
        let afterSetFrame = [
            ExpectedFrame(id: "root", frame: wideWindow),
            ExpectedFrame(id: "stack", frame: Rect(x: 16, y: safeTop + 8, width: wide, height: stackHeight)),
            ExpectedFrame(id: "col_\(sections - 1)_1", frame: Rect(x: wideCol + 8, y: 0, width: wideCol, height: sectionHeight)),
            ExpectedFrame(id: "lbl_\(mid)_0_0", frame: Rect(x: 0, y: 0, width: wideCol, height: 21)),
        ]
        return d.finish(.stacks, expected: expected, updateBodies: (update(16), update(12)),
                        expectedAfterUpdate: afterUpdate, expectedAfterSetFrame: afterSetFrame)
    }

    // MARK: edit bodies

    private static func opsBody(_ ops: (inout JSONWriter) -> Void) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject(); w.key("ops"); w.beginArray()
        ops(&w)
        w.endArray(); w.endObject()
        return w.bytes
    }

    static func setFrameBody(_ frame: Rect) -> [UInt8] {
        opsBody { w in
            w.beginObject(); w.field("op", "setFrame"); w.field("view", "root"); w.key("frame"); w.rect(frame); w.endObject()
        }
    }
}
