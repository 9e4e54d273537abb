import Platform
/// Turns an HTTPResponse into HTTP/1.1 bytes. The server owns the framing:
/// it writes Content-Length and Connection itself and drops the handler's
/// copies, so a handler cannot produce a response that desynchronises the
/// connection.
enum ResponseSerializer {
    /// What the caller learns from a serialised response.
    struct Outcome {
        /// The bytes could not be buffered (out of memory).
        var failed = false
        /// The handler asked for `Connection: close`.
        var handlerWantsClose = false
    }

    /// The answer of `slot`, read where it lies; an empty slot is a failure.
    static func append(_ slot: borrowing ResponseSlot, date: [UInt8], to out: inout OutputBuffer) -> Outcome {
        switch slot.response {
        case .some(let response): return append(response, keepAlive: slot.keepAlive, isHead: slot.isHead, date: date, to: &out)
        case .none: return Outcome(failed: true)
        }
    }

    /// Appends `response` to `out`. `isHead` suppresses the body (but keeps
    /// its Content-Length, as HEAD requires); `date` is a ready
    /// "Date: ...\r\n" line or empty.
    static func append(
        _ response: borrowing HTTPResponse, keepAlive: Bool, isHead: Bool,
        date: [UInt8], to out: inout OutputBuffer
    ) -> Outcome {
        var outcome = Outcome()
        var ok = true
        let status = (100...999).contains(response.status) ? response.status : 500
        if let line = statusLine(status) {
            ok = out.append(line)
        } else {
            ok = ok && out.append("HTTP/1.1 ")
            ok = ok && out.appendDecimal(status)
            ok = ok && out.append(" ")
            ok = ok && out.append(reasonPhrase(status))
            ok = ok && out.append("\r\n")
        }

        for header in response.headers {
            let name = header.name, value = header.value
            switch classify(name) {
            case .framing:
                continue
            case .connection:
                if asciiCaseInsensitiveEquals(value, "close") { outcome.handlerWantsClose = true }
                continue
            case .other:
                ok = ok && appendField(name, value, to: &out)
            }
        }
        ok = ok && out.append(date)

        // 1xx, 204 and 304 have no body and (for 1xx/204) must not declare one.
        let bodyless = status < 200 || status == 204 || status == 304
        if !bodyless {
            ok = ok && out.append("Content-Length: ")
            ok = ok && out.appendDecimal(response.body.count)
            ok = ok && out.append("\r\n")
        }
        let close = !keepAlive || outcome.handlerWantsClose
        ok = ok && out.append(close ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n")
        if !bodyless && !isHead {
            ok = ok && out.append(response.body)
        }
        outcome.failed = !ok
        return outcome
    }

    private enum HeaderKind { case framing, connection, other }

    /// Spots the headers the server writes itself, by length first so most
    /// names are dismissed without a byte comparison.
    @inline(__always)
    private static func classify(_ name: String) -> HeaderKind {
        switch name.utf8.count {
        case 10 where asciiCaseInsensitiveEquals(name, "connection"): return .connection
        case 14 where asciiCaseInsensitiveEquals(name, "content-length"): return .framing
        case 17 where asciiCaseInsensitiveEquals(name, "transfer-encoding"): return .framing
        default: return .other
        }
    }

    /// Appends "name: value\r\n". Header splitting guard: a field whose
    /// name or value (perhaps echoed from input) holds CR, LF or NUL would
    /// forge headers, so it is dropped. Works on the strings' UTF-8 storage
    /// directly, read in place (`withUTF8Bytes`).
    @inline(__always)
    private static func appendField(_ name: String, _ value: String, to out: inout OutputBuffer) -> Bool {
        withUTF8Bytes(name) { nameBytes in
            withUTF8Bytes(value) { valueBytes in
                guard isSafeFieldText(nameBytes), isSafeFieldText(valueBytes) else { return true }
                return out.appendField(nameBytes, valueBytes)
            }
        }
    }

    @inline(__always)
    private static func isSafeFieldText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var unsafe = false
        for byte in bytes { unsafe = unsafe || byte == 13 || byte == 10 || byte == 0 }
        return !unsafe
    }
}
