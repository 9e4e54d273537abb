import Layout

/// One log of a paste, explained: what was read, the document rebuilt from it, that
/// document's answer, and what Auto Layout said it broke (docs/explain.md §3-4).
struct LogReport {
    enum Made {
        case made(LogReport)
        /// Nothing in the log could be read (warned).
        case empty
        case outOfTime
    }

    struct Broke {
        let address: String?
        let description: String
        let line: Int
        let column: Int
    }

    let line: Int
    let reconstruction: Reconstruction
    /// Listed constraints the layout engine refused (axis mismatches and the like): warned,
    /// left out of the document.
    let dropped: Set<String>
    let nonNegative: [Reconstruction.NonNegative]
    let document: [UInt8]
    let answer: LayoutAnswer
    let broke: Broke?

    static func make(_ log: FoundLog, limits: LogExplainer.Limits, warnings: inout Warnings,
                     stop: (@Sendable () -> Bool)?) -> Made {
        var r = Reconstruction()
        for entry in log.listed {
            var reader = EntryReader(entry.text)
            switch reader.read() {
            case .constraint(let c):
                if !r.add(c, views: reader.views, superviews: reader.superviews, entry: entry, maxViews: limits.maxViews) {
                    warnings.add(line: entry.line.number, column: entry.column, .unreadable,
                                 "more than \(limits.maxViews) views in one log: this constraint and the rest are not read")
                }
            case .unreadable(let why):
                warnings.add(line: entry.line.number, column: entry.column, .unreadable,
                             "could not read this constraint (\(why)): \(String(String.UnicodeScalarView(entry.text)))")
            }
        }
        let broke = log.broke.map(Self.broke)
        guard !r.listed.isEmpty else {
            warnings.add(line: log.line, .unreadable, "no constraint of this log could be read")
            return .empty
        }
        // First with every size kept non-negative, to find which of them a conflict needs;
        // then with only those, so the document says no more than the conflict needs.
        var dropped: Set<String> = []
        guard case .solved(let first) = solve(r, r.allNonNegative, &dropped, (0, 0), limits, &warnings, stop) else { return .outOfTime }
        // In the order of `allNonNegative` (view order, width before height).
        let all = r.allNonNegative
        let position = Dictionary(all.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var wanted = Set<Int>()
        for d in first.diagnostics where d.code == .unsatisfiable {
            for m in d.constraints { if let k = position[m.id] { wanted.insert(k) } }
        }
        let needed = wanted.sorted().map { all[$0] }
        let size = Self.extent(first.frames)
        guard case .solved(let answer) = solve(r, needed, &dropped, size, limits, &warnings, stop) else { return .outOfTime }
        let report = LogReport(line: log.line, reconstruction: r, dropped: dropped, nonNegative: needed,
                               document: r.document(nonNegative: needed, dropped: dropped, root: size),
                               answer: answer, broke: broke)
        if !answer.diagnostics.contains(where: { $0.code == .unsatisfiable }) {
            warnings.add(line: log.line, .notReproduced, report.notReproducedMessage)
        }
        return .made(report)
    }

    private enum Solved {
        case solved(LayoutAnswer)
        case outOfTime
    }

    /// Solves the document, leaving out (and warning about) listed constraints the engine
    /// refuses, a few rounds at most.
    private static func solve(_ r: Reconstruction, _ nonNegative: [Reconstruction.NonNegative], _ dropped: inout Set<String>,
                              _ size: (Double, Double), _ limits: LogExplainer.Limits, _ warnings: inout Warnings,
                              _ stop: (@Sendable () -> Bool)?) -> Solved {
        var layoutLimits = LayoutLimits.standard
        layoutLimits.solveSeconds = limits.solveSeconds
        for _ in 0..<4 {
            let bytes = r.document(nonNegative: nonNegative, dropped: dropped, root: size)
            let result = decodeLayoutDocument(bytes, limits: layoutLimits).flatMap {
                LiveLayout.solve(document: $0, space: .root, seconds: limits.solveSeconds, stop: stop)
            }
            switch result {
            case .success(let answer): return .solved(answer)
            case .failure(let problem):
                if problem.errors.contains(where: { $0.code == .tooComplex }) { return .outOfTime }
                let kept = r.listed.filter { !dropped.contains($0.id) }
                var progress = false
                for e in problem.errors {
                    guard let pointer = e.location?.pointer, pointer.hasPrefix("/constraints/"),
                          let k = Int(pointer.dropFirst("/constraints/".count).prefix { $0 != "/" }),
                          k < kept.count else { continue }
                    let l = kept[k]
                    guard !dropped.contains(l.id) else { continue }
                    dropped.insert(l.id)
                    progress = true
                    warnings.add(line: l.entry.line.number, column: l.entry.column, .unreadable,
                                 "this constraint cannot be rebuilt (\(e.code.rawValue): \(e.message)); it is left out")
                }
                if !progress { return .outOfTime }
            }
        }
        return .outOfTime
    }

    /// The bounding size of the frames (at least 1 x 1): the root's, so the views show.
    private static func extent(_ frames: [ViewFrame]) -> (Double, Double) {
        var w = 1.0, h = 1.0
        for f in frames {
            let r = f.frame
            if (r.x + r.width).isFinite { w = max(w, r.x + r.width, r.x) }
            if (r.y + r.height).isFinite { h = max(h, r.y + r.height, r.y) }
        }
        return (min(w, 100_000), min(h, 100_000))
    }

    private static func broke(_ e: RawEntry) -> Broke {
        let t = Array(e.text)
        var address: String?
        if let colon = t.firstIndex(of: ":"), colon + 2 < t.count, t[colon + 1] == "0", t[colon + 2] == "x" {
            var k = colon + 3
            while k < t.count, t[k].properties.isASCIIHexDigit { k += 1 }
            address = String(String.UnicodeScalarView(t[(colon + 1)..<k])).lowercased()
        }
        var reader = EntryReader(e.text)
        var description = String(String.UnicodeScalarView(t))
        if case .constraint(let c) = reader.read() { description = c.description }
        return Broke(address: address, description: description, line: e.line.number, column: e.column)
    }

    private var notReproducedMessage: String {
        var free: [String] = []
        for d in answer.diagnostics where d.code == .ambiguous {
            for v in d.views.prefix(8) { free.append("\(v.id) (\(v.attributes.joined(separator: ", ")))") }
        }
        let count = reconstruction.listed.count - dropped.count
        return "the \(count) constraints read from this log hold together on their own: the list is partial, "
            + "or the conflict needs what a log does not print (intrinsic sizes, text)"
            + (free.isEmpty ? "" : "; left free: " + free.joined(separator: ", "))
    }
}
