#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Cassowary

/// One spare solver per thread for one-shot layouts (issue #12): a one-shot request builds a
/// solver, answers and throws it away, and building and freeing its dozen per-symbol
/// arrays cost as much as a small layout's solving. So the solver of a one-shot goes back
/// to its thread, reset (`Solver.reset`), and the next one-shot there starts from it,
/// answering exactly as from a new one (`SolverReuseTests`, `OneShotReuseTests`).
///
/// Thread-local, so no lock and no sharing: an event loop or a solver thread keeps at most
/// one, and only one that stayed small (`keptSymbols`), so what a thread holds is bounded.
enum SpareSolver {
    /// A solver with room for more symbols than this is not kept (about 0.4 MB of arrays, and
    /// at most about 0.5 MB of rows' storage kept for reuse: `Tableau.freshRow`).
    static let keptSymbols = 4_096

    /// The thread's spare solver, or a new one.
    static func take() -> Solver {
        guard let raw = pthread_getspecific(key) else { return Solver() }
        pthread_setspecific(key, nil)
        return Unmanaged<Solver>.fromOpaque(raw).takeRetainedValue()
    }

    /// Keeps `solver` as the thread's spare, reset, unless it grew large or one is kept already.
    /// The caller must not use it afterwards.
    static func giveBack(_ solver: Solver) {
        guard solver.symbolCapacity <= keptSymbols, pthread_getspecific(key) == nil else { return }
        solver.reset()
        pthread_setspecific(key, Unmanaged.passRetained(solver).toOpaque())
    }

    /// Frees a thread's spare when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<Solver>.fromOpaque(raw).release()
        }
        return key
    }()
}
