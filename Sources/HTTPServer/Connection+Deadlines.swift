import CLibUV

/// Timeouts. Each connection has one timer and one deadline that depends on
/// its state. Moving the deadline later (the usual case: a new request, a new
/// idle period) only stores a number; the timer is re-armed only when the
/// deadline moves earlier or the timer fires early. So a keep-alive request
/// costs no timer operation.
extension Connection {
    func updateDeadline() {
        let newDeadline: UInt64
        switch state {
        case .closed:
            return
        case .lingering:
            // Until the last answer is out, a client that stops reading is
            // what can stall us; after it, the linger time.
            newDeadline = flags.contains(.shutdownDone) ? lingerUntil : lastWriteProgress &+ context.idleTimeoutMs
        case .open:
            if flags.contains(.inMessage) && flags.contains(.reading) {
                // Slowloris guard: the whole request within readTimeout of its
                // first byte, however the bytes trickle in. (Not while we
                // ourselves stopped reading for back-pressure.)
                newDeadline = messageStart &+ context.readTimeoutMs
            } else if writesInFlight > 0 {
                // A client that stops reading our answers.
                newDeadline = lastWriteProgress &+ context.idleTimeoutMs
            } else if !slots.isEmpty {
                // Waiting for our own handler: no client timeout applies.
                newDeadline = .max
            } else {
                newDeadline = idleSince &+ context.idleTimeoutMs
            }
        }
        deadline = newDeadline
        if newDeadline != .max, timerDue.map({ newDeadline < $0 }) ?? true {
            arm(at: newDeadline)
        }
    }

    private func arm(at due: UInt64) {
        let current = now
        uv_timer_start(timer, connectionTimerFired, due > current ? due - current : 0, 0)
        timerDue = due
    }

    func timerFired() {
        timerDue = nil
        guard deadline != .max else { return }
        if now < deadline {
            arm(at: deadline)
            return
        }
        deadline = .max
        switch state {
        case .closed:
            break
        case .lingering:
            close()
        case .open:
            if flags.contains(.inMessage) && flags.contains(.reading) {
                // 408 when nothing of this request was answered yet (after
                // it, the connection closes in any case).
                fail(status: 408, title: "Request Timeout")
                flushResponses()
                updateReading()
                updateDeadline()
            } else if writesInFlight > 0 || slots.isEmpty {
                close()
            } else {
                updateDeadline()
            }
        }
    }
}

let connectionTimerFired: uv_timer_cb = { timer in
    guard let data = timer?.pointee.data else { return }
    Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue().timerFired()
}
