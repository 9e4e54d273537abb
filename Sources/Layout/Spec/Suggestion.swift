/// "Did you mean" for a name that matches nothing (an attribute, a field, an op, a view):
/// the closest known name, when it is close enough to be the likely intent. Close means an
/// edit distance (insertions, deletions, substitutions, adjacent swaps; case differences
/// cost nothing extra beyond one edit) of at most a third of the name's length, at least 1.
public enum Suggestion {
    /// Candidates looked at, at most: a suggestion must not cost a scan of a huge layout.
    static let maxCandidates = 4096

    /// How many searches one request may still make: each scans up to `maxCandidates`
    /// names, and a request naming thousands of unknown views must not pay for thousands of
    /// scans. Its first errors are the ones a problem lists, so they are the ones that get
    /// a suggestion. Reset for each request (a session's layout keeps one).
    final class Allowance {
        private var remaining = LayoutProblem.listedErrors
        func take() -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
        func reset() { remaining = LayoutProblem.listedErrors }
    }

    /// The candidate closest to `name`, or nil when none is close enough. Ties go to the
    /// first candidate listed.
    public static func closest<S: Sequence>(to name: String, among candidates: S) -> String? where S.Element == String {
        let typed = Array(name.unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let lowered = Array(name.lowercased().unicodeScalars)
        let limit = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        var looked = 0
        for candidate in candidates {
            looked += 1
            if looked > maxCandidates { break }
            guard candidate != name else { continue }
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - typed.count) <= limit else { continue }
            let d = candidate.lowercased() == name.lowercased()
                ? 1 : distance(lowered, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if d <= limit, best.map({ d < $0.distance }) ?? true { best = (candidate, d) }
        }
        return best?.name
    }

    /// `"did you mean 'x'? "` or "": the head of a parenthesised list of the known names.
    public static func question<S: Sequence>(for name: String, among candidates: S) -> String where S.Element == String {
        closest(to: name, among: candidates).map { "did you mean '\($0)'? " } ?? ""
    }

    /// `"; did you mean 'x'?"` or "" : the tail of an error message.
    public static func hint<S: Sequence>(for name: String, among candidates: S) -> String where S.Element == String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance, or `limit + 1` once it is sure to exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
                rowMin = min(rowMin, d)
            }
            if rowMin > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
