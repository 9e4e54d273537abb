/// Where sessions' histories live between restarts (docs/durability.md): each session is a
/// list of records, the first a document or a checkpoint, the others edits batches, as the
/// server's journal keeps them. The server knows nothing else of the store, so another kind
/// (a database a fleet of servers shares) can take SQLite's place.
///
/// One writer: `apply` is called from one thread at a time. `history` may be called from
/// any thread while `apply` runs.
public protocol JournalStore: AnyObject, Sendable {
    /// Runs `ops` as one transaction: all of them happen, or (on a thrown error) none,
    /// except that a shared store leaves out the ops of a session whose `fence` failed
    /// (another server owns it now): those sessions and epochs are answered (one batch may
    /// hold an old copy's writes, refused, and the current copy's, which land).
    @discardableResult
    func apply(_ ops: [StoreOp]) throws(StoreError) -> Set<Fenced>
    /// A session's records in order, each checked against its checksum.
    func history(of session: String) throws(StoreError) -> [StoredRecord]
    /// Every session in the store, and what was found damaged in it.
    func list() throws(StoreError) -> StoreListing
    /// Lets another server have the store (at a graceful stop, once the last write is done).
    func release()
    /// Housekeeping the writer's thread does between commits, after their answers went (the
    /// SQLite store ends its log there when it has grown). The default: none.
    func tidy()
}

extension JournalStore {
    public func tidy() {}
}

/// One record of a session's history.
public struct StoredRecord: Equatable, Sendable {
    /// What the record is (the server's journal decides the numbers).
    public var kind: UInt8
    public var body: [UInt8]
    /// The session's views and constraint entries after this record (so that a listing can
    /// say how big each session is without reading its records).
    public var views: Int
    public var constraints: Int
    /// The solve time the session's answers report after this record.
    public var solveMicros: Int

    public init(kind: UInt8, body: [UInt8], views: Int, constraints: Int, solveMicros: Int) {
        self.kind = kind; self.body = body; self.views = views; self.constraints = constraints
        self.solveMicros = solveMicros
    }

    /// FNV-1a (64 bits) of the kind and the body: what the store keeps beside a record to
    /// tell a damaged one.
    public var checksum: Int64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        h = (h ^ UInt64(kind)) &* 0x0000_0100_0000_01b3
        body.withUnsafeBufferPointer { buffer in
            for byte in buffer { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return Int64(bitPattern: h)
    }
}

public enum StoreOp: Equatable, Sendable {
    /// A new session with its first record (in a shared store, at epoch 1 and owned by
    /// nobody: whichever server its next request reaches takes it).
    case create(session: String, StoredRecord)
    /// Adds a record after the session's last one (nothing if the session is not in the
    /// store: deleted while the request that made the record ran).
    case append(session: String, StoredRecord)
    /// The session's history becomes this one record (a checkpoint: compaction); nothing if
    /// the session is not in the store.
    case replace(session: String, StoredRecord)
    /// The session's records go.
    case delete(session: String)
    /// In a store several servers share (docs/fleet.md): the session's ops after this one,
    /// in this transaction, happen only if its owner's epoch is still `epoch`, and they
    /// renew the owner's lease. A store one server owns has nothing to check.
    case fence(session: String, epoch: Int64)

    public var session: String {
        switch self {
        case .create(let s, _), .append(let s, _), .replace(let s, _), .delete(let s), .fence(let s, _): return s
        }
    }
}

/// A session's writes a shared store refused, at the epoch they carried (a new session's
/// first record carries epoch 1).
public struct Fenced: Hashable, Sendable {
    public var session: String
    public var epoch: Int64
    public init(session: String, epoch: Int64) { self.session = session; self.epoch = epoch }
}

/// A store several servers share (PostgreSQL, docs/fleet.md): a session is written by one
/// server at a time, its owner, under a lease with an epoch. Taking a session over bumps the
/// epoch; every write carries the writer's epoch (`StoreOp.fence`) and is refused once the
/// epoch has moved on, so a server that lost a session can no longer change it.
public protocol SharedJournalStore: JournalStore {
    /// How long a lease lasts after the write or claim that renewed it.
    var leaseSeconds: Double { get }
    /// Makes this server the session's owner, or keeps it so: `epoch` is the one it holds
    /// (nil: none). Renews the lease when the epoch is still the holder's (its copy is
    /// current), takes the session over (a new epoch and the stored history) when not,
    /// and refuses while another server's lease is live.
    func claim(_ session: String, epoch: Int64?) throws(StoreError) -> Claim
    /// Lets this server's lease on the session go (it went to sleep here), keeping the
    /// epoch, so another server may take the session at once; nothing if the epoch moved on.
    func releaseLease(_ session: String, epoch: Int64) throws(StoreError)
    /// Deletes the sessions nobody has written or claimed for `seconds`; answers how many.
    func expireIdle(olderThan seconds: Double) throws(StoreError) -> Int
}

public enum Claim: Sendable, Equatable {
    /// Still this server's, at this epoch; its copy is current.
    case renewed(epoch: Int64)
    /// Taken over: the new epoch, and the history as stored.
    case taken(epoch: Int64, records: [StoredRecord])
    /// Another server's lease is live for this long yet.
    case held(seconds: Double)
    /// No such session in the store.
    case missing
}

/// A session as the store knows it without reading its records.
public struct StoredSession: Equatable, Sendable {
    public var id: String
    /// After its last record.
    public var views: Int
    public var constraints: Int
    public var solveMicros: Int
    public var records: Int
    /// All its records' bodies, and the first one's.
    public var bytes: Int
    public var firstBytes: Int
}

public struct StoreListing: Sendable {
    public var sessions: [StoredSession]
    /// Sessions left out: a record failed its checksum, or the history does not begin with
    /// a first record (the id, and why).
    public var damaged: [(id: String, reason: String)]
    /// Set when the store's file could not be used at all and was moved aside (where to).
    public var setAside: String?
}

public struct StoreError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// The file is not a usable store (not a database, corrupt): moving it aside is the cure.
    /// Other errors (permissions, a full disk, a lock) say nothing about the file itself.
    public var damaged: Bool
    /// What the store needed was locked by another writer past its wait (a shared store's
    /// row held by a transaction that does not end): trying again shortly is the cure.
    public var busy = false
    public init(_ message: String, damaged: Bool = false) { self.message = message; self.damaged = damaged }
    public var description: String { message }
}
