/// Writes JSON text into memory the caller sized, with no bounds checks and no array
/// appends: the answer writer formats a whole member (a frame: id and four numbers) on the
/// stack and appends it to its byte array once. Every per-byte `Array.append` checks
/// uniqueness and capacity; for a 100-view answer those checks cost more than the digits.
struct RawFormatter {
    /// The longest number written: a sign, 19 digits of an Int64 (or 9 + "." + 6 digits);
    /// Swift's shortest form of any finite double (`finiteNumber`) takes at most 24. Whole
    /// quarters (`quarters`) take at most 16 and end with an eight-byte store: all 24 used.
    static let maxNumberBytes = 24

    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Forgets what was written after `mark` (a failed member).
    @inline(__always) mutating func rewind(to mark: Int) { count = mark }

    /// `"id":{"x":…,"y":…,"width":…,"height":…}` on the fast path (the caller made room:
    /// id and `frameMemberRoom`), through the memo's slots for frame `k` when there is a
    /// memo; false, with something written, for an id that needs escaping or is long, or a
    /// number that is not finite.
    mutating func frameMember<Frames: FrameList>(_ frames: Frames, _ k: Int, memo: FrameTextMemo.Slots?) -> Bool {
        guard framePrefix(frames, k, memo: memo) else { return false }
        return frameNumbers(frames.rect(k), memo: memo, k)
    }

    /// `frameMember` when the memo's prefixes are current (`FrameTextMemo.Slots`): the
    /// prefix is copied from its slot (every slot holds one then) and nothing of the frame
    /// list is read but the rectangle. Same bytes, a third of the work (an edit answer
    /// writes every frame, and most of it comes from here).
    @inline(__always)
    mutating func memoFrameMember(_ r: Rect, memo: FrameTextMemo.Slots, _ k: Int) -> Bool {
        let prefix = memo.prefixes + k &* FrameTextMemo.prefixBytes
        copy64(UnsafeRawPointer(prefix + 1), Int(prefix.pointee))
        return frameNumbers(r, memo: memo, k)
    }

    /// The four numbers of frame `k` and their labels, after its prefix, and the closing
    /// brace; false (something written) for a number that is not finite.
    @inline(__always)
    private mutating func frameNumbers(_ r: Rect, memo: FrameTextMemo.Slots?, _ k: Int) -> Bool {
        // The labels as little-endian chunks: stores, not copies.
        guard number(r.x, memo: memo, frame: k, member: 0) else { return false }
        chunk(0x3a_2279_222c, 5)                                        // ,"y":
        guard number(r.y, memo: memo, frame: k, member: 1) else { return false }
        chunk(0x2268_7464_6977_222c, 8); chunk(0x3a, 1)                 // ,"width":
        guard number(r.width, memo: memo, frame: k, member: 2) else { return false }
        chunk(0x7468_6769_6568_222c, 8); chunk(0x3a22, 2)               // ,"height":
        guard number(r.height, memo: memo, frame: k, member: 3) else { return false }
        byte(UInt8(ascii: "}"))
        return true
    }

    /// The longest id a frame member writes on the fast path (longer ones take the
    /// general path).
    static let longestFastID = 96

    /// Bytes a frame member may take on the fast path, besides its id: labels, four
    /// numbers, and the slack of eight-byte stores.
    static let frameMemberRoom = 64 + 4 * (maxNumberBytes + 8)

    /// The first `length` bytes of little-endian `chunk`; all eight are stored (the caller
    /// has made room for them).
    @inline(__always) mutating func chunk(_ chunk: UInt64, _ length: Int) {
        UnsafeMutableRawPointer(base + count).storeBytes(of: chunk.littleEndian, as: UInt64.self)
        count &+= length
    }

    /// `length` (at most 64) bytes from `source`, which has 64 readable bytes, as eight
    /// eight-byte moves (the caller has room for all 64).
    @inline(__always) mutating func copy64(_ source: UnsafeRawPointer, _ length: Int) {
        let target = UnsafeMutableRawPointer(base + count)
        for k in stride(from: 0, to: 64, by: 8) {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
        }
        count &+= length
    }

    /// `length` (at most 24) bytes from `source`, which has 24 readable bytes, as three
    /// eight-byte moves (the caller has room for all 24).
    @inline(__always) mutating func copy24(_ source: UnsafeRawPointer, _ length: Int) {
        let target = UnsafeMutableRawPointer(base + count)
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        count &+= length
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        base[count] = b
        count &+= 1
    }

    @inline(__always) mutating func text(_ s: StaticString) {
        (base + count).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        count += s.utf8CodeUnitCount
    }

    @inline(__always) mutating func copy(_ s: UnsafeBufferPointer<UInt8>) {
        guard let source = s.baseAddress else { return }
        (base + count).update(from: source, count: s.count)
        count += s.count
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// "00" to "99": digits are written two at a time (half the divisions).
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Decimal digits of `value`, most significant first.
    mutating func unsigned(_ value: UInt64) {
        // Frame numbers are mostly below 10,000: compare before dividing.
        var digits: Int
        if value < 10 { digits = 1 } else if value < 100 { digits = 2 } else if value < 1000 { digits = 3 } else if value < 10000 {
            digits = 4
        } else {
            digits = 5
            var probe = value / 10000
            while probe >= 100 { probe /= 100; digits += 2 }
            if probe >= 10 { digits += 1 }
        }
        count += digits
        writeDigits(value, endingAt: count)
    }

    /// The digits of `value` right-aligned to end just before `end` (the caller has
    /// counted them).
    @inline(__always) private func writeDigits(_ value: UInt64, endingAt end: Int) {
        let pairs = Self.digitPairs.utf8Start
        var rest = value
        var k = end
        while rest >= 100 {
            let r = Int(rest % 100)
            rest /= 100
            k -= 2
            base[k] = pairs[2 * r]
            base[k + 1] = pairs[2 * r + 1]
        }
        if rest >= 10 {
            let r = Int(rest)
            base[k - 2] = pairs[2 * r]
            base[k - 1] = pairs[2 * r + 1]
        } else {
            base[k - 1] = UInt8(48 + rest)
        }
    }

    /// A finite number in its shortest round-trip form when that is easy to know: a whole
    /// number of quarters below 2^49 (`quarters`), an integral value (no ".0"), or exactly
    /// k / 10^6 below 10^9 in magnitude (frames are mostly such: 79.75, 12.5), which then
    /// has at most six decimals once trailing zeros go. Returns false, having written
    /// nothing, for anything else.
    mutating func number(_ value: Double) -> Bool {
        if quarters(value) { return true }
        guard value.isFinite else { return false }
        if value.magnitude < 9_223_372_036_854_775_808, Double(Int64(value)) == value {
            // Every integral double below 2^63 converts exactly. (Conversion, not rounding
            // functions: those need libm, which this module avoids.)
            integer(Int64(value))
            return true
        }
        guard value.magnitude < 1e9 else { return false }
        let scaled = value * 1_000_000
        let k = Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
        guard Double(k) / 1_000_000 == value else { return false }
        if k < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = k.magnitude
        unsigned(magnitude / 1_000_000)
        let fraction = Int(magnitude % 1_000_000)
        guard fraction != 0 else { return true }
        // All six decimals, two at a time (0.05 is "050000"), then the trailing zeros go
        // again: cheaper than finding first how many there are.
        byte(UInt8(ascii: "."))
        let pairs = Self.digitPairs.utf8Start
        let high = fraction / 10_000, middle = fraction / 100 % 100, low = fraction % 100
        base[count] = pairs[2 * high]; base[count + 1] = pairs[2 * high + 1]
        base[count + 2] = pairs[2 * middle]; base[count + 3] = pairs[2 * middle + 1]
        base[count + 4] = pairs[2 * low]; base[count + 5] = pairs[2 * low + 1]
        count += 6
        while base[count - 1] == UInt8(ascii: "0") { count -= 1 }  // stops at a nonzero digit
        return true
    }

    /// A whole number of quarters below 2^49 in magnitude (most frame numbers: 16, 79.75,
    /// 44.5), written as `whole` and `.25`, `.5` or `.75`; false, with nothing written,
    /// for any other value (NaN and infinities included). Rounding `4 * value` by adding
    /// and subtracting 1.5 * 2^52 tells whether it is a whole number without a conversion.
    @inline(__always) mutating func quarters(_ value: Double) -> Bool {
        let q = value * 4
        guard q.magnitude < 2_251_799_813_685_248, (q + 6_755_399_441_055_744) - 6_755_399_441_055_744 == q
        else { return false }
        let n = Int64(q)
        if n < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = n.magnitude
        unsigned(magnitude >> 2)
        switch magnitude & 3 {
        case 1: chunk(0x35_322e, 3)   // .25
        case 2: chunk(0x35_2e, 2)     // .5
        case 3: chunk(0x35_372e, 3)   // .75
        default: break
        }
        return true
    }

    /// Any finite number: `number`'s forms where they apply, otherwise Swift's shortest
    /// round-trip form (1e-07, 0.3333333333333333), which is valid JSON. False, having
    /// written nothing, only for infinities and NaN.
    mutating func finiteNumber(_ value: Double) -> Bool {
        if number(value) { return true }
        guard value.isFinite else { return false }
        var text = value.description
        text.withUTF8 { bytes in
            guard let source = bytes.baseAddress else { return }
            let length = min(bytes.count, Self.maxNumberBytes)
            (base + count).update(from: source, count: length)
            count += length
        }
        return true
    }

    /// Whether a string can be written between quotes as it is (no escapes needed).
    static func isPlain(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in s where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
        return true
    }
}
