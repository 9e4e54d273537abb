import CLibUV
import CLLHTTP

/// The answer path: answers fill their slots in any order and are serialised
/// strictly from the front of the queue.
extension Connection {
    /// An answer for `sequence`, on the loop thread. Duplicates and answers
    /// for closed connections are ignored.
    func deliver(sequence: Int, response: consuming HTTPResponse, flushNow: Bool = true) {
        guard state == .open, slots.contains(sequence), slots[sequence].response == nil else { return }
        slots[sequence].response = response
        // Only an answer at the front can be written now; during parsing the
        // write waits until llhttp returns (one write for the whole read).
        guard sequence == slots.frontSequence, !flags.contains(.inParse) else { return }
        if flushNow {
            flushResponses()
            updateReading()
            updateDeadline()
        } else {
            flags.insert(.needsFlush)
        }
    }

    /// The server answers the request being read with an error and will read
    /// no further: `status` with a problem+json body, then close.
    func fail(status: Int, title: String) {
        let response: HTTPResponse
        if let shape = context.config.errorResponse {
            var failure = HTTPFailure(status: status, reason: title)
            if builder.targetComplete {
                failure.method = loop.methodName(llhttp_get_method(parser))
                failure.path = RequestBuilder.originForm(builder.url).path
            }
            if !flags.contains(.remoteAddressLoaded) {
                flags.insert(.remoteAddressLoaded)
                remoteAddress = peerAddress(of: tcp)
            }
            failure.remoteAddress = remoteAddress
            response = shape(failure)
        } else {
            response = HTTPResponse.problem(status: status, title: title)
        }
        if let sequence = currentSequence, slots.contains(sequence) {
            slots[sequence].response = response
            slots[sequence].keepAlive = false
            slots[sequence].wantsContinue = false
        } else {
            var slot = ResponseSlot()
            slot.response = response
            slot.keepAlive = false
            _ = slots.append(slot)
        }
        currentSequence = nil
        flags.remove(.inMessage)
        flags.insert(.stopParsing)
        flags.insert(.lingerNeeded)
    }

    /// Past the connection cap: 503 at once, read nothing, close.
    func rejectOverCapacity() {
        currentSequence = nil
        fail(status: 503, title: "Service Unavailable")
        flushResponses()
        updateDeadline()
    }

    /// Serialises every answer ready at the front of the queue (and a 100
    /// Continue the front request waits for), writes them in one go, and
    /// starts closing after an answer that ends the connection.
    func flushResponses() {
        guard state == .open else { return }
        flags.remove(.needsFlush)
        var closeAfter = false
        var answered = false
        while !slots.isEmpty {
            let keepAlive = slots.front.keepAlive
            guard slots.front.response != nil else {
                if slots.front.wantsContinue && !slots.front.continueSent {
                    guard out.append("HTTP/1.1 100 Continue\r\n\r\n") else { close(); return }
                    slots.updateFront { $0.continueSent = true }
                }
                break
            }
            // Read where it lies: no copy of the answer's headers and body.
            let outcome = ResponseSerializer.append(slots.front, date: loop.dateLine, to: &out)
            guard !outcome.failed else { close(); return }
            slots.removeFront()
            answered = true
            if !keepAlive || outcome.handlerWantsClose {
                closeAfter = true
                break
            }
        }
        // The idle period starts when the last answer goes out, not at every read: bytes
        // that start no request (bare CRLFs, which llhttp skips) must not keep a
        // connection open for ever.
        if answered && slots.isEmpty { idleSince = now }
        guard !flags.contains(.inParse) else { return }
        writeOut()
        if closeAfter { beginLingeringClose() } else if flags.contains(.parsingHeld) { resumeHeldInput() }
    }
}
