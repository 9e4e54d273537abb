import Layout

/// What rebuilds a session exactly: the document it was created from and every edits batch
/// that ran since (those refused after some of their ops ran too: rolling back restores the
/// same constraints and frames, but not always the same solver basis), as the client sent
/// them. The engine is deterministic, so replaying them through the same calls
/// (`SessionSteps`) gives back the very layout, down to which of several equally good
/// solutions it had settled on and which constraints were broken; rebuilding from the
/// current document would not promise that.
///
/// Exactness rests on the engine never letting the order of a hash table (seeded from its
/// storage's address) decide anything, and on reads changing nothing a later edit sees;
/// SessionReplayTests compares the solver's every row and symbol with a twin's.
///
/// A session sleeps as its journal alone: a 50-view session is about 300 KB built and
/// about 12 KB as its document. A journal that would grow past `limit` is compacted: the
/// session is rebuilt from a checkpoint of its layout (`LayoutCheckpoint`), which becomes the
/// journal's first record, so that the live layout is exactly what a replay gives.
/// With a state directory the same records go to the store (docs/durability.md).
struct SessionJournal {
    /// Records one after the other: a kind byte, a 4-byte little-endian length, then the
    /// body. The first record is the document, the others edits batches.
    private var bytes: [UInt8]
    /// Records after the document.
    private(set) var edits = 0
    let limit: Int
    let documentBytes: Int
    /// The session's last solve time when it went to sleep (a replay takes its own).
    var lastSolveMicros = 0

    enum Kind: UInt8 {
        case document = 0
        /// An edits batch that succeeded, and one refused after its ops ran.
        case edit = 1, refusedEdit = 2
        /// A `LayoutCheckpoint`: a compacted history's first record.
        case checkpoint = 3

        var isFirst: Bool { self == .document || self == .checkpoint }
    }

    static let headerBytes = 5

    /// Bytes of history kept before compaction: eight times the first record, and at least
    /// 16 KiB. A session's history then stays well below what the built session takes (about
    /// 25 times its document), and waking it, which replays the history, costs at most a few
    /// times what creating it did, while a thousand small edits of a 100-view layout fit
    /// between two compactions (each a rebuild: BENCHMARKS.md, "durable sessions").
    static func limit(document: Int) -> Int { max(16 * 1024, 8 * document) }

    init(document: [UInt8]) { self.init(first: .document, document) }

    /// A compacted history: the checkpoint alone.
    init(checkpoint: [UInt8]) { self.init(first: .checkpoint, checkpoint) }

    private init(first kind: Kind, _ body: [UInt8]) {
        limit = Self.limit(document: body.count)
        documentBytes = body.count
        bytes = []
        bytes.reserveCapacity(body.count + Self.headerBytes)
        Self.appendRecord(kind, body, to: &bytes)
    }

    /// The journal of records read back from the store; nil if they are not a history
    /// (no first record, an unknown kind).
    init?(records: [(kind: UInt8, body: [UInt8])]) {
        guard let first = records.first, let kind = Kind(rawValue: first.kind), kind.isFirst else { return nil }
        self.init(first: kind, first.body)
        for record in records.dropFirst() {
            guard let kind = Kind(rawValue: record.kind), !kind.isFirst else { return nil }
            Self.appendRecord(kind, record.body, to: &bytes)
            edits += 1
        }
    }

    var byteCount: Int { bytes.count }

    /// Adds a batch that ran; false (and the journal is unchanged) when it would pass the
    /// limit.
    mutating func append(edit body: [UInt8], succeeded: Bool) -> Bool {
        guard bytes.count + Self.headerBytes + body.count <= limit else { return false }
        Self.appendRecord(succeeded ? .edit : .refusedEdit, body, to: &bytes)
        edits += 1
        return true
    }

    /// The journal in storage of just its size (it is all a sleeping session keeps).
    mutating func trim() {
        guard bytes.capacity > bytes.count else { return }
        var copy: [UInt8] = []
        copy.reserveCapacity(bytes.count)
        copy.append(contentsOf: bytes)
        bytes = copy
    }

    /// The records, document first.
    var records: [(kind: Kind, body: ArraySlice<UInt8>)] {
        var out: [(kind: Kind, body: ArraySlice<UInt8>)] = []
        out.reserveCapacity(edits + 1)
        var i = 0
        while i + Self.headerBytes <= bytes.count, let kind = Kind(rawValue: bytes[i]) {
            let n = Int(bytes[i + 1]) | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) << 16 | Int(bytes[i + 4]) << 24
            let end = min(bytes.count, i + Self.headerBytes + n)
            out.append((kind, bytes[(i + Self.headerBytes)..<end]))
            i = end
        }
        return out
    }

    private static func appendRecord(_ kind: Kind, _ body: [UInt8], to bytes: inout [UInt8]) {
        let n = UInt32(truncatingIfNeeded: body.count)
        bytes.append(kind.rawValue)
        bytes.append(UInt8(truncatingIfNeeded: n))
        bytes.append(UInt8(truncatingIfNeeded: n >> 8))
        bytes.append(UInt8(truncatingIfNeeded: n >> 16))
        bytes.append(UInt8(truncatingIfNeeded: n >> 24))
        bytes.append(contentsOf: body)
    }

    /// Replays the journal: the layout the session had when it went to sleep, or why it
    /// could not be rebuilt (which would be a bug: each record did what it did before).
    func replay(limits: LayoutLimits) -> Result<LiveLayout, ReplayFailure> {
        let records = self.records
        guard let first = records.first, first.kind.isFirst else {
            return .failure(ReplayFailure(record: 0, reason: "the journal does not start with a document or a checkpoint"))
        }
        let layout: LiveLayout
        let built: Result<LiveLayout, LayoutProblem>
        if first.kind == .checkpoint {
            guard let checkpoint = LayoutCheckpoint(bytes: first.body) else {
                return .failure(ReplayFailure(record: 0, reason: "the checkpoint cannot be read"))
            }
            built = SessionSteps.restore(checkpoint, limits: limits)
        } else {
            built = decodeLayoutDocument(Array(first.body), limits: limits.uncounted)
                .flatMap { SessionSteps.create($0, seconds: limits.solveSeconds) }.map(\.0)
        }
        switch built {
        case .failure(let problem): return .failure(ReplayFailure(record: 0, reason: problem.summary))
        case .success(let rebuilt): layout = rebuilt
        }
        for (k, record) in records.enumerated().dropFirst() {
            let batch: EditBatch
            switch decodeEditBatch(Array(record.body), limits: limits.uncounted) {
            case .failure(let problem): return .failure(ReplayFailure(record: k, reason: problem.summary))
            case .success(let decoded): batch = decoded
            }
            switch (record.kind, SessionSteps.edit(layout, batch, seconds: limits.solveSeconds)) {
            case (.edit, .applied), (.refusedEdit, .refused(_, leftTrace: true)): continue
            // Histories written before a 409 stopped being kept (docs/fleet.md, Tests) may hold
            // one as a refused batch: it ran nothing then and runs nothing now.
            case (.refusedEdit, .refused(let problem, leftTrace: false)) where problem.status == 409: continue
            case (.edit, .refused(let problem, _)): return .failure(ReplayFailure(record: k, reason: problem.summary))
            case (.refusedEdit, _): return .failure(ReplayFailure(record: k, reason: "a refused batch did not do again what it did"))
            case (.document, _), (.checkpoint, _): return .failure(ReplayFailure(record: k, reason: "a second first record"))
            }
        }
        return .success(layout)
    }

    struct ReplayFailure: Error {
        /// 0 for the document, k for the k-th edit batch.
        let record: Int
        let reason: String
    }
}

extension LayoutProblem {
    /// One line: the title and the first error.
    var summary: String {
        guard let first = errors.first else { return "\(status) \(title)" }
        return "\(status) \(title): \(first.code): \(first.message)"
    }
}
