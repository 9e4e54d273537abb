import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Platform

/// The default store: one SQLite file (`sessions.db`) in WAL mode in the state directory.
/// Rows are keyed by (session, seq) with a checksum beside their body; a checkpoint replaces
/// a session's rows in the same transaction that writes it. A row holds one record, or
/// (kind `chunk`) the records one transaction appended to one session one after the other,
/// framed: a busy session's group commit writes one row, not one per request.
///
/// Two connections: the writer's (only `apply` uses it, from one thread) and a reader's
/// for `history`, which WAL lets run while the writer commits.
public final class SQLiteJournalStore: JournalStore, @unchecked Sendable {
    /// How a commit reaches the disk (SQLite's `synchronous`): `full` syncs the log on every
    /// commit, `off` leaves writing to the operating system.
    public enum Sync: String, Sendable { case full = "FULL", off = "OFF" }

    public let path: String
    private let writer: Connection
    /// SQLite's own (serialized) locking guards it: readers may come from any thread.
    private let reader: Connection
    /// The next seq of each session (writer's state).
    private var nextSeq: [String: Int64] = [:]

    /// Opens (creating it if needed) the store in `directory`, also created if missing, and
    /// holds the directory's lock file for as long as the store lives: a second server on the
    /// same directory is refused. A file SQLite cannot use (not a database, failing its
    /// integrity check) is moved aside and a fresh one started; the listing says where it went.
    public static func open(directory: String, sync: Sync) throws(StoreError) -> (SQLiteJournalStore, StoreListing) {
        try makeDirectories(directory)
        let lock = try lockDirectory(directory)
        let path = directory + "/sessions.db"
        var setAside: String?
        let writer: Connection
        do {
            writer = try Connection(path: path, sync: sync, checkIntegrity: true)
        } catch {
            guard error.damaged else {
                close(lock)
                throw error
            }
            let aside = path + ".damaged-\(time(nil))"
            for suffix in ["", "-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
                guard rename(path + suffix, aside + suffix) == 0 else {
                    throw StoreError("\(path)\(suffix) is not a usable store (\(error.message)) and cannot be moved aside: \(String(cString: strerror(errno)))")
                }
            }
            setAside = aside + " (\(error.message))"
            writer = try Connection(path: path, sync: sync, checkIntegrity: false)
        }
        let reader = try Connection(path: path, sync: sync, checkIntegrity: false, shared: true)
        // Checkpoints (copying the log back into the database, and syncing it) run on a thread
        // of their own, never in a commit that answers wait for (docs/durability.md).
        let checkpoints: Checkpoints
        do {
            try writer.exec("PRAGMA wal_autocheckpoint = 0")
            checkpoints = try Checkpoints(Connection(path: path, sync: sync, checkIntegrity: false))
        } catch {
            close(lock)
            throw error
        }
        let store = SQLiteJournalStore(path: path, writer: writer, reader: reader, lock: lock, checkpoints: checkpoints)
        var listing = try store.list()
        listing.setAside = setAside
        try store.loadNextSeqs()
        return (store, listing)
    }

    /// The descriptor holding `flock` on the directory's `lock` file (released by `release`,
    /// or when the process ends, however it ends); -1 once released.
    private let lock: Atomic<Int32>

    deinit { release() }

    public func release() {
        checkpoints.stop()
        let fd = lock.exchange(-1, ordering: .acquiringAndReleasing)
        if fd >= 0 { close(fd) }
    }

    private let checkpoints: Checkpoints

    /// Ends the log when it has grown past `Checkpoints.longLog` pages: the checkpoint thread
    /// has copied nearly all of it, this copies the rest (no writer runs meanwhile, so it
    /// completes) and the next commit starts the log over.
    public func tidy() {
        guard checkpoints.log.pages.load(ordering: .relaxed) > Checkpoints.longLog else { return }
        if (try? writer.exec("PRAGMA wal_checkpoint(PASSIVE)")) != nil { checkpoints.log.pages.store(0, ordering: .relaxed) }
    }

    /// SQLite checkpoints its log from the committing connection once the log passes 1,000
    /// pages: that commit then copies the pages and syncs the database, and every answer
    /// waiting for it waits too (a 100-view session's updates under load saw 0.1-0.8 s
    /// stalls). Here a thread of its own checkpoints every 50 ms, passively: it copies what
    /// no reader still needs and never blocks the writer. Under steady commits it never
    /// catches the log's end, so the log would only grow: the writer ends it between commits
    /// (`tidy`). What a commit synced is in the log either way: nothing answered depends on a
    /// checkpoint.
    final class Checkpoints: Sendable {
        static let longLog = 2_000
        /// What the thread and the writer share: the stop flag, and the pages in the log at
        /// the last checkpoint.
        final class Log: Sendable {
            let stopped = Atomic<Bool>(false)
            let pages = Atomic<Int>(0)
        }
        let log = Log()
        /// Joined by `stop`: the thread's closure, and with it its connection, is gone by then.
        private let thread: pthread_t?

        init(_ connection: Connection) {
            let log = self.log
            let started = startThread {
                while !log.stopped.load(ordering: .acquiring) {
                    var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
                    nanosleep(&pause, nil)
                    try? connection.query("PRAGMA wal_checkpoint(PASSIVE)", []) { row in
                        log.pages.store(Int(row.int(1)), ordering: .relaxed)
                    }
                }
            }
            thread = try? started.get()
        }

        /// Stops the thread and waits until its connection is closed: a store released is
        /// closed, so the next to open the file (a restart in the same process, a test) finds
        /// it unlocked. (The last connection to close checkpoints the log under an exclusive
        /// lock: a writer arriving then may be told the file is locked.) Once only: `release`
        /// hands the lock's descriptor over once too.
        func stop() {
            guard !log.stopped.exchange(true, ordering: .acquiringAndReleasing), let thread else { return }
            pthread_join(thread, nil)
        }
    }

    private static func lockDirectory(_ directory: String) throws(StoreError) -> Int32 {
        let fd = Glibc.open(directory + "/lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError("cannot open \(directory)/lock: \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let why = errno == EWOULDBLOCK ? "another trellis process is using it" : String(cString: strerror(errno))
            close(fd)
            throw StoreError("the state directory \(directory) is locked: \(why) (give each server its own --state-dir)")
        }
        return fd
    }

    private init(path: String, writer: Connection, reader: Connection, lock: Int32, checkpoints: Checkpoints) {
        self.checkpoints = checkpoints
        self.lock = Atomic(lock)
        self.path = path
        self.writer = writer
        self.reader = reader
    }

    @discardableResult
    public func apply(_ ops: [StoreOp]) throws(StoreError) -> Set<Fenced> {
        guard !ops.isEmpty else { return [] }
        var before: [String: Int64?] = [:]
        do {
            try writer.exec("BEGIN IMMEDIATE")
            // One server owns this store: nobody to fence off.
            let writes = ops.filter { if case .fence = $0 { return false }; return true }
            for op in RecordChunks.coalesced(writes) {
                switch op {
                case .create(let session, let record):
                    if before[session] == nil { before[session] = .some(nextSeq[session]) }
                    try writer.run("DELETE FROM records WHERE session = ?1", [.text(session)])
                    nextSeq[session] = 0
                    try insert(session, record)
                case .append(let session, let record):
                    guard nextSeq[session] != nil else { continue }
                    if before[session] == nil { before[session] = .some(nextSeq[session]) }
                    try insert(session, record)
                case .replace(let session, let record):
                    guard nextSeq[session] != nil else { continue }
                    if before[session] == nil { before[session] = .some(nextSeq[session]) }
                    try writer.run("DELETE FROM records WHERE session = ?1", [.text(session)])
                    try insert(session, record)
                case .delete(let session):
                    if before[session] == nil { before[session] = .some(nextSeq[session]) }
                    try writer.run("DELETE FROM records WHERE session = ?1", [.text(session)])
                    nextSeq[session] = nil
                case .fence:
                    break
                }
            }
            try writer.exec("COMMIT")
        } catch {
            try? writer.exec("ROLLBACK")
            for (session, seq) in before { nextSeq[session] = seq }
            throw error
        }
        return []
    }

    private func insert(_ session: String, _ record: StoredRecord) throws(StoreError) {
        let seq = nextSeq[session] ?? 0
        try writer.run("INSERT INTO records (session, seq, kind, body, checksum, views, constraints, micros) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                       [.text(session), .int(seq), .int(Int64(record.kind)), .blob(record.body), .int(record.checksum),
                        .int(Int64(record.views)), .int(Int64(record.constraints)), .int(Int64(record.solveMicros))])
        nextSeq[session] = seq + 1
    }

    public func history(of session: String) throws(StoreError) -> [StoredRecord] {
        try { (connection: Connection) throws(StoreError) -> [StoredRecord] in
            var records: [StoredRecord] = []
            var damage: String?
            try connection.query("SELECT kind, body, checksum, views, constraints, micros FROM records WHERE session = ?1 ORDER BY seq",
                                 [.text(session)]) { row in
                let record = StoredRecord(kind: UInt8(truncatingIfNeeded: row.int(0)), body: row.blob(1),
                                          views: Int(row.int(3)), constraints: Int(row.int(4)), solveMicros: Int(row.int(5)))
                if record.checksum != row.int(2), damage == nil { damage = "record \(records.count) fails its checksum" }
                guard let held = RecordChunks.records(of: record) else {
                    if damage == nil { damage = "record \(records.count) is not a whole chunk" }
                    return
                }
                records += held
            }
            if let damage { throw StoreError("the stored history of session \(session) is damaged: \(damage)") }
            return records
        }(reader)
    }

    public func list() throws(StoreError) -> StoreListing {
        try { (connection: Connection) throws(StoreError) -> StoreListing in
            var sessions: [StoredSession] = []
            try connection.query("""
                SELECT t.session, r.views, r.constraints, r.micros, t.n, t.bytes, length(f.body)
                FROM (SELECT session, min(seq) AS first, max(seq) AS last, count(*) AS n, sum(length(body)) AS bytes
                      FROM records GROUP BY session) t
                JOIN records r ON r.session = t.session AND r.seq = t.last
                JOIN records f ON f.session = t.session AND f.seq = t.first
                ORDER BY t.session
                """, []) { row in
                sessions.append(StoredSession(id: row.text(0), views: Int(row.int(1)), constraints: Int(row.int(2)),
                                              solveMicros: Int(row.int(3)), records: Int(row.int(4)), bytes: Int(row.int(5)),
                                              firstBytes: Int(row.int(6))))
            }
            // Every record against its checksum: a damaged session is reported, not loaded.
            var damaged: [(id: String, reason: String)] = []
            try connection.query("SELECT session, seq, kind, body, checksum FROM records ORDER BY session, seq", []) { row in
                let record = StoredRecord(kind: UInt8(truncatingIfNeeded: row.int(2)), body: row.blob(3), views: 0, constraints: 0, solveMicros: 0)
                guard record.checksum != row.int(4) else { return }
                let id = row.text(0)
                if damaged.last?.id != id { damaged.append((id, "record \(row.int(1)) fails its checksum")) }
            }
            let bad = Set(damaged.map(\.id))
            return StoreListing(sessions: sessions.filter { !bad.contains($0.id) }, damaged: damaged, setAside: nil)
        }(reader)
    }

    private func loadNextSeqs() throws(StoreError) {
        try writer.query("SELECT session, max(seq) FROM records GROUP BY session", []) { row in
            nextSeq[row.text(0)] = row.int(1) + 1
        }
    }

    private static func makeDirectories(_ directory: String) throws(StoreError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw StoreError("cannot create the state directory \(path): \(String(cString: strerror(errno)))")
            }
        }
    }
}
