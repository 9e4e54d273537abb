import Synchronization

/// The text of every frame number of a session's last answer, and of each frame's
/// `"id":{"x":` prefix. An edit usually moves a few numbers of a few frames (an `update`
/// of one height shifts the `y` of the views below), yet every answer lists every frame:
/// with the memo, prefixes and numbers that did not change are copied instead of written
/// again, which was most of an edit answer's cost. Numbers are held as the solver gave
/// them, so a hit skips their cleaning too.
///
/// A number's text depends only on its value, and a prefix's only on its id: a number slot
/// is used only for the value it holds, and a prefix slot for the id it holds, either
/// compared or known the same because the frame list's ids are the very array the slots
/// were written from (`prefixIDs`). (A whole member kept as one text, copied in runs around the
/// numbers that moved, was tried and measured slower.) Answers
/// are encoded outside the session's lock, possibly on two loops at once: whoever finds
/// the memo busy formats without it.
public final class FrameTextMemo: @unchecked Sendable {
    /// Bytes of one number slot: a length byte, the longest number `RawFormatter` writes
    /// (24 bytes), read as three eight-byte words.
    static let slotBytes = 32
    /// Bytes of one frame's prefix slot: a length byte and up to `prefixLimit` bytes of
    /// `"id":{"x":` (ids of up to 48 bytes; longer ones are written each time), with room
    /// to read the text as eight eight-byte words.
    static let prefixBytes = 72
    static let prefixLimit = 56
    /// What the memo holds for one frame: four number slots, their values, an id, a prefix.
    static let bytesPerFrame = 4 * (slotBytes + 8) + 16 + prefixBytes

    /// By frame index * 4 + member (x, y, width, height): the value whose text the slot
    /// holds, as bits (a NaN marks an empty slot: frames are finite). Guarded by `busy`.
    private var values: [UInt64] = []
    /// The slots' texts, `slotBytes` each: a length byte, then the digits. Guarded by `busy`.
    private var texts: [UInt8] = []
    /// By frame index: the id whose prefix the prefix slot holds. Guarded by `busy`.
    private var ids: [String] = []
    /// By frame index, `prefixBytes` each: a length byte (0: none), then the text before
    /// the first number. Guarded by `busy`.
    private var prefixes: [UInt8] = []
    /// The ids the prefix slots were written from, when every slot holds its frame's prefix
    /// (no id needed escaping or was long). Held here, so its storage cannot be freed and
    /// reused: a frame list whose ids share that storage has the very same ids, and its
    /// prefixes are copied without reading an id. Guarded by `busy`.
    private var prefixIDs: [String]?
    /// Taken by whoever uses the slots; never waited for.
    private let busy = Atomic<Bool>(false)

    public init() {}

    /// The memo's storage while one thread holds it.
    struct Slots {
        let values: UnsafeMutablePointer<UInt64>
        let texts: UnsafeMutablePointer<UInt8>
        let ids: UnsafeMutablePointer<String>
        let prefixes: UnsafeMutablePointer<UInt8>
        /// Every prefix slot holds the prefix of the frame list's id at its index.
        let prefixesCurrent: Bool
    }

    /// Runs `body` with the memo's slots for `frames` frames whose ids are `ids` (when the
    /// frame list shares them, see `FrameList.sharedIDs`), or with nil when another thread
    /// is using the memo.
    func withSlots<R>(frames: Int, ids: [String]?, _ body: (Slots?) -> R) -> R {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return body(nil)
        }
        defer { busy.store(false, ordering: .releasing) }
        resize(frames: frames)
        let current = ids.map { Self.sameStorage($0, prefixIDs) } ?? false
        let result = values.withUnsafeMutableBufferPointer { values in
            texts.withUnsafeMutableBufferPointer { texts in
                self.ids.withUnsafeMutableBufferPointer { slotIDs in
                    prefixes.withUnsafeMutableBufferPointer { prefixes in
                        guard let v = values.baseAddress, let t = texts.baseAddress, let i = slotIDs.baseAddress,
                              let p = prefixes.baseAddress else { return body(nil) }
                        return body(Slots(values: v, texts: t, ids: i, prefixes: p, prefixesCurrent: current))
                    }
                }
            }
        }
        // A pass that read the ids left every slot either holding its id's prefix or empty.
        if !current { prefixIDs = ids != nil && allPrefixesHeld ? ids : nil }
        return result
    }

    private var allPrefixesHeld: Bool {
        stride(from: 0, to: prefixes.count, by: Self.prefixBytes).allSatisfy { prefixes[$0] != 0 }
    }

    /// Whether `a` and `b` are one array's storage (an empty array's is always shared).
    private static func sameStorage(_ a: [String], _ b: [String]?) -> Bool {
        guard let b, a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
    }

    private func resize(frames: Int) {
        guard ids.count != frames else { return }
        values = Array(repeating: Double.nan.bitPattern, count: 4 * frames)
        texts = Array(repeating: 0, count: 4 * frames * Self.slotBytes)
        ids = Array(repeating: "", count: frames)
        prefixes = Array(repeating: 0, count: frames * Self.prefixBytes)
        prefixIDs = nil
    }
}

extension RawFormatter {
    /// `number(value)`, through number slot `member` of frame `frame` when there is a memo.
    @inline(__always)
    mutating func number(_ value: Double, memo: FrameTextMemo.Slots?, frame: Int, member: Int) -> Bool {
        guard let memo else { return finiteNumber(NumberFormat.clean(value)) }
        let slot = 4 &* frame &+ member
        return number(value, value: memo.values + slot, text: memo.texts + slot &* FrameTextMemo.slotBytes)
    }

    /// `"id":{"x":` of frame `k`, copied from the memo's prefix slot when it holds this
    /// id's; false (something written) for an id that needs escaping or is long. (With
    /// current prefixes `memoFrameMember` copies them without reading ids.)
    @inline(__always)
    mutating func framePrefix<Frames: FrameList>(_ frames: Frames, _ k: Int, memo: FrameTextMemo.Slots?) -> Bool {
        let slot = memo.map { $0.prefixes + k * FrameTextMemo.prefixBytes }
        if let memo, let slot, slot.pointee != 0, memo.ids[k] == frames.id(k) {
            copy64(UnsafeRawPointer(slot + 1), Int(slot.pointee))
            return true
        }
        let start = count
        var id = frames.id(k)
        let plain = id.withUTF8 { name -> Bool in
            guard name.count <= RawFormatter.longestFastID, Self.isPlain(name) else { return false }
            byte(UInt8(ascii: "\""))
            copy(name)
            return true
        }
        guard plain else {
            slot?.pointee = 0  // empty: this id is written the general way
            return false
        }
        chunk(0x3a22_7822_7b3a_22, 7)                                   // ":{"x":
        if let memo, let slot {
            let length = count - start
            if length <= FrameTextMemo.prefixLimit {
                slot.pointee = UInt8(length)
                (slot + 1).update(from: base + start, count: length)
                memo.ids[k] = id
            } else {
                slot.pointee = 0
            }
        }
        return true
    }

    /// The text of `value` cleaned, through one memo slot: the slot's text when it holds
    /// this value (compared as the solver gave it, so a hit skips the cleaning too),
    /// otherwise formatted and remembered.
    @inline(__always)
    mutating func number(_ value: Double, value memo: UnsafeMutablePointer<UInt64>, text: UnsafeMutablePointer<UInt8>) -> Bool {
        // An empty slot holds a NaN's bits and no text: never a hit (a NaN frame value,
        // which the general path writes as null, must not read as an empty number).
        if memo.pointee == value.bitPattern && text.pointee != 0 {
            copy24(UnsafeRawPointer(text + 1), Int(text.pointee))
            return true
        }
        let start = count
        guard finiteNumber(NumberFormat.clean(value)) else { return false }
        let length = count - start  // at most 24: the slot holds it
        text.pointee = UInt8(truncatingIfNeeded: length)
        // Byte by byte, not a copy call nor word moves: the digits were just stored a byte or
        // two at a time, and a wider load of them would wait for those stores to retire
        // (seen with perf: a word-wise copy here was most of the answer's time).
        for k in 0..<length { text[1 + k] = base[start + k] }
        memo.pointee = value.bitPattern
        return true
    }
}
