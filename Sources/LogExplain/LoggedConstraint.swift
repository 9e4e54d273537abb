/// A view as a log names it: `UILabel:0x7fa01200b390'Leo Nicholson'`, or by a name its
/// entry's `names:` list binds, or as the unnamed superview (`|`) of another.
enum ViewKey: Hashable {
    /// An address (`0x…`), or a bare name no `names:` list explained.
    case address(String)
    /// The `|` of a VFL description whose entry does not name it.
    indirect case superviewOf(ViewKey)
}

struct LoggedView {
    var className: String
    var address: String?
    var text: String?
    /// Masonry's `mas_key`, printed where the address would be.
    var key: String?

    init(className: String, address: String? = nil, text: String? = nil, key: String? = nil) {
        self.className = className; self.address = address; self.text = text; self.key = key
    }
}

/// One entry of a log, read (docs/explain.md §2).
struct LoggedConstraint {
    var className: String
    /// `0x…`, or nil (a Masonry key, `MASLayoutConstraint:TitleLeft`, stands in `name`).
    var address: String?
    var name: String?
    /// `'UIView-Encapsulated-Layout-Width'`, `'UISV-spacing'`, … (quotes removed).
    var identifier: String?
    /// `h=--& v=--&` of an `NSAutoresizingMaskLayoutConstraint`.
    var autoresizingMask: String?
    /// SnapKit's `@ViewController.swift#42`.
    var source: (file: String, line: Int)?
    /// The relation as printed (the text between the prefixes and `(active…)`).
    var description: String
    var first: ViewKey
    var firstAttribute: String
    var relation: String
    var second: (view: ViewKey, attribute: String)?
    var multiplier: Double = 1
    var constant: Double = 0
    var priority: Double = 1000
    /// From `(active)` / `(inactive)`, when printed.
    var active: Bool?
}

/// What reading an entry gives: the constraint, or why it could not be read (a warning).
enum EntryReading {
    case constraint(LoggedConstraint)
    case unreadable(String)
}

/// Auto Layout's attribute names, in the logs' spellings (UIKit, AppKit, the autoresizing
/// mask's `minX`…), as the expression language names them.
enum LogAttributes {
    static let table: [String: String] = [
        "left": "left", "right": "right", "top": "top", "bottom": "bottom", "leading": "leading", "trailing": "trailing",
        "width": "width", "height": "height", "centerX": "centerX", "centerY": "centerY",
        "baseline": "lastBaseline", "lastBaseline": "lastBaseline", "firstBaseline": "firstBaseline",
        "leftMargin": "leftMargin", "rightMargin": "rightMargin", "topMargin": "topMargin", "bottomMargin": "bottomMargin",
        "leadingMargin": "leadingMargin", "trailingMargin": "trailingMargin",
        "centerXWithinMargins": "centerXWithinMargins", "centerYWithinMargins": "centerYWithinMargins",
        "minX": "left", "maxX": "right", "midX": "centerX", "minY": "top", "maxY": "bottom", "midY": "centerY",
    ]

    static func isSize(_ attribute: String) -> Bool { attribute == "width" || attribute == "height" }

    static func isVertical(_ attribute: String) -> Bool {
        ["top", "bottom", "centerY", "lastBaseline", "firstBaseline", "topMargin", "bottomMargin", "centerYWithinMargins", "height"]
            .contains(attribute)
    }
}
