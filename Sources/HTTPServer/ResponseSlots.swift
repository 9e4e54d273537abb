/// One request's place in its connection's answer order.
struct ResponseSlot {
    /// Filled when the handler answers (or the server answers for it).
    var response: HTTPResponse?
    /// Keep the connection open after this answer.
    var keepAlive = true
    /// HEAD: send headers only.
    var isHead = false
    /// The client sent `Expect: 100-continue` and waits for the interim answer.
    var wantsContinue = false
    var continueSent = false
}

/// The requests of one connection that still owe an answer, in arrival order.
/// Answers may be filled in any order (from any thread, via the loop), but
/// they are written strictly from the front, which is what keeps pipelined
/// answers in request order.
struct ResponseSlots {
    private var slots: [ResponseSlot] = []
    /// Index of the oldest unanswered slot in `slots`.
    private var head = 0
    /// Sequence number of `slots[0]`.
    private var baseSequence = 0

    /// Requests waiting for (or holding) an answer that is not yet written.
    var pendingCount: Int { slots.count - head }
    /// Body bytes of the answers held here, not yet written: with the write queue, what a
    /// client that does not read costs (answers pile up while a read's requests are parsed).
    private(set) var answeredBytes = 0
    var isEmpty: Bool { head == slots.count }

    /// Adds a slot at the back and returns its sequence number.
    mutating func append(_ slot: ResponseSlot) -> Int {
        slots.append(slot)
        return baseSequence + slots.count - 1
    }

    /// The slot for `sequence`, if it is still pending.
    func contains(_ sequence: Int) -> Bool {
        let index = sequence - baseSequence
        return index >= head && index < slots.count
    }

    /// The slot for `sequence`, read and changed in place: a copy of the slot would retain its
    /// answer's headers and body on every access (several per request).
    subscript(sequence: Int) -> ResponseSlot {
        _read { yield slots[sequence - baseSequence] }
        _modify {
            let index = sequence - baseSequence
            let before = slots[index].response?.body.count ?? 0
            yield &slots[index]
            answeredBytes += (slots[index].response?.body.count ?? 0) - before
        }
    }

    /// The oldest pending slot, read in place; an empty slot (no answer) when none is pending.
    var front: ResponseSlot {
        _read {
            if head < slots.count { yield slots[head] } else { yield ResponseSlot() }
        }
    }
    var frontSequence: Int { baseSequence + head }
    var backSequence: Int? { isEmpty ? nil : baseSequence + slots.count - 1 }

    mutating func updateFront(_ change: (inout ResponseSlot) -> Void) {
        guard !isEmpty else { return }
        change(&slots[head])
    }

    /// Drops the front slot (its answer has been serialised). Storage is
    /// compacted now and then, so a long keep-alive connection does not grow.
    mutating func removeFront() {
        guard !isEmpty else { return }
        answeredBytes -= slots[head].response?.body.count ?? 0
        slots[head].response = nil  // release the body early
        head += 1
        if head == slots.count {
            baseSequence += slots.count
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            baseSequence += head
            head = 0
        }
    }

    /// Forgets every pending slot (connection closing).
    mutating func removeAll() {
        baseSequence += slots.count
        slots.removeAll()
        head = 0
        answeredBytes = 0
    }
}
