/// A session's layout as one record: its document (what GET shows) plus the little a fresh
/// build of that document would not know: the revision, how ids are handed out from here on,
/// and the last solve time answers report. A long history is compacted into one of these
/// (docs/durability.md); building a layout from it is a fresh build of the document, which
/// answers what the session answered (the session invariant, docs/sessions.md).
///
/// Bytes: "TCK1", then little-endian 64-bit integers (revision, solve micros, the count n of
/// id-state numbers, those n numbers), then the document as JSON.
public struct LayoutCheckpoint: Equatable, Sendable {
    public var revision: Int
    public var solveMicros: Int
    var names: [Int]
    public var document: [UInt8]

    static let magic: [UInt8] = Array("TCK1".utf8)

    public var bytes: [UInt8] {
        var out = Self.magic
        out.reserveCapacity(4 + 8 * (3 + names.count) + document.count)
        for n in [revision, solveMicros, names.count] + names {
            withUnsafeBytes(of: Int64(n).littleEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: document)
        return out
    }

    /// Reads `bytes`; nil if they are not a checkpoint.
    public init?(bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        guard b.count >= 4 + 24, Array(b[0..<4]) == Self.magic else { return nil }
        func int(at k: Int) -> Int? {
            let at = 4 + 8 * k
            guard at + 8 <= b.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<8 { v |= UInt64(b[at + i]) << (8 * UInt64(i)) }
            return Int(exactly: Int64(bitPattern: v))
        }
        guard let revision = int(at: 0), let micros = int(at: 1), let n = int(at: 2),
              n >= 2, n <= (b.count - 28) / 8 else { return nil }
        var names: [Int] = []
        names.reserveCapacity(n)
        for k in 0..<n {
            guard let v = int(at: 3 + k) else { return nil }
            names.append(v)
        }
        guard ConstraintNames(saved: names) != nil else { return nil }
        self.revision = revision
        self.solveMicros = micros
        self.names = names
        self.document = Array(b[(4 + 8 * (3 + n))...])
    }

    init(revision: Int, solveMicros: Int, names: [Int], document: [UInt8]) {
        self.revision = revision
        self.solveMicros = solveMicros
        self.names = names
        self.document = document
    }
}

extension LiveLayout {
    /// The checkpoint of the layout as it stands.
    public func checkpoint() -> LayoutCheckpoint {
        LayoutCheckpoint(revision: state.revision, solveMicros: lastSolveMicros,
                         names: state.registry.nameState.saved, document: encodeLayoutDocument(document()))
    }

    /// Takes on what `checkpoint` kept beside the document, for a layout freshly built from
    /// that document.
    public func adopt(_ checkpoint: LayoutCheckpoint) {
        state.revision = checkpoint.revision
        lastSolveMicros = checkpoint.solveMicros
        if let names = ConstraintNames(saved: checkpoint.names) { state.registry.nameState = names }
    }
}
