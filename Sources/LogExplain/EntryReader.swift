/// Reads one entry's text (docs/explain.md §2): `Class:0xADDR`, then any of SnapKit's
/// `@File.swift#12`, an identifier in quotes, an autoresizing mask (`h=--& v=--&`); then the
/// relation, as an expression (`UILabel:0x….leading == UIView:0x….leadingMargin + 8`,
/// `….width == 0.5*UIView:0x….width`) or in VFL (`H:|-(10)-[UILabel:0x…]`,
/// `V:[UIView:0x…(44@750)]`, `H:[A]-(NSSpace(8))-[B]`); then `(active, names: '|':…)`.
struct EntryReader {
    private var t: [Unicode.Scalar]
    private var i = 0
    /// The views named on the way, by key.
    private(set) var views: [(ViewKey, LoggedView)] = []
    private var names: [String: ViewKey] = [:]
    /// The direction an AppKit VFL description states, if it states one.
    private var direction: Direction?
    private enum Direction { case leftToRight, rightToLeft }
    /// Views whose superview the entry names (`|` of a VFL line with `names: '|':…`).
    private(set) var superviews: [(child: ViewKey, parent: ViewKey)] = []

    init(_ text: ArraySlice<Unicode.Scalar>) { t = Array(text) }

    mutating func read() -> EntryReading {
        let className = word()
        guard !className.isEmpty, eat(":") else { return .unreadable("no constraint class") }
        var address: String?, name: String?
        if let hex = hexAddress() { address = hex } else {
            let n = until { $0 == " " }
            name = n.isEmpty ? nil : n
        }
        var identifier: String?, mask: String?, source: (String, Int)?
        // Prefixes, in any order.
        while true {
            spaces()
            if peek("@"), let s = snapKitSource() { source = s; continue }
            if peek("'") || peek("\"") {
                let q = t[i]
                i += 1
                identifier = until { $0 == q }
                _ = eat(q)
                continue
            }
            if peek("h=") || peek("v=") {
                let m = until { $0 == " " }
                mask = mask.map { $0 + " " + m } ?? m
                continue
            }
            break
        }
        // The annotation at the end: `(active)`, `(inactive)`, `(Names: …)`, `(active, names: …)`.
        var end = t.count
        var active: Bool?
        if let a = lastAnnotation() {
            end = a
            let body = String(String.UnicodeScalarView(t[(a + 1)...]))
            let lowered = body.lowercased()
            if lowered.hasPrefix("active") { active = true }
            if lowered.hasPrefix("inactive") { active = false }
            if let n = t.find("names:", from: a) { readNames(from: n + 6) }
        }
        while end > i, t[end - 1] == " " { end -= 1 }
        let description = String(String.UnicodeScalarView(t[i..<end]))
        // AppKit's `(LTR)` / `(RTL)` after a VFL description: leading is left, or right.
        if end - i > 5 {
            let suffix = String(String.UnicodeScalarView(t[(end - 5)..<end]))
            if suffix == "(LTR)" || suffix == "(RTL)" {
                direction = suffix == "(LTR)" ? .leftToRight : .rightToLeft
                end -= 5
            }
        }
        t = Array(t[..<end])
        var c = LoggedConstraint(className: className, address: address, name: name, identifier: identifier,
                                 autoresizingMask: mask, source: source, description: description,
                                 first: .address(""), firstAttribute: "", relation: "==", active: active)
        let ok = peek("H:") || peek("V:") ? vfl(&c) : expression(&c)
        guard ok else { return .unreadable("could not read the relation '\(description)'") }
        return .constraint(c)
    }

    // MARK: expressions

    private mutating func expression(_ c: inout LoggedConstraint) -> Bool {
        guard let (first, a) = itemAttribute() else { return false }
        c.first = first; c.firstAttribute = a
        spaces()
        guard let r = relation() else { return false }
        c.relation = r
        spaces()
        if let n = number() {
            spaces()
            if eat("*") {
                c.multiplier = n
                spaces()
            } else {
                c.constant = n
                return tail(&c)
            }
        }
        guard let (second, b) = itemAttribute() else { return false }
        c.second = (second, b)
        spaces()
        if eat("*") { spaces(); guard let m = number() else { return false }; c.multiplier = m } else if eat("/") {
            spaces(); guard let d = number(), d != 0 else { return false }; c.multiplier = 1 / d
        }
        spaces()
        if peek("+") || peek("-") {
            let negative = t[i] == "-"
            i += 1
            spaces()
            guard let k = number() else { return false }
            c.constant = negative ? -k : k
        }
        return tail(&c)
    }

    /// `@750` or `priority:750` and nothing else.
    private mutating func tail(_ c: inout LoggedConstraint) -> Bool {
        spaces()
        if eat("@") { spaces(); guard let p = number() else { return false }; c.priority = p }
        spaces()
        return i == t.count
    }

    private mutating func relation() -> String? {
        for r in ["==", "<=", ">="] where peek(r) { i += 2; return r }
        if eat("=") { return "==" }
        return nil
    }

    /// `Class:0xADDR['text'].attr`, or `name.attr` for a name bound by the entry's `names:`.
    private mutating func itemAttribute() -> (ViewKey, String)? {
        guard let view = item(attributeFollows: true), eat(".") else { return nil }
        let a = word()
        guard let attribute = LogAttributes.table[a] else { return nil }
        return (view, attribute)
    }

    /// A view: `Class:0xADDR` with an optional text label (`'…'`, `"…"`, or lost quotes),
    /// a bound name, or `|`.
    private mutating func item(attributeFollows: Bool) -> ViewKey? {
        let start = i
        if eat("'|'") || eat("|") { return names["|"] }
        let className = word()
        guard !className.isEmpty else { i = start; return nil }
        guard eat(":") else {
            // A bare name: one the entry's `names:` binds, or a view known by that name only.
            if attributeFollows, className.contains("."), let dot = className.lastIndex(of: ".") {
                // `label.leading` read as one word: give the attribute back.
                i -= className.distance(from: dot, to: className.endIndex)
                let bare = String(className[..<dot])
                return names[bare] ?? remember(.address(bare), LoggedView(className: bare))
            }
            return names[className] ?? remember(.address(className), LoggedView(className: className))
        }
        guard let address = hexAddress() else {
            // Masonry's keys stand for addresses: `UIImageView:iconView`.
            let k = i
            while i < t.count, LogScanner.isNameScalar(t[i]), t[i] != "." { i += 1 }
            guard i > k else { i = start; return nil }
            let key = String(String.UnicodeScalarView(t[k..<i]))
            return names[key] ?? remember(.address(className + ":" + key), LoggedView(className: className, key: key))
        }
        var text: String?
        if peek("'") || peek("\"") {
            let q = t[i]
            i += 1
            let s = i
            // The closing quote is the one followed by what ends an item (a label may hold `'`).
            while i < t.count, !(t[i] == q && (i + 1 >= t.count || ".]() ,>".unicodeScalars.contains(t[i + 1]))) { i += 1 }
            text = String(String.UnicodeScalarView(t[s..<i]))
            _ = eat(q)
        } else if i < t.count, !".]() ".unicodeScalars.contains(t[i]) {
            // Quotes lost: the label runs to the attribute's dot (or the bracket in VFL).
            let s = i
            var stop = i
            while stop < t.count, t[stop] != "]", t[stop] != "(" { stop += 1 }
            if attributeFollows {
                var k = stop - 1
                while k > s, !(t[k] == "." && LogAttributes.table[wordAt(k + 1)] != nil) { k -= 1 }
                stop = k > s ? k : stop
            }
            text = String(String.UnicodeScalarView(t[s..<stop]))
            i = stop
        }
        return remember(.address(address), LoggedView(className: className, address: address, text: text))
    }

    private mutating func remember(_ key: ViewKey, _ view: LoggedView) -> ViewKey {
        views.append((key, view))
        return key
    }

    // MARK: VFL

    private mutating func vfl(_ c: inout LoggedConstraint) -> Bool {
        let vertical = t[i] == "V"
        i += 2
        let (lead, trail, size): (String, String, String)
        switch (vertical, direction) {
        case (true, _): (lead, trail, size) = ("top", "bottom", "height")
        case (false, .leftToRight?): (lead, trail, size) = ("left", "right", "width")
        case (false, .rightToLeft?): (lead, trail, size) = ("right", "left", "width")
        case (false, nil): (lead, trail, size) = ("leading", "trailing", "width")
        }
        // Right to left, a spacing runs towards smaller x: its sign and its inequality turn around.
        let mirrored = !vertical && direction == .rightToLeft
        func spaced(_ r: String, _ s: Double) -> (String, Double) {
            guard mirrored else { return (r, s) }
            return (r == "<=" ? ">=" : r == ">=" ? "<=" : r, -s)
        }
        var edgeFirst = false
        if eat("|") { edgeFirst = true }
        var spacing: (String, Double, Double)?
        if edgeFirst {
            guard eat("-") else { return false }
            spacing = vflSpacing(standard: 20)
            guard spacing != nil, eat("-") || peek("[") else { return false }
        }
        guard eat("["), let a = item(attributeFollows: false) else { return false }
        // `[A(44)]`, `[A(>=10@750)]`, `[A(==B)]`.
        if eat("(") {
            guard !edgeFirst else { return false }
            c.first = a; c.firstAttribute = size
            let (r, value, p) = vflPredicate()
            c.relation = r; c.priority = p
            if let value { c.constant = value } else {
                guard let b = item(attributeFollows: false) else { return false }
                c.second = (b, size)
                _ = vflPriority(&c.priority)
            }
            guard eat(")"), eat("]") else { return false }
            return i == t.count
        }
        guard eat("]") else { return false }
        if edgeFirst, let (r, s, p) = spacing {
            // |-(s)-[A]: A.lead == |.lead + s.
            c.first = a; c.firstAttribute = lead
            c.second = (edge(of: a), lead); (c.relation, c.constant) = spaced(r, s); c.priority = p
            return i == t.count
        }
        guard eat("-") else { return false }
        let edgeLast = peek("|") || peek("-|")
        guard let (r, s, p) = vflSpacing(standard: edgeLast ? 20 : 8), eat("-") || peek("|") || peek("[") else { return false }
        if eat("|") {
            // [A]-(s)-|: |.trail == A.trail + s.
            c.first = edge(of: a); c.firstAttribute = trail
            c.second = (a, trail); (c.relation, c.constant) = spaced(r, s); c.priority = p
            return i == t.count
        }
        guard eat("["), let b = item(attributeFollows: false), eat("]") else { return false }
        // [A]-(s)-[B]: B.lead == A.trail + s.
        c.first = b; c.firstAttribute = lead
        c.second = (a, trail); (c.relation, c.constant) = spaced(r, s); c.priority = p
        return i == t.count
    }

    /// The `|` next to `a`: its superview, named by the entry (and then remembered as
    /// `a`'s superview) or not.
    private mutating func edge(of a: ViewKey) -> ViewKey {
        guard let s = names["|"] else { return .superviewOf(a) }
        superviews.append((a, s))
        return s
    }

    /// `(8)`, `(>=20@750)`, `(NSSpace(8))`, `(NSLayoutAnchorConstraintSpace(8))`, or nothing
    /// (Auto Layout's standard 8; the superview's 20 is printed as a number).
    private mutating func vflSpacing(standard: Double) -> (String, Double, Double)? {
        guard eat("(") else { return ("==", standard, 1000) }
        let (r, value, p) = vflPredicate()
        guard let value, eat(")") else { return nil }
        return (r, value, p)
    }

    /// `[relation] number-or-space [@priority]`, the number nil when an item follows.
    private mutating func vflPredicate() -> (String, Double?, Double) {
        spaces()
        let r = relation() ?? "=="
        spaces()
        var value = number()
        if value == nil {
            let start = i
            let w = word()
            if w.hasSuffix("Space"), eat("(") {
                value = number()
                _ = eat(")")
            } else {
                i = start
            }
        }
        var p = 1000.0
        _ = vflPriority(&p)
        return (r, value, p)
    }

    private mutating func vflPriority(_ p: inout Double) -> Bool {
        guard eat("@"), let n = number() else { return false }
        p = n
        return true
    }

    // MARK: names

    /// `'|':UIView:0x…, label:0x…` up to the closing parenthesis.
    private mutating func readNames(from start: Int) {
        let saved = (i, t)
        i = start
        while i < t.count {
            spaces()
            var name: String
            if eat("'") { name = until { $0 == "'" }; _ = eat("'") } else { name = until { $0 == ":" || $0 == ")" } }
            guard eat(":") else { break }
            if let hex = hexAddress() {
                names[name] = remember(.address(hex), LoggedView(className: name, address: hex))
            } else if let view = item(attributeFollows: false) {
                names[name] = view
            }
            spaces()
            guard eat(",") else { break }
        }
        (i, t) = saved
    }

    private func lastAnnotation() -> Int? {
        var k = t.count - 1
        while k > i {
            if t[k] == "(", k > 0, t[k - 1] == " " {
                let w = String(String.UnicodeScalarView(t[(k + 1)..<min(t.count, k + 9)])).lowercased()
                if w.hasPrefix("active") || w.hasPrefix("inactive") || w.hasPrefix("names:") { return k }
            }
            k -= 1
        }
        return nil
    }

    // MARK: scanning

    private func peek(_ s: String) -> Bool {
        var k = i
        for u in s.unicodeScalars {
            guard k < t.count, t[k] == u else { return false }
            k += 1
        }
        return true
    }

    private mutating func eat(_ s: String) -> Bool {
        guard peek(s) else { return false }
        i += s.unicodeScalars.count
        return true
    }

    private mutating func eat(_ s: Unicode.Scalar) -> Bool {
        guard i < t.count, t[i] == s else { return false }
        i += 1
        return true
    }

    private mutating func spaces() { while i < t.count, t[i] == " " { i += 1 } }

    private mutating func word() -> String {
        let s = i
        while i < t.count, LogScanner.isNameScalar(t[i]) { i += 1 }
        return String(String.UnicodeScalarView(t[s..<i]))
    }

    private func wordAt(_ k: Int) -> String {
        var e = k
        while e < t.count, LogScanner.isNameScalar(t[e]), t[e] != "." { e += 1 }
        return String(String.UnicodeScalarView(t[k..<e]))
    }

    private mutating func until(_ stop: (Unicode.Scalar) -> Bool) -> String {
        let s = i
        while i < t.count, !stop(t[i]) { i += 1 }
        return String(String.UnicodeScalarView(t[s..<i]))
    }

    private mutating func hexAddress() -> String? {
        guard peek("0x") || peek("0X") else { return nil }
        var k = i + 2
        while k < t.count, t[k].properties.isASCIIHexDigit { k += 1 }
        guard k > i + 2 else { return nil }
        defer { i = k }
        return String(String.UnicodeScalarView(t[i..<k])).lowercased()
    }

    /// A decimal number (`10`, `-10.5`, `1e+02`, `+8`).
    private mutating func number() -> Double? {
        let s = i
        var sign = ""
        if i < t.count, t[i] == "-" || t[i] == "+" {
            sign = t[i] == "-" ? "-" : ""
            i += 1
            spaces()  // `== - 16`
        }
        let digits = i
        while i < t.count, (t[i] >= "0" && t[i] <= "9") || t[i] == "." { i += 1 }
        guard i > digits else { i = s; return nil }
        if i < t.count, t[i] == "e" || t[i] == "E" {
            var k = i + 1
            if k < t.count, t[k] == "-" || t[k] == "+" { k += 1 }
            if k < t.count, t[k] >= "0" && t[k] <= "9" {
                while k < t.count, t[k] >= "0" && t[k] <= "9" { k += 1 }
                i = k
            }
        }
        guard let v = Double(sign + String(String.UnicodeScalarView(t[digits..<i]))), v.isFinite else { i = s; return nil }
        return v
    }

    /// `@ViewController.swift#42`.
    private mutating func snapKitSource() -> (String, Int)? {
        let s = i
        i += 1
        let file = until { $0 == "#" || $0 == " " }
        guard eat("#") else { i = s; return nil }
        let digits = until { !($0 >= "0" && $0 <= "9") }
        guard let line = Int(digits), !file.isEmpty else { i = s; return nil }
        return (file, line)
    }
}
