import Cassowary

/// One constraint the layout asked the solver to hold. It is either active (in the
/// solver) or broken: it conflicted with required constraints already there, so, like
/// Auto Layout, it stays installed from the client's point of view but is not enforced
/// until a member of its conflict changes (docs/semantics.md §8.3, docs/api.md §3).
struct SolverEntry {
    /// The solver's object. Its expression's constant is the one it was created with;
    /// `constant` is the current one after in-place edits.
    var constraint: Constraint
    var constant: Double
    /// The installed constraints it conflicts with, while broken.
    var conflict: [Constraint]?
    /// Installation order: the newest member of a conflict is the one broken, and broken
    /// constraints are retried oldest first.
    let seq: Int

    var isBroken: Bool { conflict != nil }
}

/// One expanded constraint of a description and the solver entry it is installed as
/// (nil before it is installed, and when it could not be placed). Entries live next to
/// what made them rather than in a dictionary keyed by `ConstraintKey`, whose buckets
/// (String-bearing keys, at most 3/4 full) cost more than the entries themselves.
struct ExpandedConstraint {
    var compiled: CompiledConstraint
    var entry: SolverEntry?
}

/// One of the implicit constraints of a view (`ConstraintKey.implicitIndex` says which).
struct ImplicitEntry {
    let index: UInt8
    var entry: SolverEntry

    /// The layout constraints it stands for: two for a dimension's hugging and compression
    /// resistance installed as one soft equality (see `installIntrinsic`), else one.
    var weight: Int {
        Self.weight(hugging: ConstraintKey.isHugging(index: index), relation: entry.constraint.relation)
    }

    /// The layout constraints an implicit solver constraint stands for.
    static func weight(hugging: Bool, relation: Cassowary.Relation) -> Int {
        hugging && relation == .equal ? 2 : 1
    }
}
