#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A solver's storage: the tableau, definitions, accumulator and objective, which hold the
/// per-symbol tables and the rows, and while it is on the shelf the solver's own tables.
/// A solver holds its parts for life and moves its tables out of them when it is made and
/// back when it goes away (`Solver.init`, `deinit`).
final class SolverParts {
    let tableau = Tableau()
    let definitions = Definitions()
    let accumulator = Accumulator()
    let goal = Objective()
    /// The solver's tables, nil while a solver has them.
    var owner: OwnedArray<Constraint?>?
    var ownedAnonymously: OwnedArray<Bool>?
    var tags: TagTable?
    var variableNames: [String] = []
    var edits = EditTable()
    var scratchOrder: [Symbol] = []
    var scratchStack: [(Symbol, Int)] = []
    var scratchSymbols: [Symbol] = []
    var infeasible: [Symbol] = []
    var held: [HeldBound] = []

    /// Swaps the solver's arrays with the parts' (in: the parts' empty ones with storage;
    /// out: the solver's, emptied).
    func exchange(with solver: Solver) {
        swap(&variableNames, &solver.variableNames)
        swap(&edits, &solver.edits)
        swap(&scratchOrder, &solver.scratchOrder)
        swap(&scratchStack, &solver.scratchStack)
        swap(&scratchSymbols, &solver.scratchSymbols)
        swap(&infeasible, &solver.infeasible)
        swap(&held, &solver.held)
    }
}

/// The parts of solvers that went away, kept for the next new solvers of the same thread
/// (a solver must be cheap to build). Otherwise a new solver's first symbols allocate its dozen
/// tables (and have glibc consolidate the blocks its predecessor freed), and each of its rows
/// a new array. A solver's `deinit` empties its parts and
/// puts them here; `Solver.init` takes them. Reset parts answer exactly as new ones
/// (`SolverReuseTests`).
///
/// Thread-local, so no lock and no sharing; at most `kept` sets per thread, each of a solver
/// that stayed small (`keptSymbols`, `keptProgramCells`), so what a thread holds is bounded (about
/// 1.3 MB each: 0.4 MB of tables, 0.4 MB of program and at most 0.5 MB of rows' storage,
/// `Tableau.spareRows`).
enum SolverShelf {
    static let kept = 2
    static let keptSymbols = 4_096
    /// The definitions' flattened program holds every definition's cells, which a small
    /// solver's definitions can still make many of: parts with room for more are not kept.
    static let keptProgramCells = 8 * keptSymbols

    /// Kept parts, or new ones.
    static func take() -> SolverParts {
        guard let raw = pthread_getspecific(key) else { return SolverParts() }
        return Unmanaged<Shelf>.fromOpaque(raw).takeUnretainedValue().parts.popLast() ?? SolverParts()
    }

    /// The thread's shelf if it has room for `parts` and they stayed small (asked before
    /// emptying them, so that parts not kept are not emptied for nothing).
    static func shelf(keeping parts: SolverParts) -> Shelf? {
        guard parts.tableau.kinds.capacity <= keptSymbols,
              parts.definitions.program.symbols.capacity <= keptProgramCells else { return nil }
        let shelf: Shelf
        if let raw = pthread_getspecific(key) {
            shelf = Unmanaged<Shelf>.fromOpaque(raw).takeUnretainedValue()
        } else {
            shelf = Shelf()
            pthread_setspecific(key, Unmanaged.passRetained(shelf).toOpaque())
        }
        return shelf.parts.count < kept ? shelf : nil
    }

    /// Lets go of the parts this thread keeps.
    static func empty() {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<Shelf>.fromOpaque(raw).takeUnretainedValue().parts.removeAll()
    }

    /// A thread's kept parts; a solver's `deinit` appends its own, emptied, when
    /// `shelf(keeping:)` gave it the shelf.
    final class Shelf {
        var parts: [SolverParts] = []
        init() { parts.reserveCapacity(SolverShelf.kept) }
    }

    /// Frees a thread's shelf when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<Shelf>.fromOpaque(raw).release()
        }
        return key
    }()
}
