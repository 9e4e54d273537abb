/// What a tableau symbol stands for. Externals are the user's variables and are
/// unrestricted; every other kind is restricted to be >= 0.
@usableFromInline enum SymbolKind: UInt8 {
    case external
    /// The slack of an inequality.
    case slack
    /// The error of an optional constraint (one for an inequality, two for an equality).
    case error
    /// The marker of a required equality: never pivots, stays 0.
    case dummy
}

typealias Symbol = Int32

/// Tolerance for treating a coefficient or constant as zero.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ x: Double) -> Bool { x < epsilon && x > -epsilon }

/// Whether a row whose constant moved from `before` to `after` may have changed which rows
/// are tight: either value within 1e-6 of zero, a band wider than every threshold the
/// optimal-face tests use (`epsilon`, and 1e-7 for a part that can move), so that any
/// change they could see bumps `Solver.faceVersion`.
@inline(__always) func nearTight(_ before: Double, _ after: Double) -> Bool {
    (before < 1e-6 && before > -1e-6) || (after < 1e-6 && after > -1e-6)
}
