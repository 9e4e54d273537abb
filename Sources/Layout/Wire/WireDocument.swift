// Entry points: bytes in, a LayoutDocument or EditBatch out, or a LayoutProblem listing
// every error found. Malformed JSON stops at the first syntax error (400, one error);
// well-formed JSON is decoded completely and every contract error is collected (422).
//
// Reading rules where the contract is silent (to be mirrored in openapi.yaml):
// - locations: `pointer` is the RFC 6901 pointer of the value at fault (of the enclosing
//   object when a required field is missing); `line`/`column` are 1-based, of the value's
//   first byte, columns counted in Unicode scalars; `exprColumn` likewise, in the decoded
//   expression string;
// - `null` for an optional field means absent; a missing required field is
//   `missing-field` (`missing-target` for `to`);
// - a view id breaking `[A-Za-z_][A-Za-z0-9_]*` or being a reserved word is `invalid-id`;
//   so is a reserved word or `superview` where a view id is expected;
// - a value outside an enumeration (`direction`, `kind`, `relation`, `op`, a priority
//   name) is `wrong-type`;
// - insets mixing left/right with leading/trailing are `mixed-direction`; a side left
//   out is 0 (`margins`: 8); `hugging`/`compressionResistance`/`baselines` members left
//   out keep their defaults; `frame`, `{width,height}` and `{x,y}` need every member;
// - a number that overflows a double (`1e999`) is invalid JSON ("number must be
//   finite"); nesting deeper than 512 is `too-large` (413); duplicate member names are
//   invalid JSON; a leading UTF-8 byte order mark is ignored;
// - explicit constraint ids must be unique across the request (a whole edit batch);
//   view ids within one `views` array.

enum WireProblem {
    static let contractTitle = "The request breaks the layout contract"

    /// The reader's errors, then those a build of what it could read finds before solving
    /// (`LiveLayout.contractErrors`), the listed ones capped as always.
    static func withLaterErrors(_ problem: LayoutProblem, _ document: LayoutDocument, unread: [String]) -> LayoutProblem {
        var merged = problem.errors
        let later = LiveLayout.contractErrors(of: document, unplaced: unread)
        for error in later where !merged.contains(error) { merged.append(error) }
        return contract(merged, count: problem.errorCount + later.count)
    }

    static func contract(_ errors: [LayoutError], count: Int? = nil) -> LayoutProblem {
        LayoutProblem(status: 422, title: contractTitle, errors: errors, errorCount: count)
    }
}

/// Decodes a layout document (docs/api.md §2): `{direction?, views?, constraints?, strict?}`.
public func decodeLayoutDocument(_ bytes: [UInt8], limits: LayoutLimits = .uncounted) -> Result<LayoutDocument, LayoutProblem> {
    bytes.withUnsafeBytes { decodeLayoutDocument($0, limits: limits) }
}

/// Decodes a layout document straight from a buffer (e.g. the HTTP body in place).
/// Nothing of `buffer` is retained. A `views` or `constraints` array longer than its limit
/// is refused (413 `too-large`) before any element is read.
///
/// A document that breaks the contract is also built as far as it could be read, so that
/// the answer lists the errors of every phase at once (an unknown attribute and an unknown
/// view), without the consequences of the reader's errors (see `LiveLayout.make`'s
/// `unplaced`).
public func decodeLayoutDocument(_ buffer: UnsafeRawBufferPointer, limits: LayoutLimits = .uncounted)
    -> Result<LayoutDocument, LayoutProblem> {
    var partial: (document: LayoutDocument, unread: [String])?
    let result = withReader(buffer) { reader in
        reader.limits = limits
        let document = reader.document()
        partial = (document, reader.unreadViewIDs)
        return document
    }
    guard case .failure(let problem) = result, problem.status == 422, let partial else { return result }
    return .failure(WireProblem.withLaterErrors(problem, partial.document, unread: partial.unread))
}

/// Decodes the body of `POST /v1/sessions/{id}/edits`: `{ifRevision?, strict?, ops}`.
public func decodeEditBatch(_ bytes: [UInt8], limits: LayoutLimits = .uncounted) -> Result<EditBatch, LayoutProblem> {
    bytes.withUnsafeBytes { decodeEditBatch($0, limits: limits) }
}

/// Decodes an edit batch straight from a buffer. Nothing of `buffer` is retained.
public func decodeEditBatch(_ buffer: UnsafeRawBufferPointer, limits: LayoutLimits = .uncounted) -> Result<EditBatch, LayoutProblem> {
    withReader(buffer) { reader in
        reader.limits = limits
        return reader.editBatch()
    }
}

/// Parses, then runs `decode` on a reader over the tape; any collected error fails the whole.
private func withReader<T>(_ buffer: UnsafeRawBufferPointer, _ decode: (inout WireReader) -> T) -> Result<T, LayoutProblem> {
    let read = JSONParser.withTape(buffer) { nodes -> Result<T, LayoutProblem> in
        // A successful parse saw at least one byte, so the base address exists.
        guard let base = buffer.baseAddress else { return .failure(WireProblem.contract([])) }
        var reader = WireReader(base.assumingMemoryBound(to: UInt8.self), count: buffer.count, Tape(nodes))
        let value = decode(&reader)
        if let tooLarge = reader.tooLarge { return .failure(tooLarge) }
        return reader.errors.isEmpty ? .success(value) : .failure(WireProblem.contract(reader.errors, count: reader.errorCount))
    }
    switch read {
    case .failure(let error): return .failure(error.problem(buffer))
    case .success(let result): return result
    }
}

extension WireReader {
    static let documentFields = FieldTable("direction", "views", "constraints", "strict", "metrics")

    mutating func document() -> LayoutDocument {
        var document = LayoutDocument()
        guard object(0, "", "a layout document object") else { return document }
        let f = fields(0, WireReader.documentFields, "")
        if let d = f[0], !isNull(d), let name = string(d, "/direction") {
            if let direction = LayoutDirection(rawValue: name) { document.direction = direction } else {
                error(ErrorCode.wrongType, "direction must be \"ltr\" or \"rtl\", found '\(name)'", d, "/direction")
            }
        }
        for (field, limit, name) in [(f[1], limits.maxViews, "views"), (f[2], limits.maxConstraints, "constraints")] {
            guard let n = field, nodes[n].kind == .array, nodes[n].count > limit else { continue }
            let error = LayoutError(code: ErrorCode.tooLarge,
                                    message: "the layout would have \(nodes[n].count) \(name); at most \(limit) are accepted",
                                    location: location(n, "/" + name))
            tooLarge = LayoutProblem(status: 413, title: "Payload Too Large", errors: (tooLarge?.errors ?? []) + [error])
        }
        if tooLarge != nil { return document }
        if let v = f[1], !isNull(v) {
            let (views, ids) = viewsAndIDs(v, "/views")
            document.views = views
            // Read without errors, the views become the tree's slots in their order.
            if errorCount == 0, ids.count == views.count { documentViews = ids }
        }
        if let c = f[2], !isNull(c) { document.constraints = constraints(c, "/constraints", inOp: false) }
        if let s = f[3], !isNull(s), let strict = bool(s, "/strict") { document.strict = strict }
        if let m = f[4], !isNull(m), let metrics = metrics(m, "/metrics") { document.metrics = metrics }
        return document
    }
}
