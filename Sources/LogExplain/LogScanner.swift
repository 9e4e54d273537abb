/// Finds the logs in a paste (docs/explain.md §1): each starts at a header ("Unable to
/// simultaneously satisfy constraints", macOS 14's "Conflicting constraints detected"), lists
/// constraint entries, and names the one Auto Layout broke after "Will attempt to recover by
/// breaking constraint". A list pasted without its header is a log too. Everything else
/// (advice lines, timestamps, other output) is passed over.
struct FoundLog {
    /// The header's line, or the first entry's when the header was not pasted.
    let line: Int
    var listed: [RawEntry] = []
    var broke: RawEntry?
}

/// One constraint entry as it stands in the paste: the text from its class name
/// (`NSLayoutConstraint:0x…`) to its closing `>` (or the end of the line).
struct RawEntry {
    let line: PasteLine
    /// Range of the entry's text in `line.text`.
    let range: Range<Int>
    /// Column of the entry's start in the paste: its opening quote or `<` when it has one.
    let column: Int

    var text: ArraySlice<Unicode.Scalar> { line.text[range] }
}

enum LogScanner {
    static let headers = ["unable to simultaneously satisfy constraints", "conflicting constraints detected",
                          "unable to satisfy constraints"]
    static let breaking = "will attempt to recover by breaking"

    /// The logs of `lines`, at most `maxLogs` (`cut` is the line where the next one would
    /// have started, when there was one), with `maxEntries` entries in all.
    static func logs(in lines: [PasteLine], maxEntries: Int, maxLogs: Int) -> (logs: [FoundLog], cut: Int?) {
        enum State { case none, list, broke, after }
        var logs: [FoundLog] = []
        var state = State.none
        var entries = 0
        // A new log, unless the paste has its fill of them.
        func begin(_ number: Int) -> Bool {
            guard logs.count < maxLogs else { return false }
            logs.append(FoundLog(line: number))
            return true
        }
        for line in lines {
            let text = line.text
            if let h = headers.lazy.compactMap({ text.find($0) }).first {
                guard begin(line.number) else { return (logs, line.number) }
                state = .list
                for e in self.entries(in: line, from: h) where entries < maxEntries {
                    logs[logs.count - 1].listed.append(e); entries += 1
                }
                continue
            }
            if let b = text.find(breaking) {
                if logs.isEmpty || state == .after || state == .none {
                    guard begin(line.number) else { return (logs, line.number) }
                }
                state = .broke
                if let first = self.entries(in: line, from: b).first {
                    logs[logs.count - 1].broke = first
                    state = .after
                }
                continue
            }
            let found = self.entries(in: line, from: 0)
            guard !found.isEmpty else { continue }
            switch state {
            case .none, .after:
                // A list pasted without its header (after a finished log: another one).
                guard begin(line.number) else { return (logs, line.number) }
                state = .list
                fallthrough
            case .list:
                for e in found where entries < maxEntries {
                    logs[logs.count - 1].listed.append(e); entries += 1
                }
            case .broke:
                logs[logs.count - 1].broke = found[0]
                state = .after
            }
        }
        return (logs, nil)
    }

    /// The constraint entries on `line` at or after `from`: each starts at a class name ending
    /// in `Constraint` followed by `:` and runs to the next one or the line's end, cut at its
    /// closing `>`.
    static func entries(in line: PasteLine, from: Int) -> [RawEntry] {
        let t = line.text
        var starts: [Int] = []
        var i = from
        while i < t.count {
            guard isNameScalar(t[i]), i == 0 || !isNameScalar(t[i - 1]) else { i += 1; continue }
            var j = i
            while j < t.count, isNameScalar(t[j]) { j += 1 }
            if j < t.count, t[j] == ":", endsWithConstraint(t[i..<j]) { starts.append(i) }
            i = j
        }
        var out: [RawEntry] = []
        for (k, start) in starts.enumerated() {
            var end = k + 1 < starts.count ? starts[k + 1] : t.count
            // The closing `>`: the last one not part of `>=`.
            var close: Int?
            var c = start
            while c < end {
                if t[c] == ">", c + 1 >= t.count || t[c + 1] != "=" { close = c }
                c += 1
            }
            if let close { end = close }
            while end > start, " \",;".unicodeScalars.contains(t[end - 1]) || (close == nil && t[end - 1] == "<") { end -= 1 }
            var open = start
            while open > 0, t[open - 1] == "<" || t[open - 1] == "\"" { open -= 1 }
            out.append(RawEntry(line: line, range: start..<end, column: line.column(open)))
        }
        return out
    }

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "." || s == "$"
    }

    private static func endsWithConstraint(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        let suffix = Array("Constraint".unicodeScalars)
        return s.count >= suffix.count && Array(s.suffix(suffix.count)) == suffix
    }
}
