#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
// The numbers of a layout document as raw JSON tokens, for a warm one-shot that changes only
// numbers (docs/api.md "Warm one-shots"): two bodies that are the same bytes outside their
// number tokens are the same document but for those numbers, so the kept layout's document
// is patched with the new values instead of reading the body again. Only numbers outside
// strings count; a key written with an escape, a number deeper than a view's frame or an
// intrinsic size, or in any other field (priorities, multipliers, margins, metrics) is
// `other`: a change there is read the general way.

/// Where a number token of a document goes.
enum NumberRole: Equatable {
    case frame(view: Int, FrameField)
    case intrinsic(view: Int, SizeAxis)
    /// A constraint object's constant `to`, `offset` or scalar `inset`.
    case to(constraint: Int), offset(constraint: Int), inset(constraint: Int)
    case other
}

/// A body's number tokens, found before it is read (`WarmLayout.retarget(body:)`).
public struct ScannedBody {
    let tokens: NumberTokens
    /// Equal for bodies that differ in number tokens alone.
    public var skeletonHash: Int { tokens.skeletonHash }
    public init?(_ body: UnsafeRawBufferPointer) {
        // The hash alone: the tokens of a body are kept only by a layout that keeps it.
        guard let tokens = NumberTokens(body, recording: false) else { return nil }
        self.tokens = tokens
    }
}

struct NumberTokens {
    /// Each number token's bytes, in order.
    var spans: [Range<Int>] = []
    var roles: [NumberRole] = []
    /// A hash of the bytes outside the number tokens.
    var skeletonHash = 0

    /// The tokens of `bytes`, a document that read without error; nil when it is not one
    /// object (then nothing is kept).
    init?(_ bytes: UnsafeRawBufferPointer, recording: Bool = true) {
        var scan = TokenScan(bytes: bytes, recording: recording)
        guard scan.run(into: &self) else { return nil }
    }

    /// The values of the tokens of `new` that differ from this document's (`old`), with
    /// the new tokens' spans; nil when anything but number tokens differs, a token is not a
    /// JSON number, or a changed one has the role `other`.
    func changes(from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer)
        -> (changed: [(token: Int, value: Double)], spans: [Range<Int>])? {
        var changed: [(token: Int, value: Double)] = [], newSpans: [Range<Int>] = []
        guard changes(from: old, to: new, into: &changed, spans: &newSpans) else { return nil }
        return (changed, newSpans)
    }

    /// `changes(from:to:)` into arrays the caller keeps from one body to the next (emptied
    /// here, their room kept: a warm one-shot allocated both for every request); false
    /// where that answers nil.
    func changes(from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer,
                 into changed: inout [(token: Int, value: Double)], spans newSpans: inout [Range<Int>]) -> Bool {
        changed.removeAll(keepingCapacity: true)
        newSpans.removeAll(keepingCapacity: true)
        guard let o = old.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let n = new.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        // Room for every token at once: grown from empty, it was allocated five times over
        // for a screen's changed numbers.
        changed.reserveCapacity(spans.count)
        newSpans.reserveCapacity(spans.count)
        var i = 0, j = 0
        for k in spans.indices {
            let span = spans[k]
            // Most tokens are unchanged: the bytes from the last token's end through this
            // one's compared in one call, and the token ends where the old one did.
            let run = span.upperBound - j
            if new.count - i >= run, memcmp(o + j, n + i, run) == 0,
               i + run == new.count || !NumberTokens.isNumberByte(n[i + run]) {
                newSpans.append(i + (span.lowerBound - j)..<i + run)
                i += run
                j = span.upperBound
                continue
            }
            let gap = span.lowerBound - j
            guard new.count - i >= gap, memcmp(o + j, n + i, gap) == 0 else { return false }
            i += gap
            let start = i
            while i < new.count, NumberTokens.isNumberByte(n[i]) { i += 1 }
            let length = i - start
            newSpans.append(start..<i)
            j = span.upperBound
            if length == span.count && memcmp(o + span.lowerBound, n + start, length) == 0 { continue }
            guard roles[k] != .other, length > 0 else { return false }
            var failAt = start
            guard let (value, next) = try? JSONNumber.scan(n, start, i, failAt: &failAt), next == i else { return false }
            changed.append((k, value))
        }
        let tail = old.count - j
        guard new.count - i == tail, memcmp(o + j, n + i, tail) == 0 else { return false }
        return true
    }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2B || b == 0x2E || b | 0x20 == 0x65
    }
}

/// One pass over a document's bytes: strings skipped whole, numbers recorded with the path
/// of keys and indices that leads to them (as far as a role needs).
private struct TokenScan {
    let bytes: UnsafeRawBufferPointer
    /// Open containers: whether an array, the index of the element being read, the key
    /// being read (a range of `bytes`, its quotes excluded; empty for none).
    var stack: [(array: Bool, index: Int, key: Range<Int>)] = []
    var hasher = Hasher()
    /// Whether spans and roles are kept (otherwise only the hash is made).
    let recording: Bool

    init(bytes: UnsafeRawBufferPointer, recording: Bool) { self.bytes = bytes; self.recording = recording }

    mutating func run(into tokens: inout NumberTokens) -> Bool {
        var i = 0
        var hashedTo = 0
        let count = bytes.count
        var expectKey = false
        var sawTop = false
        while i < count {
            let b = bytes[i]
            switch b {
            case 0x7B:  // {
                if stack.isEmpty { guard !sawTop else { return false }; sawTop = true }
                stack.append((false, 0, 0..<0)); expectKey = true; i += 1
            case 0x5B:  // [
                guard !stack.isEmpty else { return false }
                stack.append((true, 0, 0..<0)); expectKey = false; i += 1
            case 0x7D, 0x5D:  // } ]
                guard !stack.isEmpty else { return false }
                stack.removeLast(); expectKey = false; i += 1
            case 0x2C:  // ,
                guard let top = stack.last else { return false }
                if top.array { stack[stack.count - 1].index += 1 } else { expectKey = true }
                i += 1
            case 0x22:  // "
                let start = i + 1
                i = start
                while i < count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
                guard i < count else { return false }
                if expectKey, let top = stack.last, !top.array {
                    stack[stack.count - 1].key = start..<i
                    expectKey = false
                }
                i += 1
            default:
                if b == 0x2D || (b >= 0x30 && b <= 0x39) {
                    let start = i
                    while i < count, NumberTokens.isNumberByte(bytes[i]) { i += 1 }
                    hash(hashedTo..<start)
                    hashedTo = i
                    if recording {
                        tokens.spans.append(start..<i)
                        tokens.roles.append(role())
                    }
                } else {
                    i += 1
                }
            }
        }
        hash(hashedTo..<count)
        tokens.skeletonHash = hasher.finalize()
        return sawTop && stack.isEmpty
    }

    private mutating func hash(_ range: Range<Int>) {
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
        hasher.combine(0xFF as UInt8)  // where a number stood
    }

    /// Whether the key being read at `level` is `name` (as written: an escaped key is not).
    private func key(_ level: Int, is name: String) -> Bool {
        !stack[level].array && name.utf8.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[stack[level].key]))
    }

    private func role() -> NumberRole {
        guard stack.count >= 3, !stack[0].array, stack[1].array, !stack[2].array else { return .other }
        let element = stack[1].index
        if stack.count == 3, key(0, is: "constraints") {
            if key(2, is: "to") { return .to(constraint: element) }
            if key(2, is: "offset") { return .offset(constraint: element) }
            if key(2, is: "inset") { return .inset(constraint: element) }
            return .other
        }
        guard stack.count == 4, key(0, is: "views"), !stack[3].array else { return .other }
        if key(2, is: "frame") {
            for field in FrameField.allCases where key(3, is: field.rawValue) { return .frame(view: element, field) }
        } else if key(2, is: "intrinsicSize") {
            if key(3, is: "width") { return .intrinsic(view: element, .width) }
            if key(3, is: "height") { return .intrinsic(view: element, .height) }
        }
        return .other
    }
}
