/// A W3C Trace Context `traceparent` header (version 00): `00-<trace id, 32 hex>-<parent
/// id, 16 hex>-<flags, 2 hex>`, lower-case, neither id all zeros. A valid one is logged
/// with the request and sent back, so a client or proxy can join our log line to its
/// trace; anything else is ignored, as the specification asks of a receiver.
struct TraceParent: Equatable {
    let traceID: String
    let parentID: String
    let flags: String

    init?(_ header: String?) {
        guard let header else { return nil }
        let parts = header.split(separator: "-", omittingEmptySubsequences: false)
        // Version 00 has exactly four parts; a later version may add more after them.
        guard parts.count >= 4, parts[0].count == 2, parts[0] != "ff",
              parts[0] != "00" || parts.count == 4,
              [parts[0], parts[1], parts[2], parts[3]].allSatisfy(TraceParent.isLowerHex),
              parts[1].count == 32, parts[2].count == 16, parts[3].count == 2,
              parts[1].contains(where: { $0 != "0" }), parts[2].contains(where: { $0 != "0" }) else { return nil }
        traceID = String(parts[1]); parentID = String(parts[2]); flags = String(parts[3])
    }

    /// The header as this server sends it back (version 00).
    var header: String { "00-\(traceID)-\(parentID)-\(flags)" }

    private static func isLowerHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
