import Storage

/// What one request did to its session's history, for the durable store to do too.
public enum JournalWrite: Equatable, Sendable {
    /// A new session's first record (its document).
    case create(StoredRecord)
    /// An edits batch that ran.
    case append(StoredRecord)
    /// The history compacted into this checkpoint.
    case replace(StoredRecord)
    /// The session can no longer be kept in the store (it stays in memory).
    case forget

    func op(session: String) -> StoreOp {
        switch self {
        case .create(let r): return .create(session: session, r)
        case .append(let r): return .append(session: session, r)
        case .replace(let r): return .replace(session: session, r)
        case .forget: return .delete(session: session)
        }
    }
}
