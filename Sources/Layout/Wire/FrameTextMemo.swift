import Synchronization

/// The text of every frame number of a session's last answer. An edit usually moves a few
/// numbers of a few frames (an `update` of one height shifts the `y` of the views below),
/// yet every answer lists every frame: with the memo, numbers whose value did not change
/// are copied instead of formatted again, which was most of an edit answer's cost.
///
/// The text of a number depends only on its value, so the memo can never be wrong about
/// the bytes it returns; it only saves work when the value is the one it holds. Answers
/// are encoded outside the session's lock, possibly on two loops at once: whoever finds
/// the memo busy formats without it.
public final class FrameTextMemo: @unchecked Sendable {
    /// Bytes of one slot: a length byte, the longest number `RawFormatter` writes, and
    /// room to read the text as three eight-byte words.
    static let slotBytes = 32

    /// By frame index * 4 + member (x, y, width, height): the value whose text the slot
    /// holds, as bits (a NaN marks an empty slot: frames are finite). Guarded by `busy`.
    private var values: [UInt64] = []
    /// The slots' texts, `slotBytes` each: a length byte, then the digits. Guarded by `busy`.
    private var texts: [UInt8] = []
    /// Taken by whoever uses the slots; never waited for.
    private let busy = Atomic<Bool>(false)

    public init() {}

    /// Runs `body` with the memo's slots for `frames` frames, or with nils when another
    /// thread is using the memo.
    func withSlots<R>(frames: Int, _ body: (UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt8>?) -> R) -> R {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return body(nil, nil)
        }
        defer { busy.store(false, ordering: .releasing) }
        resize(frames: frames)
        return values.withUnsafeMutableBufferPointer { values in
            texts.withUnsafeMutableBufferPointer { texts in body(values.baseAddress, texts.baseAddress) }
        }
    }

    private func resize(frames: Int) {
        let count = 4 * frames
        guard values.count != count else { return }
        values = Array(repeating: Double.nan.bitPattern, count: count)
        texts = Array(repeating: 0, count: count * Self.slotBytes)
    }
}

extension RawFormatter {
    /// `number(value)`, through slot `k` of a frame's memo slots when there are some.
    @inline(__always)
    mutating func number(_ value: Double, memo: UnsafeMutablePointer<UInt64>?, texts: UnsafeMutablePointer<UInt8>?,
                         _ k: Int) -> Bool {
        guard let memo, let texts else { return number(value) }
        return number(value, value: memo + k, text: texts + k * FrameTextMemo.slotBytes)
    }

    /// `number(value)` through one memo slot: the slot's text when it holds this value,
    /// otherwise formatted and remembered.
    @inline(__always)
    mutating func number(_ value: Double, value memo: UnsafeMutablePointer<UInt64>, text: UnsafeMutablePointer<UInt8>) -> Bool {
        if memo.pointee == value.bitPattern {
            copy24(UnsafeRawPointer(text + 1), Int(text.pointee))
            return true
        }
        let start = count
        guard number(value) else { return false }
        let length = count - start
        text.pointee = UInt8(truncatingIfNeeded: length)
        (text + 1).update(from: base + start, count: length)
        memo.pointee = value.bitPattern
        return true
    }
}
