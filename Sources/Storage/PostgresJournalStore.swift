import Synchronization

/// The store a fleet shares (docs/fleet.md): sessions' records in PostgreSQL, in the same
/// form as SQLite keeps them (one row a record or a chunk, with its checksum), plus one
/// row a session naming its owner: the epoch, the owning server and when its lease ends.
///
/// Every write of a session is one statement that also checks and renews its owner's
/// lease (`fence`), so a server whose session was taken over changes nothing; a
/// transaction's statements go in one round trip (libpq's pipeline). Time is PostgreSQL's
/// own (`now()`), so the servers' clocks never have to agree.
public final class PostgresJournalStore: SharedJournalStore, @unchecked Sendable {
    public let leaseSeconds: Double
    /// This server as an owner: unique to the process.
    public let instance: String
    /// Only `apply` uses it, from one thread.
    private let writer: PGConnection
    /// Claims, histories and listings, from any thread, one at a time.
    private let reader: Mutex<PGConnection>
    private let released = Atomic<Bool>(false)

    private var leaseMillis: Int64 { Int64(leaseSeconds * 1000) }

    /// Connects (twice: writer and reader) and makes the tables if they are missing.
    /// `silenceSeconds`: how long a statement may wait for a byte from PostgreSQL before it
    /// is given up (nil: `silence(leaseSeconds:)`).
    public static func open(url: String, instance: String, leaseSeconds: Double,
                            silenceSeconds: Double? = nil) throws(StoreError) -> PostgresJournalStore {
        let settings = connectionSettings(leaseSeconds: leaseSeconds)
        let silence = silenceSeconds ?? silence(leaseSeconds: leaseSeconds)
        let writer = try PGConnection(url: url, settings: settings, silenceSeconds: silence)
        let reader = try PGConnection(url: url, settings: settings, silenceSeconds: silence)
        // Several servers may start at once: the advisory lock makes them create in turn.
        let schema: [(sql: String, params: [PGConnection.Value])] = [
            ("BEGIN", []),
            ("SET LOCAL lock_timeout = 0", []),  // servers starting together wait for each other
            ("SELECT pg_advisory_xact_lock(7426853)", []),
            ("""
             CREATE TABLE IF NOT EXISTS trellis_records (
                 session text NOT NULL, seq bigint NOT NULL, kind smallint NOT NULL, body bytea NOT NULL,
                 checksum bigint NOT NULL, views bigint NOT NULL, constraints bigint NOT NULL, micros bigint NOT NULL,
                 PRIMARY KEY (session, seq))
             """, []),
            ("""
             CREATE TABLE IF NOT EXISTS trellis_owners (
                 session text PRIMARY KEY, epoch bigint NOT NULL, owner text, lease_until timestamptz NOT NULL)
             """, []),
            ("COMMIT", []),
        ]
        do {
            _ = try writer.pipeline(schema)
        } catch {
            writer.rollBack()
            throw error
        }
        return PostgresJournalStore(writer: writer, reader: reader, instance: instance, leaseSeconds: leaseSeconds)
    }

    /// An instance stopped in the middle of a transaction (paused, cut off) holds the rows it
    /// locked, its sessions' owner rows among them, for as long as its connection lives: every
    /// take-over of those sessions, and every write of the instance that tries one, would wait
    /// with it. So PostgreSQL ends a connection left idle inside a transaction for a lease
    /// (a live instance never is: each transaction is one round trip, a claim two), which
    /// rolls that transaction back; and nobody waits for a row more than a second: a claim
    /// that does answers "held" (retry), a write fails (503, nothing applied, retry).
    static func connectionSettings(leaseSeconds: Double) -> [String] {
        let millis = (leaseSeconds * 1000).rounded(.up)
        let lease = millis.isFinite ? Int(min(max(millis, 1000), 86_400_000)) : 1000  // a day at most: no trap
        return ["SET idle_in_transaction_session_timeout = \(lease)", "SET lock_timeout = \(lockWaitMillis)"]
    }

    /// How long a statement waits for a row another transaction holds.
    static let lockWaitMillis = 1000

    /// A statement here waits at most `lockWaitMillis` for a row and otherwise does little:
    /// PostgreSQL silent past a lease and that wait is gone or cut off (a network that drops
    /// packets sends no reset). The statement is then given up (the request gets 503; a write
    /// PostgreSQL had received may still commit, docs/fleet.md): by then the lease it renews
    /// has lapsed anyway.
    static func silence(leaseSeconds: Double) -> Double {
        min(max(leaseSeconds, 1), 600) + Double(lockWaitMillis) / 1000 + 1
    }

    private init(writer: PGConnection, reader: PGConnection, instance: String, leaseSeconds: Double) {
        self.writer = writer
        self.reader = Mutex(reader)
        self.instance = instance
        self.leaseSeconds = leaseSeconds
    }

    // MARK: - Writes

    /// The lease renewed and the row kept only while `$1`'s epoch is `$2` (the owner may
    /// have let the lease go, keeping the epoch: nobody took the session since).
    private static let fence = """
        UPDATE trellis_owners SET lease_until = now() + $3::float8 * interval '1 millisecond', owner = $4
        WHERE session = $1 AND epoch = $2 AND (owner = $4 OR owner IS NULL) RETURNING session
        """
    private static let recordColumns = "(session, seq, kind, body, checksum, views, constraints, micros)"
    private static let nextSeq = "coalesce((SELECT max(seq) + 1 FROM trellis_records WHERE session = $1), 0)"

    @discardableResult
    public func apply(_ ops: [StoreOp]) throws(StoreError) -> Set<Fenced> {
        guard !ops.isEmpty else { return [] }
        var epochs: [String: Int64] = [:]
        var fencedOnly: [String: Int64] = [:]  // fences with no write after them: renewals
        var statements: [(sql: String, params: [PGConnection.Value])] = [("BEGIN", [])]
        /// Which session and epoch each statement wrote, and so whose fence a missing row means.
        var writes: [(statement: Int, fenced: Fenced)] = []
        var fenced = Set<Fenced>()
        // A request's fence repeats its session's epoch; keeping the first lets a run of
        // appends become one chunk.
        var deduplicated: [StoreOp] = []
        for op in ops {
            if case .fence(let s, let e) = op, epochs[s] == e { continue }
            if case .fence(let s, let e) = op { epochs[s] = e }
            deduplicated.append(op)
        }
        epochs = [:]
        let lease = PGConnection.Value.int(leaseMillis), me = PGConnection.Value.text(instance)
        // Sessions in one order (each one's ops kept in theirs): two servers' transactions
        // lock owner rows in the same order and cannot deadlock; a session's appends come
        // together, as one chunk.
        let ordered = deduplicated.enumerated()
            .sorted { ($0.element.session, $0.offset) < ($1.element.session, $1.offset) }.map(\.element)
        for op in RecordChunks.coalesced(ordered) {
            let session = op.session
            switch op {
            case .fence(_, let epoch):
                epochs[session] = epoch
                fencedOnly[session] = epoch
                continue
            case .create(_, let record):
                writes.append((statements.count, Fenced(session: session, epoch: 1)))
                statements.append(("""
                    WITH own AS (INSERT INTO trellis_owners (session, epoch, owner, lease_until)
                                 VALUES ($1, 1, NULL, now()) ON CONFLICT (session) DO NOTHING RETURNING session)
                    INSERT INTO trellis_records \(Self.recordColumns) SELECT session, 0, $2, $3, $4, $5, $6, $7 FROM own
                    """, [.text(session)] + Self.values(record)))
                epochs[session] = 1
            case .append(_, let record), .replace(_, let record):
                // Without an epoch nothing proves this server owns the session.
                guard let epoch = epochs[session] else { fenced.insert(Fenced(session: session, epoch: 0)); continue }
                fencedOnly[session] = nil
                writes.append((statements.count, Fenced(session: session, epoch: epoch)))
                var clear = ""
                if case .replace = op {
                    clear = ", gone AS (DELETE FROM trellis_records WHERE session = $1 AND EXISTS (SELECT 1 FROM f))"
                }
                statements.append(("""
                    WITH f AS (\(Self.fence))\(clear)
                    INSERT INTO trellis_records \(Self.recordColumns) SELECT session, \(Self.nextSeq), $5, $6, $7, $8, $9, $10 FROM f
                    """, [.text(session), .int(epoch), lease, me] + Self.values(record)))
            case .delete:
                guard let epoch = epochs[session] else { fenced.insert(Fenced(session: session, epoch: 0)); continue }
                fencedOnly[session] = nil
                writes.append((statements.count, Fenced(session: session, epoch: epoch)))
                statements.append(("""
                    WITH f AS (DELETE FROM trellis_owners WHERE session = $1 AND epoch = $2 AND (owner = $3 OR owner IS NULL)
                               RETURNING session),
                         gone AS (DELETE FROM trellis_records WHERE session = $1 AND EXISTS (SELECT 1 FROM f))
                    SELECT session FROM f
                    """, [.text(session), .int(epoch), me]))
                epochs[session] = nil
            }
        }
        for (session, epoch) in fencedOnly.sorted(by: { $0.key < $1.key }) {
            writes.append((statements.count, Fenced(session: session, epoch: epoch)))
            statements.append((Self.fence, [.text(session), .int(epoch), lease, me]))
        }
        statements.append(("COMMIT", []))
        let results: [PGConnection.Result]
        do {
            results = try writer.pipeline(statements)
        } catch {
            writer.rollBack()
            throw error
        }
        for (k, write) in writes where results[k].changed == 0 && results[k].rows.isEmpty { fenced.insert(write) }
        return fenced
    }

    private static func values(_ record: StoredRecord) -> [PGConnection.Value] {
        [.int(Int64(record.kind)), .bytes(record.body), .int(record.checksum),
         .int(Int64(record.views)), .int(Int64(record.constraints)), .int(Int64(record.solveMicros))]
    }

    // MARK: - Ownership

    public func claim(_ session: String, epoch: Int64?) throws(StoreError) -> Claim {
        try reader.withLock { (db: inout PGConnection) throws(StoreError) -> Claim in
            let me = PGConnection.Value.text(instance), lease = PGConnection.Value.int(leaseMillis)
            let looked: [PGConnection.Result]
            do throws(StoreError) {
                looked = try db.pipeline([
                    ("BEGIN", []),
                    ("""
                     SELECT epoch, owner, (extract(epoch FROM lease_until - now()) * 1000)::int8
                     FROM trellis_owners WHERE session = $1 FOR UPDATE
                     """, [.text(session)]),
                ])
            } catch {
                db.rollBack()
                // The owner row is locked by a transaction that has not ended (an instance
                // stopped mid-write): held until PostgreSQL ends that transaction.
                if error.busy { return .held(seconds: 1) }
                throw error
            }
            let row = looked[1]
            guard !row.rows.isEmpty else {
                _ = try? db.run("ROLLBACK")
                return .missing
            }
            let stored = row.int(0, 0), owner = row.text(0, 1), leftMillis = row.int(0, 2)
            do throws(StoreError) {
                if let epoch, epoch == stored, owner == nil || owner == instance {
                    _ = try db.pipeline([
                        ("UPDATE trellis_owners SET lease_until = now() + $2::float8 * interval '1 millisecond', owner = $3 WHERE session = $1",
                         [.text(session), lease, me]),
                        ("COMMIT", []),
                    ])
                    return .renewed(epoch: epoch)
                }
                if let owner, owner != instance, leftMillis > 0 {
                    _ = try db.run("ROLLBACK")
                    return .held(seconds: Double(leftMillis) / 1000)
                }
                let taken = try db.pipeline([
                    ("""
                     UPDATE trellis_owners SET epoch = epoch + 1, owner = $2,
                         lease_until = now() + $3::float8 * interval '1 millisecond'
                     WHERE session = $1 RETURNING epoch
                     """, [.text(session), me, lease]),
                    ("SELECT kind, body, checksum, views, constraints, micros FROM trellis_records WHERE session = $1 ORDER BY seq",
                     [.text(session)]),
                    ("COMMIT", []),
                ])
                return .taken(epoch: taken[0].int(0, 0), records: try Self.records(session, taken[1]))
            } catch {
                db.rollBack()
                throw error
            }
        }
    }

    public func releaseLease(_ session: String, epoch: Int64) throws(StoreError) {
        try reader.withLock { (db: inout PGConnection) throws(StoreError) in
            _ = try db.pipeline([("""
                UPDATE trellis_owners SET owner = NULL, lease_until = now()
                WHERE session = $1 AND epoch = $2 AND owner = $3
                """, [.text(session), .int(epoch), .text(instance)])])
        }
    }

    public func expireIdle(olderThan seconds: Double) throws(StoreError) -> Int {
        try reader.withLock { (db: inout PGConnection) throws(StoreError) -> Int in
            let gone = try db.run("""
                WITH gone AS (DELETE FROM trellis_owners WHERE lease_until < now() - $1::float8 * interval '1 second'
                              RETURNING session),
                     records AS (DELETE FROM trellis_records WHERE session IN (SELECT session FROM gone))
                SELECT count(*)::int8 FROM gone
                """, [.int(Int64(seconds.rounded(.up)))])
            return Int(gone.int(0, 0))
        }
    }

    // MARK: - Reads

    public func history(of session: String) throws(StoreError) -> [StoredRecord] {
        try reader.withLock { (db: inout PGConnection) throws(StoreError) -> [StoredRecord] in
            let rows = try db.run("SELECT kind, body, checksum, views, constraints, micros FROM trellis_records WHERE session = $1 ORDER BY seq",
                                  [.text(session)])
            return try Self.records(session, rows)
        }
    }

    /// Rows (kind, body, checksum, views, constraints, micros) as records, chunks unframed.
    private static func records(_ session: String, _ rows: PGConnection.Result) throws(StoreError) -> [StoredRecord] {
        var records: [StoredRecord] = []
        for k in rows.rows.indices {
            let row = StoredRecord(kind: UInt8(truncatingIfNeeded: rows.int(k, 0)), body: rows.bytes(k, 1),
                                   views: Int(rows.int(k, 3)), constraints: Int(rows.int(k, 4)), solveMicros: Int(rows.int(k, 5)))
            guard row.checksum == rows.int(k, 2) else {
                throw StoreError("the stored history of session \(session) is damaged: record \(records.count) fails its checksum")
            }
            guard let held = RecordChunks.records(of: row) else {
                throw StoreError("the stored history of session \(session) is damaged: record \(records.count) is not a whole chunk")
            }
            records += held
        }
        return records
    }

    public func list() throws(StoreError) -> StoreListing {
        try reader.withLock { (db: inout PGConnection) throws(StoreError) -> StoreListing in
            let rows = try db.run("""
                SELECT t.session, r.views, r.constraints, r.micros, t.n, t.bytes, length(f.body)::int8
                FROM (SELECT session, min(seq) AS first, max(seq) AS last, count(*)::int8 AS n, sum(length(body))::int8 AS bytes
                      FROM trellis_records GROUP BY session) t
                JOIN trellis_records r ON r.session = t.session AND r.seq = t.last
                JOIN trellis_records f ON f.session = t.session AND f.seq = t.first
                ORDER BY t.session
                """)
            let sessions = rows.rows.indices.map { k in
                StoredSession(id: rows.text(k, 0) ?? "", views: Int(rows.int(k, 1)), constraints: Int(rows.int(k, 2)),
                              solveMicros: Int(rows.int(k, 3)), records: Int(rows.int(k, 4)), bytes: Int(rows.int(k, 5)),
                              firstBytes: Int(rows.int(k, 6)))
            }
            return StoreListing(sessions: sessions, damaged: [], setAside: nil)
        }
    }

    /// Lets every lease this server holds go (a graceful stop): the next server nginx
    /// picks takes each session at once instead of waiting for the lease to end.
    public func release() {
        guard !released.exchange(true, ordering: .relaxed) else { return }
        reader.withLock { db in
            _ = try? db.run("UPDATE trellis_owners SET owner = NULL, lease_until = now() WHERE owner = $1", [.text(instance)])
        }
    }
}
