import CSQLite

/// One SQLite connection with its prepared statements kept (a statement is compiled once,
/// then reset and rebound for each use), or, shared by threads, in SQLite's serialized
/// mode with no state of its own (each query prepares its statement). Errors carry
/// SQLite's own message.
final class Connection: @unchecked Sendable {
    private let db: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private let shared: Bool

    enum Value {
        case int(Int64), text(String), blob([UInt8])
    }

    /// A result row, valid only inside the `query` callback that receives it.
    struct Row {
        let statement: OpaquePointer
        func int(_ k: Int32) -> Int64 { sqlite3_column_int64(statement, k) }
        func text(_ k: Int32) -> String {
            guard let p = sqlite3_column_text(statement, k) else { return "" }
            return String(cString: p)
        }
        func blob(_ k: Int32) -> [UInt8] {
            let n = Int(sqlite3_column_bytes(statement, k))
            guard n > 0, let p = sqlite3_column_blob(statement, k) else { return [] }
            return Array(UnsafeRawBufferPointer(start: p, count: n))
        }
    }

    init(path: String, sync: SQLiteJournalStore.Sync, checkIntegrity: Bool, shared: Bool = false) throws(StoreError) {
        var handle: OpaquePointer?
        self.shared = shared
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | (shared ? SQLITE_OPEN_FULLMUTEX : SQLITE_OPEN_NOMUTEX)
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw StoreError("cannot open \(path): \(message)")
        }
        db = handle
        sqlite3_busy_timeout(db, 5000)
        do throws(StoreError) {
            try exec("PRAGMA journal_mode = WAL")
            try exec("PRAGMA synchronous = \(sync.rawValue)")
            if checkIntegrity {
                var verdict = ""
                try query("PRAGMA quick_check", []) { row in if verdict.isEmpty { verdict = row.text(0) } }
                guard verdict == "ok" else { throw StoreError("integrity check: \(verdict)", damaged: true) }
            }
            try exec("""
                CREATE TABLE IF NOT EXISTS records (
                    session TEXT NOT NULL, seq INTEGER NOT NULL, kind INTEGER NOT NULL, body BLOB NOT NULL,
                    checksum INTEGER NOT NULL, views INTEGER NOT NULL, constraints INTEGER NOT NULL, micros INTEGER NOT NULL,
                    PRIMARY KEY (session, seq)) WITHOUT ROWID
                """)
        } catch {
            throw error  // deinit closes
        }
    }

    deinit { close() }

    private func close() {
        for s in statements.values { sqlite3_finalize(s) }
        sqlite3_close_v2(db)
    }

    /// Runs SQL without parameters or results.
    func exec(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(message)
            throw StoreError(text, damaged: isDamage(sqlite3_errcode(db)))
        }
    }

    /// Runs one statement to its end.
    func run(_ sql: String, _ values: [Value]) throws(StoreError) {
        try query(sql, values) { _ in }
    }

    /// Runs one statement, handing each result row to `row`.
    func query(_ sql: String, _ values: [Value], _ row: (Row) -> Void) throws(StoreError) {
        let statement = try prepared(sql)
        defer {
            if shared {
                sqlite3_finalize(statement)
            } else {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
        }
        for (k, value) in values.enumerated() {
            let index = Int32(k + 1)
            let rc: Int32
            switch value {
            case .int(let v): rc = sqlite3_bind_int64(statement, index, v)
            case .text(let s): rc = bindBytes(statement, index, Array(s.utf8), text: true)
            case .blob(let b): rc = bindBytes(statement, index, b, text: false)
            }
            guard rc == SQLITE_OK else { throw error("bind") }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error("step") }
            row(Row(statement: statement))
        }
    }

    private func bindBytes(_ statement: OpaquePointer, _ index: Int32, _ bytes: [UInt8], text: Bool) -> Int32 {
        // SQLITE_TRANSIENT (-1): SQLite copies the bytes before this returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        return bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)
            return text ? sqlite3_bind_text(statement, index, base?.assumingMemoryBound(to: CChar.self), Int32(raw.count), transient)
                        : sqlite3_bind_blob(statement, index, base, Int32(raw.count), transient)
        }
    }

    private func prepared(_ sql: String) throws(StoreError) -> OpaquePointer {
        if !shared, let s = statements[sql] { return s }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw error("prepare")
        }
        if !shared { statements[sql] = statement }
        return statement
    }

    private func error(_ step: String) -> StoreError {
        StoreError("\(step): \(String(cString: sqlite3_errmsg(db)))", damaged: isDamage(sqlite3_errcode(db)))
    }

    /// Result codes that mean the file itself is bad.
    private func isDamage(_ code: Int32) -> Bool {
        let primary = code & 0xff
        return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
    }
}
