// The test oracle's LP engine: a dense two-phase tableau simplex with Bland's rule, in Double.
// It is deliberately independent of the Cassowary module (no shared code or types) and meant
// for tiny systems only (tens of rows and columns).

enum LPRelation: Sendable {
    case lessThanOrEqual, greaterThanOrEqual, equal
}

/// One row `Σ coefficients[j]·y[j]  relation  rhs` over the structural columns.
struct LPRow: Sendable {
    var coefficients: [Double]
    var relation: LPRelation
    var rhs: Double
}

/// Minimises cost vectors over `{ y ≥ 0 : rows }`. After `findFeasibleBasis()` succeeds the
/// tableau always holds a feasible basis; `minimize` moves it to an optimal one, and
/// `restrictToOptimalFace()` bars every column that would leave the current optimal face, so
/// that a later `minimize` optimises a secondary objective among the optima of the earlier ones
/// (lexicographic optimisation without tolerance constraints).
final class DenseSimplex {
    static let pivotTolerance = 1e-9
    static let costTolerance = 1e-9

    let structuralCount: Int
    private(set) var rowCount: Int
    private(set) var columnCount: Int
    /// Row-major `rowCount × columnCount`: the current B⁻¹A.
    private var tableau: [Double]
    private var rhs: [Double]
    private var basis: [Int]
    private var allowed: [Bool]
    private var artificial: [Bool]
    /// Reduced costs of the current objective and its value at the current basis.
    private var reduced: [Double]
    private var value: Double = 0
    private(set) var pivots = 0

    init(structuralCount n: Int, rows: [LPRow]) {
        structuralCount = n
        rowCount = rows.count
        // Columns: n structural, then one slack/surplus per inequality, then one artificial per
        // row whose slack cannot start basic.
        var normalized: [LPRow] = []
        normalized.reserveCapacity(rows.count)
        for row in rows {
            precondition(row.coefficients.count == n, "row width")
            if row.rhs < 0 {
                let flipped: LPRelation = switch row.relation {
                case .lessThanOrEqual: .greaterThanOrEqual
                case .greaterThanOrEqual: .lessThanOrEqual
                case .equal: .equal
                }
                normalized.append(LPRow(coefficients: row.coefficients.map { -$0 }, relation: flipped, rhs: -row.rhs))
            } else {
                normalized.append(row)
            }
        }
        let slackCount = normalized.filter { $0.relation != .equal }.count
        let artificialCount = normalized.filter { $0.relation != .lessThanOrEqual }.count
        columnCount = n + slackCount + artificialCount
        tableau = Array(repeating: 0, count: rowCount * columnCount)
        rhs = Array(repeating: 0, count: rowCount)
        basis = Array(repeating: -1, count: rowCount)
        allowed = Array(repeating: true, count: columnCount)
        artificial = Array(repeating: false, count: columnCount)
        reduced = Array(repeating: 0, count: columnCount)
        var nextSlack = n
        var nextArtificial = n + slackCount
        for (i, row) in normalized.enumerated() {
            for j in 0..<n { tableau[i * columnCount + j] = row.coefficients[j] }
            rhs[i] = row.rhs
            switch row.relation {
            case .lessThanOrEqual:
                tableau[i * columnCount + nextSlack] = 1
                basis[i] = nextSlack
                nextSlack += 1
            case .greaterThanOrEqual:
                tableau[i * columnCount + nextSlack] = -1
                nextSlack += 1
                tableau[i * columnCount + nextArtificial] = 1
                artificial[nextArtificial] = true
                basis[i] = nextArtificial
                nextArtificial += 1
            case .equal:
                tableau[i * columnCount + nextArtificial] = 1
                artificial[nextArtificial] = true
                basis[i] = nextArtificial
                nextArtificial += 1
            }
        }
    }

    /// Phase 1. Returns false when the rows have no solution with y ≥ 0 (the infeasibility is
    /// larger than `tolerance`, measured as the sum of the artificial variables).
    func findFeasibleBasis(tolerance: Double = 1e-7) -> Bool {
        var cost = Array(repeating: 0.0, count: columnCount)
        for j in 0..<columnCount where artificial[j] { cost[j] = 1 }
        guard let w = minimizeFull(cost) else { fatalError("phase 1 cannot be unbounded") }
        if w > tolerance { return false }
        // Drive zero-level artificials out of the basis; a row with no usable column is redundant.
        for i in 0..<rowCount where artificial[basis[i]] {
            var best = -1
            var bestMagnitude = Self.pivotTolerance
            for j in 0..<columnCount where !artificial[j] {
                let a = abs(tableau[i * columnCount + j])
                if a > bestMagnitude { best = j; bestMagnitude = a }
            }
            if best >= 0 { pivot(row: i, column: best) }
        }
        for j in 0..<columnCount where artificial[j] { allowed[j] = false }
        for i in 0..<rowCount where artificial[basis[i]] { rhs[i] = 0 }
        return true
    }

    /// Minimises `cost` (one entry per structural column) from the current feasible basis.
    /// Returns the optimum, or nil when it is unbounded below.
    func minimize(_ cost: [Double]) -> Double? {
        precondition(cost.count == structuralCount)
        var full = Array(repeating: 0.0, count: columnCount)
        for j in 0..<structuralCount { full[j] = cost[j] }
        return minimizeFull(full)
    }

    /// Bars every column whose reduced cost is positive: moving it off zero would leave the
    /// optimal face of the objective just minimised.
    func restrictToOptimalFace() {
        for j in 0..<columnCount where reduced[j] > Self.costTolerance { allowed[j] = false }
    }

    /// The structural part of the current basic solution.
    func solution() -> [Double] {
        var y = Array(repeating: 0.0, count: structuralCount)
        for i in 0..<rowCount where basis[i] < structuralCount { y[basis[i]] = rhs[i] }
        return y
    }

    private func minimizeFull(_ cost: [Double]) -> Double? {
        // Price out the basis: d_j = c_j − Σ_i c_B(i)·T[i][j]; value = Σ_i c_B(i)·rhs[i].
        reduced = cost
        value = 0
        for i in 0..<rowCount {
            let cb = cost[basis[i]]
            if cb == 0 { continue }
            value += cb * rhs[i]
            let base = i * columnCount
            for j in 0..<columnCount { reduced[j] -= cb * tableau[base + j] }
        }
        while true {
            // Bland: the lowest-index improving column enters ...
            var entering = -1
            for j in 0..<columnCount where allowed[j] && reduced[j] < -Self.costTolerance {
                entering = j
                break
            }
            if entering < 0 { return value }
            // ... and among the tied minimum ratios the lowest-index basic column leaves.
            var leaving = -1
            var bestRatio = Double.infinity
            for i in 0..<rowCount {
                let a = tableau[i * columnCount + entering]
                if a <= Self.pivotTolerance { continue }
                let ratio = rhs[i] / a
                if leaving < 0 || ratio < bestRatio - 1e-12 {
                    leaving = i
                    bestRatio = ratio
                } else if ratio <= bestRatio + 1e-12 && basis[i] < basis[leaving] {
                    leaving = i
                    bestRatio = min(bestRatio, ratio)
                }
            }
            if leaving < 0 { return nil }
            pivot(row: leaving, column: entering)
        }
    }

    private func pivot(row r: Int, column s: Int) {
        pivots += 1
        let width = columnCount
        tableau.withUnsafeMutableBufferPointer { t in
            let p = t[r * width + s]
            for j in 0..<width { t[r * width + j] /= p }
            rhs[r] /= p
            if rhs[r] < 0 && rhs[r] > -1e-11 { rhs[r] = 0 }
            for i in 0..<rowCount where i != r {
                let f = t[i * width + s]
                if f == 0 { continue }
                for j in 0..<width { t[i * width + j] -= f * t[r * width + j] }
                t[i * width + s] = 0
                rhs[i] -= f * rhs[r]
                if abs(rhs[i]) < 1e-11 { rhs[i] = 0 }
            }
            let f = reduced[s]
            if f != 0 {
                for j in 0..<width { reduced[j] -= f * t[r * width + j] }
                reduced[s] = 0
                value += f * rhs[r]
            }
        }
        basis[r] = s
    }
}
