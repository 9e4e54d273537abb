/// A paste's lines with what pasting added taken out (docs/explain.md §1): markdown quote
/// markers (`> `), emphasis (`**`), code marks (backticks), backslash escapes (`\<`), HTML
/// entities (`&lt;`), tabs. Each kept character remembers its column in the paste, so
/// positions point at what the person pasted, not at the cleaned text.
struct PasteLine {
    /// 1-based.
    let number: Int
    let text: [Unicode.Scalar]
    /// 1-based column (in characters) of each scalar of `text` in the original line.
    let columns: [Int]

    var string: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: text)
        return String(s)
    }

    /// The column of `text[i]` in the paste (the line's end for `i` past it).
    func column(_ i: Int) -> Int {
        i < columns.count ? columns[i] : (columns.last.map { $0 + 1 } ?? 1)
    }
}

enum PasteText {
    /// The lines of `text`, cleaned; at most `maxLines` (what is past it is not read).
    static func lines(_ text: String, maxLines: Int) -> [PasteLine] {
        var lines: [PasteLine] = []
        var current: [Unicode.Scalar] = []
        var number = 1
        var previousCR = false
        for s in text.unicodeScalars {
            if s == "\n" && previousCR { previousCR = false; continue }
            previousCR = s == "\r"
            if s == "\n" || s == "\r" {
                lines.append(clean(current, number: number))
                if lines.count >= maxLines { return lines }
                current.removeAll(keepingCapacity: true)
                number += 1
            } else {
                current.append(s)
            }
        }
        if !current.isEmpty { lines.append(clean(current, number: number)) }
        return lines
    }

    private static let entities: [(String, Unicode.Scalar)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&"), ("&nbsp;", " "),
    ]

    static func clean(_ raw: [Unicode.Scalar], number: Int) -> PasteLine {
        var text: [Unicode.Scalar] = []
        var columns: [Int] = []
        text.reserveCapacity(raw.count)
        var i = 0
        // Quote markers at the start: `> `, `>> `, `> > ` (a constraint never starts with `>`).
        while i < raw.count, raw[i] == " " || raw[i] == "\t" { i += 1 }
        var j = i
        while j < raw.count, raw[j] == ">" {
            j += 1
            while j < raw.count, raw[j] == " " { j += 1 }
            i = j
        }
        while i < raw.count {
            let s = raw[i]
            if s == "`" { i += 1; continue }
            if s == "*", i + 1 < raw.count, raw[i + 1] == "*" { i += 2; continue }
            if s == "\\", i + 1 < raw.count, "<>_*[]()\"'|-#`.!+{}".unicodeScalars.contains(raw[i + 1]) {
                text.append(raw[i + 1]); columns.append(i + 2); i += 2; continue
            }
            if s == "&", let (length, replacement) = entity(raw, at: i) {
                text.append(replacement); columns.append(i + 1); i += length; continue
            }
            // Non-breaking and other odd spaces, and tabs, are spaces.
            text.append(s == "\t" || s == "\u{00A0}" || s == "\u{2007}" || s == "\u{202F}" ? " " : s)
            columns.append(i + 1)
            i += 1
        }
        return PasteLine(number: number, text: text, columns: columns)
    }

    private static func entity(_ raw: [Unicode.Scalar], at i: Int) -> (Int, Unicode.Scalar)? {
        for (name, replacement) in entities {
            let n = Array(name.unicodeScalars)
            if i + n.count <= raw.count, Array(raw[i..<(i + n.count)]) == n { return (n.count, replacement) }
        }
        return nil
    }
}

extension Array where Element == Unicode.Scalar {
    /// The first index at or after `from` where `needle` starts, compared without case
    /// (ASCII letters).
    func find(_ needle: String, from: Int = 0) -> Int? {
        let n = Array(needle.unicodeScalars)
        guard !n.isEmpty, count >= n.count else { return nil }
        var i = from
        while i + n.count <= count {
            var k = 0
            while k < n.count, Self.lower(self[i + k]) == Self.lower(n[k]) { k += 1 }
            if k == n.count { return i }
            i += 1
        }
        return nil
    }

    static func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (s.value >= 65 && s.value <= 90) ? Unicode.Scalar(s.value + 32) ?? s : s
    }
}
