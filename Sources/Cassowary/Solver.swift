/// An incremental Cassowary solver with strictly ordered priorities.
///
/// The tableau keeps a feasible, optimal basic solution at all times. Every public
/// operation either succeeds or leaves the solver exactly as it was: failed adds and
/// failed constant changes undo their pivots from a log.
public final class Solver {
    /// Bookkeeping for one installed constraint.
    /// (Its constraint is the one it is filed under in the tag table, which holds it: a tag
    /// without a reference is copied without reference counting.)
    struct Tag {
        /// A symbol that occurs only in this constraint's own equation, with coefficient
        /// `sigma` there; shifting it is how a constant changes in place.
        let marker: Symbol
        let other: Symbol           // second error symbol of an optional equality, or -1
        let sigma: Double
        var constant: Double
        /// Objective levels (-1 when required) of `marker` and of `other`: the same but for
        /// an equality held at another priority below than above.
        var level: Int32
        var otherLevel: Int32
        var order = 0               // installation order, for stable conflict listings

        /// The objective level at which error symbol `s` (the marker or the other) costs.
        func level(of s: Symbol) -> Int { Int(s == other ? otherLevel : level) }

        /// The marker, then the other error symbol if there is one: walked without building an
        /// array, which would be a heap block on every add.
        var symbols: Symbols { Symbols(coming: marker, last: other) }

        struct Symbols: Sequence, IteratorProtocol {
            var coming: Symbol, last: Symbol
            mutating func next() -> Symbol? {
                guard coming >= 0 else { return nil }
                defer { coming = last; last = -1 }
                return coming
            }
        }
    }

    /// Rows of basic restricted symbols, over nonbasic restricted symbols only.
    /// The storage below, taken from a solver that went away if there was one (`SolverShelf`).
    private let parts: SolverParts
    let tableau: Tableau
    /// The user's variables, as definitions (see Definitions.swift).
    let definitions: Definitions
    let accumulator: Accumulator
    /// Reused buffers for walks over the definitions.
    var scratchOrder: [Symbol] = []
    var scratchStack: [(Symbol, Int)] = []
    var scratchSymbols: [Symbol] = []   // `wouldCycle`'s walk
    let goal: Objective
    var tags: TagTable
    /// By symbol: the constraint a marker belongs to. An anonymous constraint's symbols
    /// (`addAnonymous`) have none, and are marked in `ownedAnonymously` instead: a shared
    /// stand-in owner held in each cost an atomic retain per new symbol and a release per
    /// symbol on every reset.
    var owner: OwnedArray<Constraint?>
    var ownedAnonymously: OwnedArray<Bool>
    /// Debug names by variable id ("" for none): an array, so naming costs no hashing.
    var variableNames: [String] = []
    /// Edit constraints by variable id (an array: a suggest costs no hashing).
    var edits = EditTable()
    var infeasible: [Symbol] = []
    /// Optional constraints added in a run, not yet installed (HeldBounds.swift).
    var held: [HeldBound] = []
    /// By symbol: whether a held constraint has it (`sharesHeldVariable`); grown as symbols
    /// are held, all false whenever nothing is.
    var heldMarks = OwnedArray<Bool>()
    /// Runs of held bounds up to this long go in as they came (`HeldBound.shortRun`; tests
    /// lower it to have every run ordered).
    var shortRun = HeldBound.shortRun
    /// During an add through the dual simplex, the symbol its row was solved for.
    var insertedSubject: Symbol?
    /// Pivots made since logging started, so that a failed operation can undo them.
    var pivotLog: [(entering: Symbol, leaving: Symbol)]?
    /// Whether failed adds and constant changes compute an irreducible conflict (off inside
    /// conflict checks, and for owners that explain conflicts their own way).
    public var explainsConflicts = true
    /// Changes whenever the optimal face may have changed: a pivot, an add or a remove, or a
    /// row's constant reaching or leaving zero (see `ambiguous`: which variables the optimum
    /// leaves free depends on the basis and on which rows are tight, not on other constants).
    public internal(set) var faceVersion = 0
    var installed = 0
    /// Asked with the clock: true when the work is no longer wanted (the client that asked
    /// for it is gone). Optimisation then stops as at the deadline. Set by `setBudget`.
    public private(set) var shouldStop: (@Sendable () -> Bool)?
    /// The last stop came from `shouldStop`, not the clock.
    public var wasStopped: Bool { settle(); return stopped }
    /// Set once the deadline has passed (sticky until the deadline changes); asked after
    /// adds, it counts the work of the bounds they held (HeldBounds.swift).
    public var ranOutOfTime: Bool { settle(); return outOfTime }
    private(set) var stopped = false
    private(set) var outOfTime = false
    /// Work counters, for benchmarks and metrics.
    public internal(set) var statistics = Statistics()
    private var deadlineAsks = 0
    /// When optimisation must stop (see `isPastDeadline`): nil for never. The last stored
    /// property: its type's size is known only at run time (the Concurrency library's), and a
    /// property after it would be read at an offset looked up at run time. Set by `setBudget`.
    public private(set) var deadline: ContinuousClock.Instant?

    public struct Statistics: Sendable {
        public var pivots = 0
        public var cellsMerged = 0
        public var rowCount = 0
        public var rowCells = 0
        public var definitionCells = 0
        public var longestRow = 0
        public var longestColumn = 0
    }

    /// A new solver, on the storage of one that went away on this thread if there is one
    /// (`keptStorage`, off only for tests that compare the two: then on new storage).
    public init(keptStorage: Bool = true) {
        let parts = keptStorage ? SolverShelf.take() : SolverParts()
        self.parts = parts
        tableau = parts.tableau
        definitions = parts.definitions
        accumulator = parts.accumulator
        goal = parts.goal
        owner = parts.owner.take() ?? OwnedArray()
        ownedAnonymously = parts.ownedAnonymously.take() ?? OwnedArray()
        tags = parts.tags.take() ?? TagTable()
        parts.exchange(with: self)
    }

    /// Frees the storage that solvers which went away on this thread left for the next ones
    /// (`SolverShelf`). For the fuzzing harnesses: an input that ends with more allocations
    /// than frees is run a second time by libFuzzer to look for a leak, and kept storage would
    /// make most of them do so.
    public static func releaseKeptStorage() { SolverShelf.empty() }

    /// Empties the storage and moves it back into the parts, for the thread's next new solver.
    deinit {
        dropHeld()
        guard let shelf = SolverShelf.shelf(keeping: parts) else { return }
        emptyStorage()
        var ownerTable = OwnedArray<Constraint?>(), anonymousTable = OwnedArray<Bool>()
        swap(&ownerTable, &owner)
        swap(&anonymousTable, &ownedAnonymously)
        parts.owner = consume ownerTable
        parts.ownedAnonymously = consume anonymousTable
        parts.tags = tags  // a copy whose arrays are unique once this solver is gone
        parts.exchange(with: self)
        shelf.parts.append(parts)
    }

    /// Symbols a solver has room for from its first one on (see `newSymbol`): a small
    /// layout's (a 10-view screen has 80 to 120), so that a new solver does not move its
    /// fourteen per-symbol tables twice while it is built (32 did, at 32 and 64). A few KB;
    /// a session's solver is compacted after its build.
    static let initialSymbols = 128
    /// Constraints (rows and tags) a solver has room for from its first symbol on, of
    /// those symbols: the tag table and the rows grew from one element by doubling.
    static let initialConstraints = 48

    /// The room a solver takes when its first symbol is made (see `initialSymbols`).
    private func reserveInitially() {
        reserveCapacity(variables: Solver.initialSymbols - 2 * Solver.initialConstraints, constraints: Solver.initialConstraints)
    }

    /// Whether the deadline has passed: looked at every 32nd time it is asked (once per
    /// pivot, and once per optimisation even without one: reading the clock costs more than
    /// a small pivot, and a small layout's adds pivot rarely), and sticky from then on.
    /// Optimisation loops stop then, leaving the tableau feasible: the owner refuses the
    /// work and rolls it back.
    @inline(__always) var isPastDeadline: Bool {
        if outOfTime { return true }
        deadlineAsks &+= 1
        guard deadlineAsks & 31 == 0 else { return false }
        return checkDeadlineIfSet()
    }

    /// `checkDeadline` when there is something to check. Apart from `isPastDeadline`: reading
    /// the optional instant needs its type's metadata, looked up on every call of the function
    /// that reads it, so the hot path must not be that function.
    @inline(never) private func checkDeadlineIfSet() -> Bool {
        guard deadline != nil || shouldStop != nil else { return false }
        return checkDeadline()
    }

    /// Back to the state of a new solver, keeping the storage its arrays have grown, so that
    /// the next system of a similar size is built without allocating or freeing them
    /// (kiwi's `reset`; a new solver gets the same from the storage a solver that went away
    /// left, `SolverShelf`). It then builds and answers exactly as a new solver would
    /// (`SolverReuseTests`).
    public func reset() {
        emptyStorage()
        insertedSubject = nil
        pivotLog = nil
        explainsConflicts = true
        faceVersion = 0
        installed = 0
        deadline = nil
        shouldStop = nil
        stopped = false
        outOfTime = false
        statistics = Statistics()
        deadlineAsks = 0
    }

    /// Empties the tables and rows, keeping their storage.
    private func emptyStorage() {
        dropHeld()
        heldMarks.removeAll()
        tableau.reset()
        definitions.reset(recyclingInto: tableau)
        accumulator.reset()
        goal.reset()
        tags.reset()
        owner.removeAll()
        ownedAnonymously.removeAll()
        variableNames.emptyKeepingCapacity()
        edits.reset()
        scratchOrder.emptyKeepingCapacity()
        scratchStack.emptyKeepingCapacity()
        scratchSymbols.emptyKeepingCapacity()
        infeasible.emptyKeepingCapacity()
    }

    /// Room for the per-symbol arrays it has kept: a measure of the memory a reset solver
    /// holds on to.
    public var symbolCapacity: Int { tableau.kinds.capacity }

    /// Reads the clock now (for owners that do work between solver calls): whether the
    /// deadline has passed, remembered as `ranOutOfTime`.
    public func checkDeadline() -> Bool {
        if outOfTime { return true }
        if let deadline, ContinuousClock.now > deadline {
            outOfTime = true
        } else if let shouldStop, shouldStop() {
            outOfTime = true
            stopped = true
        }
        return outOfTime
    }

    /// The budget of the owner's next calls: a deadline (nil: none) and a check of whether
    /// the work is still wanted (nil: always). Forgets an earlier budget's expiry. Past the
    /// budget, optimisation stops with the tableau feasible and `ranOutOfTime` set; no call
    /// throws for it: the owner checks `ranOutOfTime` and rolls its work back.
    public func setBudget(deadline: ContinuousClock.Instant?, stop: (@Sendable () -> Bool)? = nil) {
        settle()  // held bounds were added under the budget that ends here
        self.deadline = deadline
        shouldStop = stop
        outOfTime = false
        stopped = false
    }

    /// Room for `variables` more variables and `constraints` more constraints, so building
    /// a known-size system allocates each per-symbol array once instead of by doubling.
    /// (A solver that is kept gives the spare room back with `compact()`.)
    public func reserveCapacity(variables: Int, constraints: Int) {
        // At most two symbols per constraint (slack and error, or two errors, or a dummy).
        let symbols = tableau.kinds.count + max(0, variables) + 2 * max(0, constraints)
        tableau.reserveCapacity(symbols: symbols, rows: tags.count + max(0, constraints))
        definitions.reserveCapacity(symbols: symbols)
        goal.reserveCapacity(symbols: symbols)
        owner.reserveCapacity(symbols)
        ownedAnonymously.reserveCapacity(symbols)
        tags.reserveCapacity(tags.count + max(0, constraints))
    }

    /// Whether `s` belongs to a constraint, named or anonymous (a slack, error or dummy
    /// symbol not yet swept by a removal).
    @inline(__always) func isOwned(_ s: Symbol) -> Bool { owner[Int(s)] != nil || ownedAnonymously[Int(s)] }

    /// A new symbol, of constraint `c` (nil: of none, or of an anonymous one if `anonymous`).
    func newSymbol(_ kind: SymbolKind, owner c: Constraint?, anonymous: Bool = false) -> Symbol {
        // A solver built without `reserveCapacity` starts with room for a small layout's
        // symbols: a dozen per-symbol arrays doubling from one element each would cost
        // five reallocations apiece before the first few views were in.
        if owner.capacity == 0 { reserveInitially() }
        let s = tableau.newSymbol(kind)
        goal.addSymbol()
        definitions.addSymbol()
        owner.append(c)
        ownedAnonymously.append(anonymous)
        return s
    }

    /// `count` new variables at once (a view's four), one append of `count` to each
    /// per-symbol table instead of `count` single ones.
    public func makeVariables(_ count: Int) -> VariableBlock {
        guard count > 0 else { return VariableBlock(first: tableau.kinds.count, count: 0) }
        // Room for them in every table at once, doubling: `append(_:times:)` makes exactly the
        // room it needs, which repeated would move the tables for every block.
        if owner.capacity == 0 { reserveInitially() }
        if tableau.kinds.count + count > tableau.kinds.capacity {
            reserveCapacity(variables: max(count, tableau.kinds.capacity), constraints: 0)
        }
        let first = tableau.newSymbols(.external, count: count)
        goal.addSymbols(count)
        definitions.addSymbols(count)
        for _ in 0..<count { owner.append(nil) }  // one by one: `append(nil, times:)` called swift_retain per element
        ownedAnonymously.append(false, times: count)
        return VariableBlock(first: Int(first), count: count)
    }

    /// A new variable; `name` is for debugging only.
    public func makeVariable(_ name: String = "") -> Variable {
        let s = newSymbol(.external, owner: nil)
        if !name.isEmpty {
            while variableNames.count <= Int(s) { variableNames.append("") }
            variableNames[Int(s)] = name
        }
        return Variable(id: Int(s))
    }

    public func name(of variable: Variable) -> String {
        guard variable.id >= 0, variable.id < variableNames.count, !variableNames[variable.id].isEmpty else {
            return variable.description
        }
        return variableNames[variable.id]
    }

    func isKnown(_ v: Variable) -> Bool {
        v.id >= 0 && v.id < tableau.kinds.count && tableau.kinds[v.id] == .external
    }

    public func contains(_ constraint: Constraint) -> Bool { tags.contains(constraint) || isHeld(constraint) }

    /// The installed constraints, in installation order (for benchmarks and debugging).
    public func installedConstraints() -> [Constraint] {
        settle()
        return tags.all.sorted { $0.tag.order < $1.tag.order }.map(\.constraint)
    }

    /// Symbols made so far (variables, slacks, errors, dummies): it only grows.
    public var symbolCount: Int { settle(); return tableau.kinds.count }

    public func constant(of constraint: Constraint) -> Double? { settle(); return tags[constraint]?.constant }

    public var constraintCount: Int { tags.count + held.count }

    /// The variable's value in the current optimal solution.
    public func value(_ variable: Variable) -> Double {
        guard isKnown(variable) else { return 0 }
        settle()
        return evaluate(Symbol(variable.id))
    }

    /// Every value as it now stands, to read later or elsewhere: the values array shared, not
    /// copied (the solver copies it on its next change instead).
    public func solvedValues() -> SolvedValues {
        settle()
        if definitions.valuesEpoch != definitions.epoch {
            // A solver read for the first time (a one-shot layout's, read once) evaluates its
            // definitions in place; compiling them into a program pays off from the second read.
            if definitions.readBefore { refreshValues() } else { evaluateOnce() }
        }
        return SolvedValues(values: definitions.values)
    }

    /// The total violation at each optional priority in use, highest priority first.
    public func objective() -> [(priority: Double, violation: Double)] {
        settle()
        var totals: [Double: Double] = [:]
        for (c, tag) in tags.all where !c.isRequired {
            // `expression` above zero violates `<=` and `==` (at `priority`), below zero `>=`
            // and `==` (at `priorityBelow`, which is `priority` but for a two-sided soft one).
            let e = c.expression.terms.reduce(tag.constant) { $0 + $1.coefficient * value($1.variable) }
            if c.relation != .greaterThanOrEqual { totals[c.priority, default: 0] += max(0, e) }
            if c.relation != .lessThanOrEqual { totals[c.priorityBelow, default: 0] += max(0, -e) }
        }
        return totals.keys.sorted(by: >).map { (priority: $0, violation: totals[$0] ?? 0) }
    }
}

/// The values of a solver's variables at one moment (`Solver.solvedValues`): immutable, so
/// it may be read on any thread while the solver moves on.
public struct SolvedValues: Sendable {
    @usableFromInline let values: [Double]

    init(values: [Double]) { self.values = values }

    /// The variable's value (0 for one the solver did not have).
    @inlinable public subscript(_ variable: Variable) -> Double { withReader { $0[variable] } }

    /// Reads many values with no reference counting per read (an answer reads four a view).
    @inlinable public func withReader<R>(_ body: (Reader) -> R) -> R {
        values.withUnsafeBufferPointer { body(Reader(values: $0)) }
    }

    public struct Reader {
        @usableFromInline let values: UnsafeBufferPointer<Double>
        @inlinable init(values: UnsafeBufferPointer<Double>) { self.values = values }

        /// The variable's value (0 for one the solver did not have).
        @inlinable public subscript(_ variable: Variable) -> Double {
            variable.id >= 0 && variable.id < values.count ? values[variable.id] : 0
        }
    }
}
