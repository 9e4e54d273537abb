/// A row that holds several records: the records one transaction appends to one session
/// one after the other, framed, so that a busy session's group commit writes one row, not
/// one per request. Both stores keep them so.
enum RecordChunks {
    /// The kind of a row that holds several framed records.
    static let kind: UInt8 = 255

    /// `ops` with each run of appends to one session made one append of a chunk.
    static func coalesced(_ ops: [StoreOp]) -> [StoreOp] {
        var out: [StoreOp] = []
        out.reserveCapacity(ops.count)
        var k = 0
        while k < ops.count {
            guard case .append(let session, let first) = ops[k] else { out.append(ops[k]); k += 1; continue }
            var run = [first]
            var j = k + 1
            while j < ops.count, case .append(let next, let record) = ops[j], next == session { run.append(record); j += 1 }
            if run.count == 1 {
                out.append(ops[k])
            } else {
                var body: [UInt8] = []
                body.reserveCapacity(run.reduce(0) { $0 + 5 + $1.body.count })
                for r in run { frame(r, into: &body) }
                let last = run[run.count - 1]
                out.append(.append(session: session, StoredRecord(kind: kind, body: body, views: last.views,
                                                                  constraints: last.constraints, solveMicros: last.solveMicros)))
            }
            k = j
        }
        return out
    }

    /// A record framed: its kind, its length (4 bytes, little-endian), its body.
    static func frame(_ record: StoredRecord, into bytes: inout [UInt8]) {
        let n = UInt32(truncatingIfNeeded: record.body.count)
        bytes.append(record.kind)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: n >> UInt32(shift))) }
        bytes.append(contentsOf: record.body)
    }

    /// The records of a row: itself, or the framed records of a chunk (nil if the framing
    /// does not hold together).
    static func records(of row: StoredRecord) -> [StoredRecord]? {
        guard row.kind == kind else { return [row] }
        var out: [StoredRecord] = []
        var i = 0
        let b = row.body
        while i < b.count {
            guard i + 5 <= b.count else { return nil }
            let n = Int(b[i + 1]) | Int(b[i + 2]) << 8 | Int(b[i + 3]) << 16 | Int(b[i + 4]) << 24
            guard b[i] != kind, i + 5 + n <= b.count else { return nil }
            out.append(StoredRecord(kind: b[i], body: Array(b[(i + 5)..<(i + 5 + n)]), views: row.views,
                                    constraints: row.constraints, solveMicros: row.solveMicros))
            i += 5 + n
        }
        return out
    }
}
