import CLibPQ
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One libpq connection, used by one thread at a time (its owner keeps it so). Parameters
/// and results travel in binary form, so a record's body is never escaped or unescaped.
/// A connection that broke (the server restarted) is reset before the next statement;
/// errors carry PostgreSQL's own message.
final class PGConnection: @unchecked Sendable {
    private let conn: OpaquePointer
    let url: String
    /// Statements with parameters, prepared on this connection once (name by text):
    /// PostgreSQL then neither parses nor plans them again, which is most of its work for
    /// a session's write (seen as its CPU time under load).
    private var prepared: [String: String] = [:]
    /// Names are never reused, even for a prepare that failed.
    private var preparedCount = 0
    /// `SET` statements run on every new server session (at connect and after a reset).
    private let settings: [String]
    /// How long a statement may go without a byte from PostgreSQL before it is given up
    /// (`awaitResult`): a cut network that drops packets sends no reset, and libpq alone
    /// would wait for the kernel's keepalives, two hours by default.
    let silenceSeconds: Double
    /// A statement was given up part way: the connection's state is unknown, so the next
    /// statement starts on a new one.
    private var abandoned = false

    /// A parameter: `int8`, `text` or `bytea`.
    enum Value {
        case int(Int64), text(String), bytes([UInt8])
    }

    /// What one statement answered: its rows (each column's binary value, nil for NULL)
    /// and the rows it changed.
    struct Result {
        var rows: [[[UInt8]?]] = []
        var changed = 0

        /// An `int2`, `int4` or `int8` column (big-endian in binary form); 0 for NULL.
        func int(_ row: Int, _ column: Int) -> Int64 {
            guard let bytes = rows[row][column] else { return 0 }
            var v: Int64 = 0
            for b in bytes { v = v << 8 | Int64(b) }
            // Sign-extend the narrower integers.
            let bits = bytes.count * 8
            if bits > 0, bits < 64 { v = (v << (64 - bits)) >> (64 - bits) }
            return v
        }
        func text(_ row: Int, _ column: Int) -> String? {
            rows[row][column].map { String(decoding: $0, as: UTF8.self) }
        }
        func bytes(_ row: Int, _ column: Int) -> [UInt8] { rows[row][column] ?? [] }
    }

    init(url: String, settings: [String] = [], silenceSeconds: Double = 5) throws(StoreError) {
        guard let conn = Self.connect(url) else { throw StoreError("cannot connect to \(Self.redacted(url)): out of memory") }
        self.conn = conn
        self.url = url
        self.settings = settings
        self.silenceSeconds = silenceSeconds
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = lastError  // deinit finishes the connection
            throw StoreError("cannot connect to \(Self.redacted(url)): \(message)")
        }
        // Notices ("relation already exists, skipping") are not errors: nobody reads them.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        try configure()
    }

    /// Every statement here looks rows up by their keys: one generic plan serves every
    /// parameter, and planning each execution anew cost as much as running it (perf).
    private func configure() throws(StoreError) {
        try run("SET plan_cache_mode = force_generic_plan")
        for setting in settings { try run(setting) }
    }

    deinit { PQfinish(conn) }

    /// Connection settings a URL may override (it is read after them): an attempt to connect
    /// gives up after 5 s; the kernel closes a connection whose data goes unacknowledged for
    /// 10 s and probes an idle one after 5 s (a cut network sends no reset).
    static let defaults: [(key: String, value: String)] = [
        ("connect_timeout", "5"), ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"),
        ("keepalives_count", "3"), ("tcp_user_timeout", "10000"),
    ]

    /// `PQconnectdbParams` with `defaults` first and the URL last (expanded): what the URL
    /// names wins.
    private static func connect(_ url: String) -> OpaquePointer? {
        let pairs = defaults + [("dbname", url)]
        var keys = pairs.map { strdup($0.key) }, values = pairs.map { strdup($0.value) }
        defer { for p in keys + values { free(p) } }
        keys.append(nil); values.append(nil)
        return keys.withUnsafeBufferPointer { k -> OpaquePointer? in
            values.withUnsafeBufferPointer { v -> OpaquePointer? in
                guard let kb = k.baseAddress, let vb = v.baseAddress else { return nil }
                return kb.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: k.count) { kp in
                    vb.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: v.count) { vp in
                        PQconnectdbParams(kp, vp, 1)
                    }
                }
            }
        }
    }

    /// Waits until libpq can hand over the next result without blocking. Fails (and marks the
    /// connection for a new one) when `silenceSeconds` pass without a byte from the server,
    /// or the connection breaks.
    private func awaitResult() throws(StoreError) {
        guard !abandoned else { throw StoreError("PostgreSQL at \(Self.redacted(url)): the statement was given up") }
        while PQisBusy(conn) == 1 {
            var ready = pollfd(fd: PQsocket(conn), events: Int16(POLLIN), revents: 0)
            let millis = Int32(max(1, min(silenceSeconds * 1000, 86_400_000)))
            let polled = poll(&ready, 1, millis)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else {
                abandoned = true
                throw StoreError("PostgreSQL at \(Self.redacted(url)) sent nothing for \(silenceSeconds) s; the statement is given up")
            }
            guard PQconsumeInput(conn) == 1 else {
                abandoned = true
                throw StoreError("PostgreSQL at \(Self.redacted(url)): \(lastError)")
            }
        }
    }

    /// The next result of the statement sent, waited for as `awaitResult` waits.
    private func nextResult() throws(StoreError) -> OpaquePointer? {
        try awaitResult()
        return PQgetResult(conn)
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        // scheme://user:password@host…: the password is between the second colon and the @.
        guard let at = url.firstIndex(of: "@") else { return url }
        let head = url[..<at]
        guard let slashes = head.firstIndex(of: "/"), let colon = head[slashes...].firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    private var lastError: String {
        String(cString: PQerrorMessage(conn)).trimmingTrailingWhitespace
    }

    /// Resets a connection that broke since its last use (one attempt).
    private func ensureConnected() throws(StoreError) {
        guard abandoned || PQstatus(conn) != CONNECTION_OK else { return }
        prepared = [:]  // a new server session knows none of them
        abandoned = false
        PQreset(conn)
        _ = PQexitPipelineMode(conn)  // a statement given up may have left it in pipeline mode
        guard PQstatus(conn) == CONNECTION_OK else {
            throw StoreError("PostgreSQL at \(Self.redacted(url)) is unreachable: \(lastError)")
        }
        try configure()
    }

    /// Ends the transaction a failed statement left open. Nothing to do after a statement
    /// given up: its connection goes, and a new one has no transaction (trying one here would
    /// wait for a connection through the same cut network).
    func rollBack() {
        guard !abandoned else { return }
        _ = try? run("ROLLBACK")
    }

    /// Runs one statement.
    @discardableResult
    func run(_ sql: String, _ params: [Value] = []) throws(StoreError) -> Result {
        try ensureConnected()
        let sent = Self.withParams(params) { count, types, values, lengths, formats in
            PQsendQueryParams(conn, sql, count, types, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw StoreError("cannot send a statement: \(lastError)") }
        // The last result counts (as PQexec's); every one is read, up to the null that ends them.
        var last: OpaquePointer? = nil
        do {
            while let result = try nextResult() {
                if let last { PQclear(last) }
                last = result
            }
        } catch {
            if let last { PQclear(last) }
            throw error
        }
        return try Self.take(last, conn: conn, sql: sql)
    }

    /// Runs statements in one round trip (libpq's pipeline mode), in order; the first
    /// error is thrown once every result has been read (the statements after it did not
    /// run). Wrap them in BEGIN and COMMIT to make them one transaction.
    func pipeline(_ statements: [(sql: String, params: [Value])]) throws(StoreError) -> [Result] {
        try ensureConnected()
        guard PQenterPipelineMode(conn) == 1 else { throw StoreError("cannot enter pipeline mode: \(lastError)") }
        defer {
            // Results left unread (an error before the sync was read): start a new session
            // rather than let the next pipeline read them.
            // (Given up: the next statement resets it.)
            if !abandoned && PQexitPipelineMode(conn) != 1 {
                prepared = [:]
                PQreset(conn)
                if PQstatus(conn) == CONNECTION_OK { _ = try? configure() }
            }
        }
        var firstError: StoreError?
        var sent = 0
        /// Statements prepared in this pipeline: their own results come before the statement's.
        var preparing: [Int: String] = [:]
        var preparingByText: [String: String] = [:]
        for (k, statement) in statements.enumerated() {
            var name: String?
            if !statement.params.isEmpty {
                if let known = prepared[statement.sql] ?? preparingByText[statement.sql] {
                    name = known
                } else {
                    let fresh = "t\(preparedCount)"
                    preparedCount += 1
                    preparingByText[statement.sql] = fresh
                    let ok = Self.withParams(statement.params) { count, types, _, _, _ in
                        PQsendPrepare(conn, fresh, statement.sql, count, types)
                    }
                    guard ok == 1 else {
                        firstError = StoreError("cannot send a statement: \(lastError)")
                        break
                    }
                    preparing[k] = fresh
                    name = fresh
                }
            }
            let ok = Self.withParams(statement.params) { count, types, values, lengths, formats in
                if let name { return PQsendQueryPrepared(conn, name, count, values, lengths, formats, 1) }
                return PQsendQueryParams(conn, statement.sql, count, types, values, lengths, formats, 1)
            }
            guard ok == 1 else {
                firstError = StoreError("cannot send a statement: \(lastError)")
                break
            }
            sent += 1
        }
        guard PQpipelineSync(conn) == 1 else { throw StoreError("cannot end the pipeline: \(lastError)") }
        var results: [Result] = []
        results.reserveCapacity(sent)
        for k in 0..<sent {
            if let name = preparing[k] {
                let result = try nextResult()
                defer { _ = try? nextResult() }
                do {
                    _ = try Self.take(result, conn: conn, sql: statements[k].sql)
                    prepared[statements[k].sql] = name
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            let result = try nextResult()
            defer { _ = try? nextResult() }  // each statement's results end with a null
            do {
                results.append(try Self.take(result, conn: conn, sql: statements[k].sql))
            } catch {
                if firstError == nil { firstError = error }
                results.append(Result())
            }
        }
        // The sync's own result.
        while let extra = try nextResult() {
            let status = PQresultStatus(extra)
            PQclear(extra)
            if status == PGRES_PIPELINE_SYNC { break }
        }
        if let firstError { throw firstError }
        return results
    }

    /// Reads and frees a result; throws for anything but a completed command or rows.
    private static func take(_ result: OpaquePointer?, conn: OpaquePointer, sql: String) throws(StoreError) -> Result {
        guard let result else { throw StoreError(String(cString: PQerrorMessage(conn)).trimmingTrailingWhitespace) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            var out = Result()
            out.changed = Int(String(cString: PQcmdTuples(result))) ?? 0
            let rows = PQntuples(result), columns = PQnfields(result)
            out.rows.reserveCapacity(Int(rows))
            for r in 0..<rows {
                var row: [[UInt8]?] = []
                row.reserveCapacity(Int(columns))
                for c in 0..<columns {
                    if PQgetisnull(result, r, c) == 1 { row.append(nil); continue }
                    let n = Int(PQgetlength(result, r, c))
                    guard n > 0, let p = PQgetvalue(result, r, c) else { row.append([]); continue }
                    row.append(p.withMemoryRebound(to: UInt8.self, capacity: n) { Array(UnsafeBufferPointer(start: $0, count: n)) })
                }
                out.rows.append(row)
            }
            return out
        case PGRES_PIPELINE_ABORTED:
            throw StoreError("not run: an earlier statement of the pipeline failed")
        default:
            let message = String(cString: PQresultErrorMessage(result)).trimmingTrailingWhitespace
            let head = sql.prefix(60).split(separator: "\n").first.map(String.init) ?? ""
            var error = StoreError("PostgreSQL: \(message) (in \(head)…)")
            // 55P03, lock_not_available: a row stayed locked past `lock_timeout`. ('C' is
            // PG_DIAG_SQLSTATE, a character macro Swift does not import.)
            if let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))) { error.busy = String(cString: state) == "55P03" }
            throw error
        }
    }

    /// Calls `body` with the parameters laid out as libpq takes them (binary, typed).
    private static func withParams<R>(_ params: [Value], _ body: (Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
                                                                   UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R) -> R {
        if params.isEmpty { return body(0, nil, nil, nil, nil) }
        var types: [Oid] = [], lengths: [Int32] = [], formats = [Int32](repeating: 1, count: params.count)
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { for b in buffers { b?.deallocate() } }
        func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBufferPointer { src in
                if let base = src.baseAddress {
                    UnsafeMutableRawPointer(p).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            return p
        }
        for param in params {
            let bytes: [UInt8]
            switch param {
            case .int(let v):
                types.append(20)  // int8
                bytes = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: v) >> UInt64(56 - 8 * $0)) }
            case .text(let s):
                types.append(25)  // text
                bytes = Array(s.utf8)
            case .bytes(let b):
                types.append(17)  // bytea
                bytes = b
            }
            lengths.append(Int32(truncatingIfNeeded: bytes.count))
            buffers.append(copy(bytes))
        }
        return buffers.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                body(Int32(params.count), types, values.baseAddress, lengths, formats)
            }
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\n" || last == "\r" || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
