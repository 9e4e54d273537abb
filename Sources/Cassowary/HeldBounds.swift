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
// A required constraint goes in at once, past what is held, unless it shares a variable with
// it: then what is held goes in first, as written before it (for their pivots' sake).
//
// A quantity is one variable (`a.width`, `a.left`) or a fixed mix of several (`a.right`,
// `a.width - b.width`, `a.centerX - b.centerX`): two bounds bound the same one when their
// expressions differ only in the constant and a factor.

/// An optional constraint of up to four terms `Σ coefficient·variable + constant (relation)
/// 0`, validated, waiting: the terms inline as written (-1: none), so that holding one
/// allocates nothing.
struct HeldBound {
    let symbols: (Symbol, Symbol, Symbol, Symbol)
    let coefficients: (Double, Double, Double, Double)
    let constant: Double
    let shape: Solver.Shape
    let constraint: Constraint?
    /// Its place in installation order (its tag's `order` once in).
    let order: Int

    /// The terms (symbol -1 ends them), by index.
    func term(_ k: Int) -> (symbol: Symbol, coefficient: Double) {
        switch k {
        case 0: (symbols.0, coefficients.0)
        case 1: (symbols.1, coefficients.1)
        case 2: (symbols.2, coefficients.2)
        default: (symbols.3, coefficients.3)
        }
    }

    /// The term of the lowest symbol: the quantity is the expression without its constant,
    /// over that term's coefficient (the same for every bound of it, however written).
    var lead: (symbol: Symbol, coefficient: Double) {
        var best = term(0)
        for k in 1..<4 where term(k).symbol >= 0 && term(k).symbol < best.symbol { best = term(k) }
        return best
    }

    /// Where the expression is zero: the quantity's value that meets it exactly.
    var value: Double { -constant / lead.coefficient }

    /// What it bounds: bounds with equal quantities are ordered together.
    var quantity: Quantity {
        let first = lead
        var terms: [(symbol: Symbol, ratio: Double)] = []
        for k in 0..<4 where term(k).symbol >= 0 && term(k).symbol != first.symbol {
            terms.append((term(k).symbol, term(k).coefficient / first.coefficient))
        }
        terms.sort { $0.symbol < $1.symbol }
        return Quantity(first: first.symbol, symbols: terms.map(\.symbol), ratios: terms.map(\.ratio))
    }

    /// The lowest symbol, then the others in order with their coefficients over its.
    struct Quantity: Hashable {
        let first: Symbol
        let symbols: [Symbol]
        let ratios: [Double]
    }
}

extension Solver {
    /// A constraint held here (named, not yet installed): its slot says so (see `hold`).
    @inline(__always) func isHeld(_ c: Constraint) -> Bool { c.tagSlot == -2 && c.tagOwner == tags.owner }

    /// Holds the constraint when it is optional and its terms (beyond dust) are at most four,
    /// on distinct variables: true if held.
    func hold(_ expression: Expression, _ shape: Shape, constant: Double, constraint: Constraint?) -> Bool {
        guard !shape.isRequired else { return false }
        var symbols: (Symbol, Symbol, Symbol, Symbol) = (-1, -1, -1, -1)
        var coefficients: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var count = 0
        for i in expression.terms.indices where !nearZero(expression.terms[i].coefficient) {
            let s = Symbol(expression.terms[i].variable.id), a = expression.terms[i].coefficient
            // Distinct variables only (a repeated one makes a sum: not worth holding).
            if s == symbols.0 || s == symbols.1 || s == symbols.2 || s == symbols.3 { return false }
            switch count {
            case 0: symbols.0 = s; coefficients.0 = a
            case 1: symbols.1 = s; coefficients.1 = a
            case 2: symbols.2 = s; coefficients.2 = a
            case 3: symbols.3 = s; coefficients.3 = a
            default: return false
            }
            count += 1
        }
        guard count > 0 else { return false }
        if let constraint {
            // Known as held here: a second add of it is a duplicate, `contains` answers true.
            constraint.tagOwner = tags.owner
            constraint.tagSlot = -2
        }
        held.append(HeldBound(symbols: symbols, coefficients: coefficients, constant: constant, shape: shape,
                              constraint: constraint, order: installed))
        for k in 0..<count { mark(held[held.count - 1].term(k).symbol, true) }
        return true
    }

    @inline(__always) private func mark(_ s: Symbol, _ on: Bool) {
        let i = Int(s)
        if i >= heldMarks.count {
            guard on else { return }
            if heldMarks.capacity <= i { heldMarks.reserveCapacity(max(i + 1, 2 * heldMarks.capacity, 64)) }
            heldMarks.append(false, times: i + 1 - heldMarks.count)
        }
        heldMarks[i] = on
    }

    /// Whether a term of `expression` names a variable a held constraint has.
    func sharesHeldVariable(_ expression: Expression) -> Bool {
        for i in expression.terms.indices {
            let s = expression.terms[i].variable.id
            if s >= 0 && s < heldMarks.count && heldMarks[s] { return true }
        }
        return false
    }

    /// Clears the marks of what is held.
    private func unmarkHeld() {
        for b in held.indices { for k in 0..<4 where held[b].term(k).symbol >= 0 { mark(held[b].term(k).symbol, false) } }
    }

    /// Installs whatever is held. Every call that reads or changes the solver otherwise
    /// starts with it, so nothing outside sees a bound held.
    @inline(__always) func settle() {
        if !held.isEmpty { installHeld() }
    }

    /// Forgets what is held (the solver is emptied): its constraints are nobody's again.
    func dropHeld() {
        unmarkHeld()
        for i in held.indices {
            if let c = held[i].constraint, isHeld(c) { c.tagOwner = nil; c.tagSlot = -1 }
        }
        held.removeAll(keepingCapacity: true)
    }

    @inline(never) private func installHeld() {
        unmarkHeld()
        var bounds: [HeldBound] = []
        swap(&bounds, &held)
        defer {
            // The storage is kept for the next run, unless a big run made it big (50,000
            // constraints: 5 MB the answer would be built beside).
            bounds.removeAll(keepingCapacity: bounds.capacity <= HeldBound.keptCapacity)
            if held.isEmpty { swap(&bounds, &held) }
        }
        let order = HeldBound.installationOrder(bounds, shortRun: shortRun)
        for i in bounds.indices {
            let b = bounds[order?[i] ?? i]
            if let c = b.constraint { c.tagOwner = nil; c.tagSlot = -1 }
            var row = tableau.freshRow(constant: b.constant, capacity: 6)
            for k in 0..<4 where b.term(k).symbol >= 0 { row.add(b.term(k).symbol, b.term(k).coefficient) }
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

    /// Held constraints whose room a solver keeps once they are in (a screen's runs fit).
    static let keptCapacity = 1024

    /// The order to install `bounds` in: quantity by quantity (in the order each was first
    /// bound), each one's deciding bounds first, then its others as they came. Nil for as
    /// they came: a short run, or one where no quantity has two.
    static func installationOrder(_ bounds: [HeldBound], shortRun: Int = HeldBound.shortRun) -> [Int]? {
        if bounds.count <= shortRun { return nil }
        // A long run without repeats is most often many views' intrinsic sizes, view by view:
        // variables that only rise (a repeated quantity repeats its first variable).
        var rising = true
        var previous = bounds[0].lead.symbol
        for i in bounds.indices.dropFirst() {
            let symbol = bounds[i].lead.symbol
            if symbol <= previous { rising = false; break }
            previous = symbol
        }
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
            let rising = b.lead.coefficient > 0
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
