// The public surface of the solver. Everything else in this module is internal.

/// A solver variable. Made by `Solver.makeVariable`; meaningful only to the solver that made it.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    init(id: Int) { self.id = id }
    public var description: String { "v\(id)" }
}

/// Variables made together (`Solver.makeVariables`): consecutive ids.
public struct VariableBlock: Sendable {
    let first: Int
    public let count: Int
    /// The `k`-th of them (`0 <= k < count`).
    public subscript(k: Int) -> Variable { Variable(id: first + k) }
}

/// A linear expression `constant + Σ coefficient·variable`.
public struct Expression: Sendable {
    public var terms: [(variable: Variable, coefficient: Double)]
    public var constant: Double
    public init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    /// Takes `terms` as they are (no relabelling copy).
    public init(terms: [(variable: Variable, coefficient: Double)], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
}

/// How a constraint relates its two sides; the one relation type of the project (the
/// wire's `==`, `<=`, `>=` are its raw values).
public enum Relation: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A priority in (0, 1000]. 1000 is required. Priorities are strictly ordered: any
/// violation at a higher priority outweighs every violation at all lower ones together.
public enum Priority {
    public static let required: Double = 1000
}

/// `expression relation 0` at a priority. Identity matters, not content: two constraints
/// with equal content are two constraints.
public final class Constraint: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Stored in an order that packs the object into 81 bytes (a 96-byte heap block).
    public let expression: Expression
    /// Changed only by the solver that holds it (`Solver.setPriority`).
    public internal(set) var priority: Double
    /// The priority of `expression < 0` for an equality held softly from each side (see
    /// `init(_:equalAbove:below:)`); `priority` for every other constraint.
    public internal(set) var priorityBelow: Double
    /// Free text for diagnostics and debugging.
    public let name: String
    /// Where the solver that installed this constraint keeps its record (see TagTable).
    var tagSlot: Int32 = -1
    public let relation: Relation
    var tagOwner: ObjectIdentifier?

    public init(_ expression: Expression, _ relation: Relation, priority: Double = Priority.required, name: String = "") {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        priorityBelow = priority
        self.name = name
    }

    /// `expression == 0`, optional on each side at its own priority: `expression > 0` is a
    /// violation at `above`, `expression < 0` one at `below`. The same as the two optional
    /// inequalities `expression <= 0 @above` and `expression >= 0 @below`, in one row with two
    /// error symbols instead of two rows with four symbols (Auto Layout's content hugging and
    /// compression resistance of one dimension are such a pair). Both priorities must be
    /// optional (below 1000).
    public init(_ expression: Expression, equalAbove above: Double, below: Double, name: String = "") {
        self.expression = expression
        relation = .equal
        priority = above
        priorityBelow = below
        self.name = name
    }

    public var isRequired: Bool { priority >= Priority.required }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "constraint@\(ObjectIdentifier(self).hashValue)" : name }
}

public enum SolverError: Error, Equatable, Sendable {
    /// The required constraints cannot all hold. `conflict` is irreducible: it holds the
    /// installed constraints that, together with the one being added or changed, cannot
    /// hold; drop any one of them and the rest can. The solver is left as it was.
    case unsatisfiable(conflict: [Constraint])
    case duplicateConstraint
    case unknownConstraint
    case unknownVariable(Variable)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// A number that is NaN or infinite.
    case nonFiniteNumber
    /// A priority outside (0, 1000], or a required priority where only optional ones make sense.
    case invalidPriority(Double)
}
