// Optional bounds on one quantity: held back while they come in a run, then installed
// together, those that decide the quantity first (issue #40, item 3; docs/semantics.md §5.3 "Cost").
//
// N optional constraints on one quantity at distinct priorities (`a.width >= i @p`), installed
// as written, cost N^2: each bound the quantity does not meet yet moves it, and the pivot that
// moves it rewrites the row of every bound before (each row holds the slack of the bound the
// quantity rests on). The system is the same in any order, and so is its optimum, but for the
// value of an ambiguous variable (which is not part of any promise: docs/sessions.md). So a
// run of such adds waits until the solver is next used otherwise; then each quantity's
// bounds go in with the one or two that decide where it ends first, found by walking its
// bounds from the highest priority down. The others then hold on arrival, or lose to a bound
// of a higher priority already in: neither pivots. A sort per quantity: N log N.
//
// A quantity is one variable (`a.width`, `a.left`) or a fixed mix of several (`a.right`,
// `a.width - b.width`, `a.centerX - b.centerX`): two bounds bound the same one when their
// expressions differ only in the constant and a factor.

/// An optional constraint `coefficient·variable + coefficient2·variable2 + Σ rest + constant
/// (relation) 0`, validated, waiting. The terms are in increasing symbol order; the first two
/// inline (most bounds have one or two), any more in `rest`.
struct HeldBound {
    let variable: Symbol
    let coefficient: Double
    /// The second term's symbol, or -1 for none.
    let variable2: Symbol
    let coefficient2: Double
    /// The terms after the second, if any.
    let rest: [Term]?
    let constant: Double
    let shape: Solver.Shape
    let constraint: Constraint?
    /// Its place in installation order (its tag's `order` once in).
    let order: Int

    /// Where the expression is zero: the quantity's value that meets it exactly (the
    /// quantity: the expression without its constant, over the first coefficient).
    var value: Double { -constant / coefficient }

    /// What it bounds: bounds with equal quantities are ordered together.
    var quantity: Quantity {
        Quantity(variable: variable, variable2: variable2, ratio: variable2 < 0 ? 0 : coefficient2 / coefficient,
                 rest: rest?.map { Term(symbol: $0.symbol, coefficient: $0.coefficient / coefficient) })
    }

    struct Term: Hashable {
        let symbol: Symbol
        let coefficient: Double
    }

    struct Quantity: Hashable {
        let variable: Symbol
        let variable2: Symbol
        let ratio: Double
        let rest: [Term]?
    }
}

extension Solver {
    /// A constraint held here (named, not yet installed): its slot says so (see `hold`).
    @inline(__always) func isHeld(_ c: Constraint) -> Bool { c.tagSlot == -2 && c.tagOwner == tags.owner }

    /// Holds the constraint when it is optional and its terms (beyond dust) name distinct
    /// variables: true if held.
    func hold(_ expression: Expression, _ shape: Shape, constant: Double, constraint: Constraint?) -> Bool {
        guard !shape.isRequired else { return false }
        var variable: Symbol = -1, coefficient = 0.0, variable2: Symbol = -1, coefficient2 = 0.0
        var rest: [HeldBound.Term]?
        for i in expression.terms.indices where !nearZero(expression.terms[i].coefficient) {
            let s = Symbol(expression.terms[i].variable.id), a = expression.terms[i].coefficient
            if variable < 0 {
                variable = s; coefficient = a
            } else if variable2 < 0 {
                variable2 = s; coefficient2 = a
            } else {
                if rest == nil { rest = [] }
                rest?.append(HeldBound.Term(symbol: s, coefficient: a))
            }
        }
        guard variable >= 0 else { return false }
        if var more = rest {
            // Three terms or more: all in symbol order, the first two inline again.
            more += [HeldBound.Term(symbol: variable, coefficient: coefficient), HeldBound.Term(symbol: variable2, coefficient: coefficient2)]
            more.sort { $0.symbol < $1.symbol }
            for k in more.indices.dropFirst() where more[k].symbol == more[k - 1].symbol { return false }
            variable = more[0].symbol; coefficient = more[0].coefficient
            variable2 = more[1].symbol; coefficient2 = more[1].coefficient
            rest = Array(more.dropFirst(2))
        } else if variable2 >= 0 {
            if variable2 == variable { return false }
            if variable2 < variable {
                swap(&variable, &variable2)
                swap(&coefficient, &coefficient2)
            }
        }
        if let constraint {
            // Known as held here: a second add of it is a duplicate, `contains` answers true.
            constraint.tagOwner = tags.owner
            constraint.tagSlot = -2
        }
        held.append(HeldBound(variable: variable, coefficient: coefficient, variable2: variable2, coefficient2: coefficient2,
                              rest: rest, constant: constant, shape: shape, constraint: constraint, order: installed))
        return true
    }

    /// Installs whatever is held. Every call that reads or changes the solver otherwise
    /// starts with it, so nothing outside sees a bound held.
    @inline(__always) func settle() {
        if !held.isEmpty { installHeld() }
    }

    /// Forgets what is held (the solver is emptied): its constraints are nobody's again.
    func dropHeld() {
        for i in held.indices {
            if let c = held[i].constraint, isHeld(c) { c.tagOwner = nil; c.tagSlot = -1 }
        }
        held.removeAll(keepingCapacity: true)
    }

    @inline(never) private func installHeld() {
        var bounds: [HeldBound] = []
        swap(&bounds, &held)
        defer {
            bounds.removeAll(keepingCapacity: true)
            if held.isEmpty { swap(&bounds, &held) }
        }
        let order = HeldBound.installationOrder(bounds, shortRun: shortRun)
        for i in bounds.indices {
            let b = bounds[order?[i] ?? i]
            if let c = b.constraint { c.tagOwner = nil; c.tagSlot = -1 }
            var row = tableau.freshRow(constant: b.constant, capacity: 4 + (b.rest?.count ?? 0))
            row.add(b.variable, b.coefficient)
            if b.variable2 >= 0 { row.add(b.variable2, b.coefficient2) }
            if let rest = b.rest { for t in rest { row.add(t.symbol, t.coefficient) } }
            // Optional: its error symbols can always take the row (`install` cannot fail).
            try? insert(consume row, b.shape, constant: b.constant, constraint: b.constraint, order: b.order)
        }
    }
}

extension HeldBound {
    /// Runs up to this long go in as they came: however they are ordered, they cost little
    /// (a screen's: a view's hugging and compression, a label's minimum and maximum width),
    /// and ordering them would cost a screen more than it saves.
    static let shortRun = 32

    /// The order to install `bounds` in: quantity by quantity (in the order each was first
    /// bound), each one's deciding bounds first, then its others as they came. Nil for as
    /// they came: a short run, or one where no quantity has two.
    static func installationOrder(_ bounds: [HeldBound], shortRun: Int = HeldBound.shortRun) -> [Int]? {
        if bounds.count <= shortRun { return nil }
        // A long run without repeats is most often many views' intrinsic sizes, view by view:
        // variables that only rise (a repeated quantity repeats its first variable).
        var rising = true
        for i in bounds.indices.dropFirst() where bounds[i].variable <= bounds[i - 1].variable { rising = false; break }
        if rising { return nil }
        // Group by quantity, groups in order of first appearance, add order within each.
        var firstSeen: [Quantity: Int] = [:]
        firstSeen.reserveCapacity(bounds.count)
        var group = [Int](repeating: 0, count: bounds.count)
        for k in bounds.indices {
            let q = bounds[k].quantity
            group[k] = firstSeen[q] ?? {
                let g = firstSeen.count
                firstSeen[q] = g
                return g
            }()
        }
        if firstSeen.count == bounds.count { return nil }
        let sorted = bounds.indices.sorted { group[$0] != group[$1] ? group[$0] < group[$1] : $0 < $1 }
        var result: [Int] = []
        result.reserveCapacity(bounds.count)
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count && group[sorted[end]] == group[sorted[start]] { end += 1 }
            deciding(sorted[start..<end], of: bounds, into: &result)
            start = end
        }
        return result
    }

    /// One quantity's bounds (`members`, in add order): those that decide its interval
    /// first, then the rest in add order.
    private static func deciding(_ members: ArraySlice<Int>, of bounds: [HeldBound], into result: inout [Int]) {
        guard members.count > 1 else { result.append(contentsOf: members); return }
        // Each bound as one or two sides: a lower side (the quantity below `value` violates it)
        // and an upper side, each at the priority its violation costs.
        struct Side { let priority: Double; let member: Int; let lower: Bool; let value: Double }
        var sides: [Side] = []
        sides.reserveCapacity(members.count)
        for k in members {
            let b = bounds[k]
            let rising = b.coefficient > 0
            switch b.shape.relation {
            case .greaterThanOrEqual: sides.append(Side(priority: b.shape.priority, member: k, lower: rising, value: b.value))
            case .lessThanOrEqual: sides.append(Side(priority: b.shape.priority, member: k, lower: !rising, value: b.value))
            case .equal:
                // Above zero costs at `priority`, below at `priorityBelow`.
                sides.append(Side(priority: b.shape.priority, member: k, lower: !rising, value: b.value))
                sides.append(Side(priority: b.shape.priorityBelow, member: k, lower: rising, value: b.value))
            }
        }
        sides.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.member < $1.member }
        // The interval the quantity is left, priority by priority (each side alone: sides at
        // one priority add their violations, which this walk only approximates; a wrong guess
        // costs pivots, never a different optimum).
        var low = -Double.infinity, high = Double.infinity
        var lowBy = -1, highBy = -1
        for side in sides {
            if side.lower {
                if side.value >= high {
                    if low < high { low = high; lowBy = side.member }
                } else if side.value > low {
                    low = side.value; lowBy = side.member
                }
            } else {
                if side.value <= low {
                    if high > low { high = low; highBy = side.member }
                } else if side.value < high {
                    high = side.value; highBy = side.member
                }
            }
        }
        // The deciding ones, the one of the higher priority first.
        var first = [lowBy, highBy].filter { $0 >= 0 }
        if first.count == 2 {
            if first[0] == first[1] { first.removeLast() }
            else if bounds[first[1]].shape.priority > bounds[first[0]].shape.priority { first.swapAt(0, 1) }
        }
        result.append(contentsOf: first)
        for k in members where !first.contains(k) { result.append(k) }
    }
}
