/// The optimal face of one solved tableau, for deciding which expressions it pins down.
///
/// Only the rows that hold the solution at their edge matter: a restricted row whose basic
/// is above zero (by more than `epsilon`) lets every column move a little, and a move of any
/// size shows that a value is not pinned (the face is convex). So the face is read as the
/// cone of its tight rows (`isTight`): exact, and a run of thousands of satisfied bounds
/// makes neither components nor probe rows.
///
/// The free columns (nonbasic, zero reduced cost) fall into components: two columns are in
/// one component when a tight restricted row mentions both. The face is the product of its
/// components' faces, so an expression is constant on it exactly when each of its parts
/// (its terms in one component) is. A part is decided by a single free column that can move
/// on its own, or else by a small LP on a probe solver built once per component; parts
/// that differ only by a factor share the answer, so a long chain of variables that all
/// read the same component costs one LP, not one per variable.
final class OptimalFace {
    private unowned let solver: Solver
    /// By symbol: its component, -1 for none yet (arrays, not dictionaries: every symbol of
    /// the tableau is asked about); allocated at the first answer kept.
    private var componentOf: [Int32] = []
    private var components: [Component] = []
    /// By symbol: -1 not known yet, else whether it can move alone (`Solver.canMove`).
    private var movable: [Int8] = []
    private var decided: [PartKey: Bool] = [:]

    private final class Component {
        var columns: [Symbol] = []
        var slots: [Int32] = []
        var probe: (solver: Solver, variables: [Symbol: Variable])?
        var rigid: Bool?
    }

    private struct PartKey: Hashable {
        var component: Int
        var symbols: [Symbol]
        var ratios: [Int64]   // coefficients over the first one, to 1e-9
    }

    init(solver: Solver) { self.solver = solver }

    /// The component of `s` so far (-1: none yet).
    @inline(__always) private func componentIndex(_ s: Symbol) -> Int {
        Int(s) < componentOf.count ? Int(componentOf[Int(s)]) : -1
    }

    private func setComponent(_ s: Symbol, _ c: Int) {
        if componentOf.isEmpty { componentOf = [Int32](repeating: -1, count: solver.tableau.kinds.count) }
        componentOf[Int(s)] = Int32(c)
    }

    /// Whether free column `s` can move at all on the face (its component is not rigid).
    /// One that can move alone is (most free slacks: satisfied inequalities), found without
    /// making its component.
    func isLoose(_ s: Symbol) -> Bool { isMovable(s) || !isRigid(component(of: s)) }

    /// Whether the expression (over nonbasic restricted symbols) can change on the face.
    func canChange(_ target: Row) -> Bool {
        // Parts by component, in the order the components are first met (not a dictionary's:
        // probing stops at the first part that can change, and what was probed is remembered
        // for later variables, so the order must be the same for every equal solver).
        var parts: [(component: Int, terms: [(Symbol, Double)])] = []
        for i in target.symbols.indices where solver.isFreeColumn(target.symbols[i]) {
            let column = target.symbols[i]
            let c = component(of: column)
            if isRigid(c) { continue }
            if isMovable(column) { return true }
            if let k = parts.firstIndex(where: { $0.component == c }) {
                parts[k].terms.append((column, target.coefficients[i]))
            } else {
                parts.append((c, [(column, target.coefficients[i])]))
            }
        }
        for part in parts where partCanChange(component: part.component, part.terms) { return true }
        return false
    }

    private func isMovable(_ column: Symbol) -> Bool {
        if Int(column) < movable.count && movable[Int(column)] >= 0 { return movable[Int(column)] == 1 }
        let m = solver.canMove(column)
        if movable.isEmpty { movable = [Int8](repeating: -1, count: solver.tableau.kinds.count) }
        movable[Int(column)] = m ? 1 : 0
        return m
    }

    /// The component of a free column: found by walking restricted rows once.
    private func component(of column: Symbol) -> Int {
        if componentIndex(column) >= 0 { return componentIndex(column) }
        let id = components.count
        let component = Component()
        components.append(component)
        var seenSlots = Set<Int32>()
        var pending = [column]
        setComponent(column, id)
        while let s = pending.popLast() {
            component.columns.append(s)
            for slot in solver.tableau.slots(containing: s) where isTight(slot) && seenSlots.insert(slot).inserted {
                component.slots.append(slot)
                for t in solver.tableau.rows[Int(slot)].symbols where componentIndex(t) < 0 && solver.isFreeColumn(t) {
                    setComponent(t, id)
                    pending.append(t)
                }
            }
        }
        return id
    }

    /// A restricted row that holds its basic at zero: a dummy's (an equality's), or a slack's
    /// or error's within `epsilon` of zero (the test `Solver.canMove` makes).
    private func isTight(_ slot: Int32) -> Bool {
        let tableau = solver.tableau
        switch tableau.kinds[Int(tableau.basicOf[Int(slot)])] {
        case .external: return false
        case .dummy: return true
        case .slack, .error: return tableau.rows[Int(slot)].constant <= epsilon
        }
    }

    /// Whether the component's face is the single point where every free column is 0.
    /// Usually settled without an LP: degenerate rows (a restricted basic at 0 whose free
    /// columns all push it down, or a dummy row at 0 whose free columns share a sign) force
    /// their columns to 0, and forcing spreads; this is the hugging/compression case of
    /// every intrinsically sized view. Otherwise one LP pushes the columns' sum up.
    private func isRigid(_ c: Int) -> Bool {
        let component = components[c]
        if let r = component.rigid { return r }
        var forced = Set<Symbol>()
        var changed = true
        let tableau = solver.tableau
        while changed && forced.count < component.columns.count {
            changed = false
            for slot in component.slots {
                let row = tableau.rows[Int(slot)]
                guard abs(row.constant) <= epsilon else { continue }
                let isDummy = tableau.kinds[Int(tableau.basicOf[Int(slot)])] == .dummy
                var positive = false, negative = false
                for i in row.symbols.indices {
                    let s = row.symbols[i]
                    guard componentIndex(s) == c, !forced.contains(s) else { continue }
                    if row.coefficients[i] > epsilon { positive = true }
                    if row.coefficients[i] < -epsilon { negative = true }
                }
                let forcing = isDummy ? !(positive && negative) : !positive
                guard forcing else { continue }
                for i in row.symbols.indices where componentIndex(row.symbols[i]) == c && !nearZero(row.coefficients[i]) {
                    if forced.insert(row.symbols[i]).inserted { changed = true }
                }
            }
        }
        var rigid = forced.count == component.columns.count
        if !rigid {
            let unforced = component.columns.filter { !forced.contains($0) }
            // A column that can move on its own settles it without an LP: most often a slack
            // with no tight row at all, a component by itself.
            rigid = !unforced.contains(where: isMovable) && !solveCanChange(component, unforced.map { ($0, 1.0) })
        }
        component.rigid = rigid
        return rigid
    }

    private func partCanChange(component c: Int, _ terms: [(Symbol, Double)]) -> Bool {
        let sorted = terms.sorted { $0.0 < $1.0 }
        let first = sorted[0].1
        let key = PartKey(component: c, symbols: sorted.map(\.0),
                          ratios: sorted.map { Int64(($0.1 / first * 1e9).rounded()) })
        if let known = decided[key] { return known }
        let answer = solveCanChange(components[c], sorted)
        decided[key] = answer
        return answer
    }

    /// The LP: can the part move up or down while every row of the component stays feasible?
    private func solveCanChange(_ component: Component, _ terms: [(Symbol, Double)]) -> Bool {
        let probe = probeSolver(for: component)
        let moved = terms.compactMap { term in probe.variables[term.0].map { ($0, term.1) } }
        for direction in [1.0, -1.0] {
            let push = Constraint(Expression(moved.map { ($0.0, $0.1 * direction) }, constant: -1),
                                  .greaterThanOrEqual, priority: 1)
            guard (try? probe.solver.add(push)) != nil else { continue }
            var change = 0.0
            for (v, c) in moved { change += c * probe.solver.value(v) }
            _ = try? probe.solver.remove(push)
            if abs(change) > 1e-7 { return true }
        }
        return false
    }

    /// The component as a standalone LP: a variable per free column (>= 0 if restricted),
    /// each tight restricted row (>= 0) or basic dummy row (== 0) over them.
    private func probeSolver(for component: Component) -> (solver: Solver, variables: [Symbol: Variable]) {
        if let p = component.probe { return p }
        let probe = Solver()
        probe.explainsConflicts = false
        var variables: [Symbol: Variable] = [:]
        for column in component.columns {
            let v = probe.makeVariable()
            variables[column] = v
            if solver.tableau.isRestricted(column) {
                _ = try? probe.add(Constraint(Expression([(v, 1)]), .greaterThanOrEqual))
            }
        }
        for slot in component.slots {
            let row = solver.tableau.rows[Int(slot)]
            var terms: [(Variable, Double)] = []
            for i in row.symbols.indices {
                if let v = variables[row.symbols[i]] { terms.append((v, row.coefficients[i])) }
            }
            let isDummy = solver.tableau.kinds[Int(solver.tableau.basicOf[Int(slot)])] == .dummy
            // A hair below zero is numerical dust, not infeasibility.
            let constant = isDummy ? row.constant : max(0, row.constant)
            _ = try? probe.add(Constraint(Expression(terms, constant: constant), isDummy ? .equal : .greaterThanOrEqual))
        }
        component.probe = (probe, variables)
        return (probe, variables)
    }
}
