import Layout

/// What rebuilds a session exactly: the document it was created from and every edit batch
/// that succeeded since, as the client sent them. The engine is deterministic (the same
/// requests in the same order make the same solver, pivot for pivot), so replaying them
/// gives back the very layout, down to which of several equally good solutions it had
/// settled on and which constraints were broken; rebuilding from the current document
/// would not promise that.
///
/// A session sleeps as its journal alone: a 50-view session is about 300 KB built and
/// about 12 KB as its document. The journal is kept only while it stays small against the
/// document (`limit`); a session edited past that stays built for the rest of its life.
struct SessionJournal {
    /// Records one after the other: a 4-byte little-endian length, then the body. The first
    /// record is the document, the others edit batches.
    private var bytes: [UInt8]
    /// Records after the document.
    private(set) var edits = 0
    let limit: Int
    let documentBytes: Int

    /// Bytes of history kept at most: four times the document, and at least 16 KiB. A
    /// session's history then stays far below what the built session takes (about 25 times
    /// its document), and waking it, which replays the history, costs at most a few times
    /// what creating it did, while hundreds of small edits fit.
    static func limit(document: Int) -> Int { max(16 * 1024, 4 * document) }

    init(document: [UInt8]) {
        limit = Self.limit(document: document.count)
        documentBytes = document.count
        bytes = []
        bytes.reserveCapacity(document.count + 4)
        Self.appendRecord(document, to: &bytes)
    }

    var byteCount: Int { bytes.count }

    /// Adds a batch that succeeded; false (and the journal is unchanged) when it would pass
    /// the limit.
    mutating func append(edit body: [UInt8]) -> Bool {
        guard bytes.count + 4 + body.count <= limit else { return false }
        Self.appendRecord(body, to: &bytes)
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
    var records: [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        out.reserveCapacity(edits + 1)
        var i = 0
        while i + 4 <= bytes.count {
            let n = Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
            let end = min(bytes.count, i + 4 + n)
            out.append(bytes[(i + 4)..<end])
            i = end
        }
        return out
    }

    private static func appendRecord(_ body: [UInt8], to bytes: inout [UInt8]) {
        let n = UInt32(truncatingIfNeeded: body.count)
        bytes.append(UInt8(truncatingIfNeeded: n))
        bytes.append(UInt8(truncatingIfNeeded: n >> 8))
        bytes.append(UInt8(truncatingIfNeeded: n >> 16))
        bytes.append(UInt8(truncatingIfNeeded: n >> 24))
        bytes.append(contentsOf: body)
    }

    /// Replays the journal: the layout the session had when it went to sleep, or why it
    /// could not be rebuilt (which would be a bug: every record once succeeded).
    func replay() -> Result<LiveLayout, ReplayFailure> {
        let records = self.records
        guard let document = records.first else { return .failure(ReplayFailure(record: 0, reason: "the journal is empty")) }
        let layout: LiveLayout
        switch decodeLayoutDocument(Array(document)).flatMap({ LiveLayout.make(document: $0) }) {
        case .failure(let problem): return .failure(ReplayFailure(record: 0, reason: problem.summary))
        case .success(let built): layout = built
        }
        for (k, body) in records.dropFirst().enumerated() {
            switch decodeEditBatch(Array(body)).flatMap({ layout.applySnapshot($0) }) {
            case .failure(let problem): return .failure(ReplayFailure(record: k + 1, reason: problem.summary))
            case .success: continue
            }
        }
        layout.compactStorage()
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
