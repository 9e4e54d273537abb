import CLibUV
import CLLHTTP

/// The read path: bytes from the socket into llhttp, and llhttp's callbacks
/// into a request for the handler.
extension Connection {
    func onRead(count: Int, bytes: UnsafeMutablePointer<CChar>?) {
        if count < 0 {
            endOfInput(error: Int32(clamping: count))
            return
        }
        guard count > 0, let bytes else { return }
        // Lingering: the bytes are discarded; closed: ignored.
        guard state == .open, !flags.contains(.stopParsing) else { return }
        parse(bytes, count: count)
    }

    /// The client closed its side (EOF) or the socket failed.
    private func endOfInput(error: Int32) {
        guard error == Int32(UV_EOF.rawValue) else {
            close()
            return
        }
        flags.insert(.peerClosed)
        clientGone.store(true, ordering: .relaxed)
        switch state {
        case .closed:
            return
        case .lingering:
            // Closing now would cancel answers still being written.
            if flags.contains(.shutdownDone) { close() } else { updateReading() }
            return
        case .open:
            break
        }
        // A half-closing client may still wait for answers to complete
        // requests: answer them, then close. A half-read request is lost.
        if flags.contains(.inMessage) {
            close()
            return
        }
        if slots.isEmpty {
            // Answers may still be on their way out: close after them.
            if writesInFlight > 0 { beginLingeringClose() } else { close() }
            return
        }
        flags.insert(.stopParsing)
        if let last = slots.backSequence { slots[last].keepAlive = false }
        updateReading()
        flushResponses()
    }

    func parse(_ bytes: UnsafeMutablePointer<CChar>, count: Int) {
        flags.insert(.inParse)
        let result = llhttp_execute(parser, bytes, count)
        flags.remove(.inParse)
        switch result {
        case HPE_OK:
            break
        case HPE_PAUSED where flags.contains(.parsingHeld):
            // Paused for back-pressure: keep what follows for later.
            if let stop = llhttp_get_error_pos(parser) {
                let start = UnsafeRawPointer(stop) - UnsafeRawPointer(bytes)
                if start < count {
                    heldInput.append(contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(bytes) + start, count: count - start))
                }
            }
        case HPE_PAUSED, HPE_PAUSED_UPGRADE:
            // We paused after a request that ends the connection; the bytes
            // after it are not read.
            flags.insert(.stopParsing)
            if let stop = llhttp_get_error_pos(parser), stop < UnsafePointer(bytes + count) {
                flags.insert(.lingerNeeded)
            }
        default:
            // A limit failure has already chosen its answer (stopParsing set);
            // anything else is a malformed request.
            if !flags.contains(.stopParsing) { fail(status: 400, title: "Bad Request") }
        }
        flushResponses()
        updateReading()
        updateDeadline()
    }

    // MARK: llhttp callbacks (see ParserSettings.swift); non-zero stops parsing

    func messageBegin() -> Int32 {
        flags.insert(.inMessage)
        messageStart = now
        builder.reset()
        return 0
    }

    /// Counts request-line and header bytes; false (after answering 431) when
    /// over the limit. Each header also costs 4 bytes for ": " and CRLF.
    @inline(__always)
    func countHeadBytes(_ count: Int) -> Bool {
        builder.headBytes += count
        guard builder.headBytes <= context.config.maxHeaderBytes else {
            fail(status: 431, title: "Request Header Fields Too Large")
            return false
        }
        return true
    }

    func urlPiece(_ at: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        guard countHeadBytes(count) else { return -1 }
        append(at, count, to: &builder.url)
        return 0
    }

    func headerFieldPiece(_ at: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        builder.targetComplete = true
        if builder.fieldComplete { builder.commitHeader() }
        guard countHeadBytes(count) else { return -1 }
        append(at, count, to: &builder.field)
        return 0
    }

    func headerFieldComplete() -> Int32 {
        builder.fieldComplete = true
        return countHeadBytes(4) ? 0 : -1
    }

    func headerValuePiece(_ at: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        guard countHeadBytes(count) else { return -1 }
        append(at, count, to: &builder.value)
        return 0
    }

    /// The head is complete: check the declared body size, open the answer
    /// slot (so order is fixed from now on) and note a 100-continue wish.
    func headersComplete() -> Int32 {
        builder.targetComplete = true
        builder.commitHeader()
        let flags = UInt32(parser.pointee.flags)
        let declaredLength = parser.pointee.content_length
        let hasLength = flags & F_CONTENT_LENGTH.rawValue != 0
        let chunked = flags & F_CHUNKED.rawValue != 0
        // llhttp flags a Transfer-Encoding header: the headers are scanned only when there is one.
        if flags & F_TRANSFER_ENCODING.rawValue != 0, !builder.transferCodingsAreApplied {
            fail(status: 501, title: "Not Implemented")
            return -1
        }
        if hasLength && declaredLength > UInt64(max(0, context.config.maxBodyBytes)) {
            // Refused before any body byte is read (and before 100 Continue).
            fail(status: 413, title: "Content Too Large")
            return -1
        }
        var slot = ResponseSlot()
        slot.isHead = llhttp_get_method(parser) == UInt8(HTTP_HEAD.rawValue)
        let expectsBody = chunked || (hasLength && declaredLength > 0)
        if expectsBody && llhttp_get_http_major(parser) == 1 && llhttp_get_http_minor(parser) >= 1
            && builder.hasHeader("expect", equalTo: "100-continue") {
            slot.wantsContinue = true
        }
        currentSequence = slots.append(slot)
        if hasLength && declaredLength > 0 {
            // Capped: a client declaring a big body and sending nothing must
            // not make every idle connection hold that much memory.
            builder.body.reserveCapacity(Int(min(declaredLength, 64 * 1024)))
        }
        // A wanted 100 Continue is written by the flush that follows this
        // read (unless the body is already here, see messageComplete).
        return 0
    }

    func bodyPiece(_ at: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        guard builder.body.count + count <= context.config.maxBodyBytes else {
            // Only reachable for chunked bodies: a declared length was checked.
            fail(status: 413, title: "Content Too Large")
            return -1
        }
        append(at, count, to: &builder.body)
        return 0
    }

    /// The request is whole: hand it to the handler. Returning HPE_PAUSED
    /// stops llhttp after a request that ends the connection.
    func messageComplete() -> Int32 {
        flags.remove(.inMessage)
        let sequence = currentSequence ?? slots.append(ResponseSlot())
        currentSequence = nil
        let upgrade = llhttp_get_upgrade(parser) != 0
        let keepAlive = llhttp_should_keep_alive(parser) != 0 && !loop.draining && !upgrade
        if slots.contains(sequence) {
            slots[sequence].keepAlive = keepAlive
            // The body is here, so the client is not waiting for 100 any more.
            slots[sequence].wantsContinue = false
        }
        if !flags.contains(.remoteAddressLoaded) {
            flags.insert(.remoteAddressLoaded)
            remoteAddress = peerAddress(of: tcp)
        }
        let request = builder.makeRequest(
            method: loop.methodName(llhttp_get_method(parser)),
            version: (Int(llhttp_get_http_major(parser)), Int(llhttp_get_http_minor(parser))),
            remoteAddress: remoteAddress)
        if !keepAlive { flags.insert(.stopParsing) }
        context.handler(request, HTTPResponder(connection: self, sequence: sequence))
        if !keepAlive { return Int32(HPE_PAUSED.rawValue) }
        // Answers pile up (a client that sends faster than it reads): parse no further
        // request of this read until it takes some (`resumeHeldInput`).
        if answersPileUp(resuming: false) {
            flags.insert(.parsingHeld)
            return Int32(HPE_PAUSED.rawValue)
        }
        return 0
    }

    @inline(__always)
    private func append(_ at: UnsafePointer<CChar>?, _ count: Int, to bytes: inout [UInt8]) {
        guard let at, count > 0 else { return }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: at, count: count))
    }
}
