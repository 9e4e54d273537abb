// A small, fast JSON writer appending UTF-8 to a byte array: the answer encoder's tool.
// Commas are placed by one flag rather than a container stack: after any complete value
// the next value or key needs a comma; opening a container or writing a key clears it.
// The writer trusts its caller to nest correctly (it is driven by code, not input).

public struct JSONWriter: Sendable {
    public var bytes: [UInt8]
    private var needsComma = false

    /// A first allocation that holds a typical answer of `frames` frames (about 50 bytes
    /// each, plus the diagnostics and stats of a layout without conflicts): small layouts'
    /// answers stay in one block under glibc's 1 KB per-thread cache limit.
    public static func answerCapacity(frames: Int) -> Int { 192 + 64 * frames }

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: containers

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// A member name known at compile time to need no escaping (`"frames"`, `"x"`).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Any member name (escaped as needed), e.g. a view id used as a key.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: scalars

    public mutating func null() { separate(); append("null"); needsComma = true }
    public mutating func bool(_ value: Bool) { separate(); append(value ? "true" : "false"); needsComma = true }

    public mutating func int(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// A number, shortest round-trip form; integral values without ".0". JSON has no
    /// infinity or NaN: those are written as null (the server only produces finite ones).
    public mutating func number(_ value: Double) {
        separate()
        needsComma = true
        if !value.isFinite { append("null"); return }
        let written: Bool = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RawFormatter.maxNumberBytes) { scratch in
            guard let base = scratch.baseAddress else { return false }
            var f = RawFormatter(base)
            guard f.number(value) else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: f.count))
            return true
        }
        guard !written else { return }
        // Swift's description is the shortest representation that round-trips, and its
        // forms (1.5, 1e-07, 1.5e+300) are all valid JSON numbers.
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `"id":{"x":…,"y":…,"width":…,"height":…}`, an answer's frame member (see
    /// `frameMembers`).
    public mutating func frameMember(id: String, x: Double, y: Double, width: Double, height: Double) {
        frameMembers([ViewFrame(id: id, frame: Rect(x: x, y: y, width: width, height: height))])
    }

    /// The members of an answer's `frames` object (the hot path of every answer): formatted
    /// into scratch memory and appended a chunk at a time, so a 100-view answer costs no
    /// per-frame append. Numbers are cleaned as they are written (`FrameList`). A frame whose
    /// id needs escaping or is long, or with a number that is not finite, takes the general
    /// path. With a memo's slots (see `FrameTextMemo`), the id prefixes and numbers the memo
    /// holds are copied rather than formatted.
    mutating func frameMembers<Frames: FrameList>(_ frames: Frames, memo: FrameTextMemo.Slots? = nil) {
        let current = memo?.prefixesCurrent == true
        // With current prefixes every frame's prefix is copied from its slot, eight words
        // whatever its length: no id needs reading.
        var longest = current ? 64 + RawFormatter.frameMemberRoom : 0
        for k in 0..<frames.count where !current {
            // Longer ids never take the fast path (they are written the general way, straight
            // into `bytes`): scratch room for them would be allocated for nothing.
            let room = min(frames.id(k).utf8.count, RawFormatter.longestFastID) + RawFormatter.frameMemberRoom
            longest = max(longest, room)
        }
        // Room for typical frames and the rest of the answer, not for the worst case: an
        // answer's first allocation (`JSONWriter.answerCapacity`) already holds this much, and
        // a second, bigger block would cost glibc a consolidation of its fast bins (a block
        // over 1 KB comes from the large bins), dearer than the growth it saves.
        bytes.reserveCapacity(bytes.count + JSONWriter.answerCapacity(frames: frames.count) - 64)
        // Room for the longest possible text of each frame in a chunk; a frame that needs the
        // general path ends its chunk's fast run, and the next chunk starts after it. A chunk
        // fits in 1 KB, which Swift takes from the stack: a bigger scratch came from the heap,
        // a glibc large-bin block whose consolidation cost more than the appends it saved.
        let chunk = max(1, 1024 / max(longest, 1))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk * longest) { scratch in
            guard let base = scratch.baseAddress else { return }
            var next = 0
            while next < frames.count {
                let chunkEnd = min(frames.count, next + chunk)
                var f = RawFormatter(base)
                var stopped = chunkEnd
                for k in next..<chunkEnd {
                    let mark = f.count
                    if needsComma || k > next { f.byte(UInt8(ascii: ",")) }
                    let written = if current, let memo { f.memoFrameMember(frames.rect(k), memo: memo, k) }
                                  else { f.frameMember(frames, k, memo: memo) }
                    guard written else {
                        f.rewind(to: mark)
                        stopped = k
                        break
                    }
                }
                if f.count > 0 {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: f.count))
                    needsComma = true
                }
                guard stopped < chunkEnd else {
                    next = chunkEnd
                    continue
                }
                let frame = frames.rect(stopped)
                key(frames.id(stopped))
                beginObject()
                field("x", NumberFormat.clean(frame.x)); field("y", NumberFormat.clean(frame.y))
                field("width", NumberFormat.clean(frame.width)); field("height", NumberFormat.clean(frame.height))
                endObject()
                next = stopped + 1
            }
        }
    }

    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { appendEscaped($0) }
        needsComma = true
    }

    /// A JSON text written elsewhere (trusted to be one whole value), as the next value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: conveniences for members

    public mutating func field(_ name: StaticString, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    /// A string or null.
    public mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    // MARK: internals

    @inline(__always) private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    @inline(__always) private mutating func append(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private mutating func appendInteger(_ value: Int64) {
        if value >= 0 && value < 10 { bytes.append(UInt8(48 + value)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RawFormatter.maxNumberBytes) { scratch in
            guard let base = scratch.baseAddress else { return }
            var f = RawFormatter(base)
            f.integer(value)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: f.count))
        }
    }

    private mutating func appendEscaped(_ s: UnsafeBufferPointer<UInt8>) { JSONEscape.appendQuoted(s, to: &bytes) }
}

/// The one JSON string escaper: every JSON text the project writes quotes strings here.
public enum JSONEscape {
    /// Quoted and escaped: `"` `\` and control characters; every other byte is copied as is
    /// (a Swift String is valid UTF-8). Runs of plain bytes go in one append.
    public static func appendQuoted(_ s: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for k in 0..<s.count {
            let b = s[k]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            if runStart < k { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<k])) }
            runStart = k + 1
            bytes.append(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                bytes.append(UInt8(ascii: "u")); bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "0"))
                bytes.append(hex.utf8Start[Int(b >> 4)])
                bytes.append(hex.utf8Start[Int(b & 0xF)])
            }
        }
        if runStart < s.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<s.count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    public static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendQuoted($0, to: &bytes) }
    }
}
