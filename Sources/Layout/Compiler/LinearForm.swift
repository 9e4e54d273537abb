import Cassowary

/// A linear expression over solver variables, built while evaluating attributes.
///
/// Terms are merged as they are added (the same variable can appear on both sides of a
/// constraint, e.g. `v.left == v.right` in v's own space, and must cancel rather than
/// reach the solver twice). Forms are tiny (a handful of terms), so a linear scan beats
/// a dictionary here. The terms are kept as the solver's `Expression` keeps them, so
/// handing a form to the solver shares its storage instead of copying it.
struct LinearForm: Equatable {
    typealias Term = (variable: Variable, coefficient: Double)
    private(set) var terms: [Term] = []
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }
    init(_ variable: Variable, _ coefficient: Double = 1) {
        terms = [(variable: variable, coefficient: coefficient)]
    }

    static func == (a: LinearForm, b: LinearForm) -> Bool {
        a.constant == b.constant && a.terms.count == b.terms.count
            && zip(a.terms, b.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    mutating func reserveCapacity(_ count: Int) { terms.reserveCapacity(count) }

    /// No terms and no constant, the terms' storage kept.
    mutating func removeAll() {
        terms.emptyKeepingCapacity()
        constant = 0
    }

    mutating func add(_ variable: Variable, _ coefficient: Double) {
        guard coefficient != 0 else { return }
        if let i = terms.firstIndex(where: { $0.variable == variable }) {
            terms[i].coefficient += coefficient
            if terms[i].coefficient == 0 { terms.remove(at: i) }
        } else {
            terms.append((variable: variable, coefficient: coefficient))
        }
    }

    /// self += factor * other
    mutating func add(_ other: LinearForm, times factor: Double = 1) {
        guard factor != 0 else { return }
        for term in other.terms { add(term.variable, term.coefficient * factor) }
        constant += other.constant * factor
    }

    static func + (a: LinearForm, b: LinearForm) -> LinearForm { var r = a; r.add(b); return r }
    static func - (a: LinearForm, b: LinearForm) -> LinearForm { var r = a; r.add(b, times: -1); return r }
    static func * (a: LinearForm, k: Double) -> LinearForm {
        var r = LinearForm(constant: a.constant * k)
        if k != 0 { r.terms = a.terms.map { (variable: $0.variable, coefficient: $0.coefficient * k) } }
        return r
    }
    static func + (a: LinearForm, k: Double) -> LinearForm { var r = a; r.constant += k; return r }
    static func - (a: LinearForm, k: Double) -> LinearForm { var r = a; r.constant -= k; return r }

    /// The solver's expression for `self (relation) 0` (sharing the terms' storage).
    var expression: Expression { Expression(terms: terms, constant: constant) }

    /// The expression, its terms moved out of the form (which is left without terms until
    /// `restore`): handed on from a local, they need no retain, where reading `expression`
    /// of the lean build's form retained and released them, atomically, around every add.
    mutating func takeExpression() -> Expression {
        var taken: [Term] = []
        swap(&taken, &terms)
        return Expression(terms: taken, constant: constant)
    }

    /// Moves the terms' storage back from an expression `takeExpression` made.
    mutating func restore(from expression: consuming Expression) {
        var given = expression
        swap(&terms, &given.terms)
    }
}
