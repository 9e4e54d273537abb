import Layout
import Storage

// A live session as the service keeps it (`LayoutEngineService`).

extension LayoutEngineService {
    /// A live session: the layout (built, or asleep as the journal that rebuilds it) plus
    /// the counts the limits need, kept up to date without walking the layout on the hot
    /// path (`update`, `setFrame`).
    public struct Session: @unchecked Sendable {
        enum Form {
            /// Built, with its journal (nil only if a compaction failed: then it stays built).
            case awake(LiveLayout, SessionJournal?)
            case asleep(SessionJournal)
            /// Known only to the store (found there at start), until its first request.
            case stored(Stored)
        }
        struct Stored {
            let store: JournalStore
            let id: String
            let bytes: Int
            let firstBytes: Int
            let solveMicros: Int
        }
        var form: Form
        /// Views and explicit guides, as of the last answer.
        public internal(set) var views: Int
        /// Entries of `constraints` installed (descriptions, before composites are
        /// expanded), as of the last batch that could change them.
        public internal(set) var constraints: Int
        /// What the last request wrote to the history, for the durable store to write too.
        var writes: [JournalWrite] = []

        public var isAsleep: Bool {
            if case .awake = form { return false }
            return true
        }

        /// The work its next request may take, in views (which decides whether that request
        /// runs on the worker pool): its size, times the history it replays if it sleeps.
        public var weight: Int {
            switch form {
            case .awake: return size
            case .asleep(let journal): return size * journal.byteCount / max(1, journal.documentBytes)
            case .stored(let stored): return size * stored.bytes / max(1, stored.firstBytes)
            }
        }

        /// Constraints a view of a typical screen brings (gen-layout-doc: 5.8).
        static let constraintsPerView = 6

        /// Its views, or its constraints counted at `constraintsPerView` if that is more: a
        /// session of two views and thousands of constraints edits as slowly as a big layout
        /// (a remake removes every one of them), so it goes to the pool too.
        var size: Int { max(views, constraints / Self.constraintsPerView) }

        /// The built layout, rebuilding it first if the session sleeps (under `limits`, the
        /// service's: what was accepted once reads again the same).
        mutating func wake(limits: LayoutLimits = .standard) -> Result<LiveLayout, Problem> {
            var journal: SessionJournal
            switch form {
            case .awake(let layout, _):
                return .success(layout)
            case .asleep(let kept):
                journal = kept
            case .stored(let stored):
                let records: [StoredRecord]
                do {
                    records = try stored.store.history(of: stored.id)
                } catch {
                    return .failure(Problem(status: 500, code: .internalError, message: "the session could not be read from the store: \(error.message)"))
                }
                guard let read = SessionJournal(records: records.map { ($0.kind, $0.body) }) else {
                    return .failure(Problem(status: 500, code: .internalError, message: "the session's stored history does not begin with a document or a checkpoint"))
                }
                journal = read
                journal.lastSolveMicros = stored.solveMicros
            }
            switch journal.replay(limits: limits) {
            case .success(let layout):
                layout.lastSolveMicros = journal.lastSolveMicros
                form = .awake(layout, journal)
                return .success(layout)
            case .failure(let failure):
                // Not expected: every record succeeded once, and replaying is deterministic.
                return .failure(Problem(status: 500, code: .internalError,
                                        message: "the session could not be rebuilt from its history (record \(failure.record): \(failure.reason))"))
            }
        }

        /// Drops the built layout, keeping the journal, and answers the layout (for the
        /// caller to free); nil if there is no journal to keep.
        mutating func sleep() -> LiveLayout? {
            guard case .awake(let layout, var journal?) = form else { return nil }
            journal.trim()
            journal.lastSolveMicros = layout.lastSolveMicros
            form = .asleep(journal)
            return layout
        }

        /// Records a batch that ran. A journal that would pass its limit is compacted
        /// instead: the layout is rebuilt from its checkpoint, which the journal starts over
        /// from (so it holds this batch too).
        mutating func record(edit body: [UInt8], succeeded: Bool, limits: LayoutLimits) {
            guard case .awake(let layout, var journal?) = form else { return }
            form = .awake(layout, nil)  // the journal is uniquely referenced while it grows
            if journal.append(edit: body, succeeded: succeeded) {
                form = .awake(layout, journal)
                writes.append(.append(StoredRecord(kind: succeeded ? SessionJournal.Kind.edit.rawValue : SessionJournal.Kind.refusedEdit.rawValue,
                                                   body: body, views: views, constraints: constraints, solveMicros: layout.lastSolveMicros)))
            } else {
                compact(layout, limits: limits)
            }
        }

        /// Starts the history over from a checkpoint of the layout as it stands, rebuilding
        /// the layout from it. Should the rebuild fail (out of time), the session stays built
        /// without a history, and the store forgets it.
        mutating func compact(_ layout: LiveLayout, limits: LayoutLimits) {
            let checkpoint = layout.checkpoint()
            switch SessionSteps.restore(checkpoint, limits: limits) {
            case .success(let rebuilt):
                let bytes = checkpoint.bytes
                form = .awake(rebuilt, SessionJournal(checkpoint: bytes))
                writes.append(.replace(StoredRecord(kind: SessionJournal.Kind.checkpoint.rawValue, body: bytes,
                                                    views: views, constraints: constraints, solveMicros: checkpoint.solveMicros)))
            case .failure:
                form = .awake(layout, nil)
                writes.append(.forget)
            }
        }

        /// Takes what the last request wrote to the history.
        mutating func takeWrites() -> [JournalWrite] {
            defer { writes = [] }
            return writes
        }
    }
}
