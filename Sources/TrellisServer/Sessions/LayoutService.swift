import Storage
import Layout
import Platform

extension FrameSpace {
    /// From a query string; nil (400 `bad-request`) for a `space` other than `root`.
    /// Other parameters are ignored.
    public init?(query: String) {
        self = .superview
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv[0] == "space" else { continue }
            guard kv.count == 2, kv[1] == "root" else { return nil }
            self = .root
        }
    }
}

/// `?frames=`: every frame (`all`, the default) or only those an edits batch moved
/// (`changed`, docs/api.md §4.4).
public enum FrameSelection: Sendable {
    case all, changed

    /// From a query string; nil (400 `bad-request`) for another value. Other parameters are ignored.
    public init?(query: String) {
        self = .all
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv[0] == "frames" else { continue }
            guard kv.count == 2 else { return nil }
            switch kv[1] {
            case "all": self = .all
            case "changed": self = .changed
            default: return nil
            }
        }
    }
}

/// What the layout side answers: a status and a body (a JSON answer, or a problem),
/// and the solver's time if it solved.
///
/// A session's answer may be encoded later (`encodeLater`): the service then hands over
/// a value copy of the answer, and the server encodes it after the session's lock is
/// released, so requests for one session spend only the edit itself in that lock.
public struct ServiceReply: Sendable {
    public var status: Int
    public var contentType: String
    public var solveNanos: UInt64?
    /// Refused for running out of its time budget (`too-complex`): an attempt made with a
    /// short budget on an event loop is made again, with the whole budget, on the pool.
    public var outOfTime = false
    private var encoded: [UInt8]
    private var encodeLater: (@Sendable () -> [UInt8])?
    /// A refusal, kept as a value until it is sent: the server fills in its `instance`.
    public var problem: Problem?

    public init(status: Int, contentType: String, body: [UInt8], solveNanos: UInt64? = nil) {
        self.status = status; self.contentType = contentType; self.encoded = body; self.solveNanos = solveNanos
    }

    /// The body, encoding it now if it was deferred.
    public var body: [UInt8] { problem?.encoded() ?? encodeLater?() ?? encoded }

    public static func json(_ status: Int, _ body: [UInt8], solveNanos: UInt64? = nil) -> ServiceReply {
        ServiceReply(status: status, contentType: "application/json", body: body, solveNanos: solveNanos)
    }

    /// A JSON answer whose bytes `encode` makes when the body is read.
    public static func json(_ status: Int, solveNanos: UInt64? = nil,
                            encodeLater encode: @escaping @Sendable () -> [UInt8]) -> ServiceReply {
        var reply = ServiceReply(status: status, contentType: "application/json", body: [], solveNanos: solveNanos)
        reply.encodeLater = encode
        return reply
    }

    public static func problem(_ problem: Problem) -> ServiceReply {
        var reply = ServiceReply(status: problem.status, contentType: Problem.mediaType, body: [])
        reply.problem = problem
        return reply
    }
}

/// The layout-facing half of the server: everything that reads layout documents and
/// edit batches and solves them. The HTTP half (routing, content types, body limits,
/// CORS, sessions' ids, locking and eviction, metrics, logs) is `TrellisApp`'s.
///
/// Bodies arrive as raw bytes, already checked to be `application/json` and within
/// `maxBodyBytes`. Calls may come from any thread; calls for one session never overlap
/// (the store serialises them). Every method answers a complete reply, including
/// problems (400/409/413/422) for bad requests; a refused request must leave the
/// session exactly as it was.
public protocol LayoutService: Sendable {
    associatedtype Session
    /// An edits body as `edit` takes it, made by `prepareEdits` before the session's lock
    /// is taken: decoding needs nothing of the session, so it need not hold other
    /// requests for the same session back. The default keeps the raw bytes.
    associatedtype Edits: Sendable = [UInt8]

    /// `POST /v1/layouts`: the answer (200) or a problem.
    func solve(document: [UInt8], space: FrameSpace) -> ServiceReply

    /// `solve` within `seconds` of solving (a short first attempt on an event loop),
    /// stopping early once `stop` says the answer is no longer wanted (its client has
    /// gone). The default ignores both.
    func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool) -> ServiceReply

    /// `POST /v1/layouts` answered by a layout kept from an earlier one-shot whose body differs
    /// from `document` in numbers alone (docs/api.md "Warm one-shots"), without reading it.
    /// Tried first, on the event loop, before the body's size is estimated: such an answer costs
    /// the numbers it changes. A kept layout of more than `maxViews` views is left to `solve`
    /// (big layouts are solved on the pool). The default tries nothing.
    func solveByNumbers(document: [UInt8], space: FrameSpace, maxViews: Int, seconds: Double,
                        stop: @escaping @Sendable () -> Bool) -> ByNumbers

    /// `solve`, after `solveByNumbers` answered `byNumbers` for the same body (not repeated).
    func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool,
               after byNumbers: ByNumbers) -> ServiceReply

    /// `POST /v1/sessions`: a new session under `id`, and its answer, which must contain
    /// `"id"` and `"revision"`. The status of the reply is ignored when a session is
    /// returned (the server answers 201 with `Location`); without a session the reply is
    /// the problem answered.
    func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Session?)

    /// `createSession` within `seconds` of solving, stopping early (no session made) once
    /// `stop` says the answer is no longer wanted. The default ignores both.
    func createSession(id: String, document: [UInt8], space: FrameSpace, seconds: Double,
                       stop: @escaping @Sendable () -> Bool) -> (reply: ServiceReply, session: Session?)

    /// `GET /v1/sessions/{id}`: the answer plus `"id"` and `"document"`. (The session is
    /// `inout` because a sleeping one is woken to answer.)
    func read(session: inout Session, id: String, space: FrameSpace) -> ServiceReply

    /// Reads an edits body without the session: the edits, or the problem to answer
    /// (a body that is not an edits batch).
    func prepareEdits(_ body: [UInt8]) -> Result<Edits, ProblemReply>

    /// `POST /v1/sessions/{id}/edits`: applies the batch atomically; the answer with
    /// `"revision"`, or a problem (and then the session is unchanged).
    func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace) -> ServiceReply

    /// `edit`, stopping early (refused `too-complex`, the session unchanged) once `stop`
    /// says the client has gone. The default ignores `stop`.
    func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace,
              stop: @escaping @Sendable () -> Bool) -> ServiceReply

    /// `edit`, answering only the frames the batch moved when `changedFramesOnly`
    /// (`?frames=changed`). The default answers every frame.
    func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace, changedFramesOnly: Bool,
              stop: @escaping @Sendable () -> Bool) -> ServiceReply

    /// The number of views of a session: above `bigSolveThreshold` its requests run on
    /// the worker pool.
    func weight(of session: Session) -> Int

    /// A quick estimate of the views in a document body, before parsing it (the same
    /// purpose). The default counts `"id"` keys.
    func estimatedViews(document: [UInt8]) -> Int

    /// Puts a session that has not been used for a while into a compact form, which the
    /// other methods wake when they need it (see `Hibernation`). Answers what the session
    /// let go of, for the server to free where it holds nobody up; nil if it cannot sleep.
    /// The default cannot.
    func sleep(_ session: inout Session) -> Released?

    /// Whether the session is asleep (for the counters). The default: never.
    func isAsleep(_ session: Session) -> Bool

    /// Appends the service's own metrics (Prometheus text) to `/metrics`. The default: none.
    func renderMetrics(_ out: inout String)

    /// What the last request (create or edit) did to the session's history, taken once, for
    /// the durable store (docs/durability.md). The default: nothing (no history kept).
    func takeWrites(_ session: inout Session) -> [JournalWrite]

    /// A session the store knows from before a restart, to be woken from the store on its
    /// first request; nil if this service cannot (the default).
    func storedSession(_ stored: StoredSession, store: JournalStore) -> Session?

    /// A session taken over from a fleet's store (docs/fleet.md), asleep as the history
    /// read there, to be rebuilt by its first request; nil if this service cannot (the
    /// default) or the records are not a history.
    func takenOverSession(records: [StoredRecord]) -> Session?
}

extension LayoutService {
    public func renderMetrics(_ out: inout String) {}

    public func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace, changedFramesOnly: Bool,
                     stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        edit(session: &session, id: id, edits: edits, space: space, stop: stop)
    }
    public func estimatedViews(document: [UInt8]) -> Int { DocumentEstimate.countIDKeys(document) }
    public func sleep(_ session: inout Session) -> Released? { nil }
    public func isAsleep(_ session: Session) -> Bool { false }
    public func takeWrites(_ session: inout Session) -> [JournalWrite] { [] }
    public func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        solve(document: document, space: space)
    }
    public func solveByNumbers(document: [UInt8], space: FrameSpace, maxViews: Int, seconds: Double,
                               stop: @escaping @Sendable () -> Bool) -> ByNumbers { .notTried }
    public func solve(document: [UInt8], space: FrameSpace, seconds: Double, stop: @escaping @Sendable () -> Bool,
                      after byNumbers: ByNumbers) -> ServiceReply {
        solve(document: document, space: space, seconds: seconds, stop: stop)
    }
    public func createSession(id: String, document: [UInt8], space: FrameSpace, seconds: Double,
                              stop: @escaping @Sendable () -> Bool) -> (reply: ServiceReply, session: Session?) {
        createSession(id: id, document: document, space: space)
    }
    public func edit(session: inout Session, id: String, edits: Edits, space: FrameSpace,
                     stop: @escaping @Sendable () -> Bool) -> ServiceReply {
        edit(session: &session, id: id, edits: edits, space: space)
    }
    public func storedSession(_ stored: StoredSession, store: JournalStore) -> Session? { nil }
    public func takenOverSession(records: [StoredRecord]) -> Session? { nil }
}

/// What `LayoutService.solveByNumbers` made of a one-shot body.
public enum ByNumbers: Sendable {
    case answered(ServiceReply)
    /// A kept layout holds this body's document but does not answer it warm (a diagnostic,
    /// a refusal): solve it cold, and keep no other layout for it.
    case declined
    /// No kept layout's body differs from it in numbers alone.
    case notByNumbers
    /// Not looked for (no kept layouts, or one too big for the event loop).
    case notTried
}

/// What a session let go of when it went to sleep. Freeing a big layout takes a while, so
/// for a big session the server lets the last reference go on a worker thread rather than
/// on an event loop (see `ReleaseBox`).
public struct Released: @unchecked Sendable {
    let object: AnyObject
    public init(_ object: AnyObject) { self.object = object }
}

/// Holds the only reference to what a sleeping session let go of, until `empty` is called
/// on the thread that should free it.
final class ReleaseBox: @unchecked Sendable {
    private let lock = Lock()
    private var content: Released?
    init(_ content: consuming Released) { self.content = content }
    func empty() {
        let taken = lock.withLock { () -> Released? in
            defer { content = nil }
            return content
        }
        _ = taken  // the last reference goes here, outside the lock
    }
}

extension LayoutService where Edits == [UInt8] {
    public func prepareEdits(_ body: [UInt8]) -> Result<[UInt8], ProblemReply> { .success(body) }
}

/// A problem reply as the failure of a `Result` (`ServiceReply` itself is no `Error`).
public struct ProblemReply: Error, Sendable {
    public let reply: ServiceReply
    public init(_ reply: ServiceReply) { self.reply = reply }
}

public enum DocumentEstimate {
    /// Occurrences of `"id"` followed by optional whitespace and a colon: each view has
    /// one (constraints with ids count too, which only overestimates). Counted as a reader
    /// going from quote to quote would count them, resuming after each `"id"` and the white
    /// space behind it; found from their `d`, which is about ten times rarer in a layout than a
    /// quote, eight bytes at a time.
    public static func countIDKeys(_ body: [UInt8]) -> Int {
        let quote = UInt8(ascii: "\""), i = UInt8(ascii: "i"), d = UInt8(ascii: "d"), colon = UInt8(ascii: ":")
        var count = 0
        var resume = 0  // the first place a key may start: after the last one and its white space
        var p = 2  // the place of a key's `d`: two after its start
        let n = body.count
        body.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101, ds = ones &* UInt64(d)
            while p + 1 < n {
                // To the next `d`: a byte of `v ^ ds` is zero exactly where a `d` is, and the
                // lowest byte the test marks is the first zero.
                while p + 8 <= n {
                    let v = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)) ^ ds
                    let marks = (v &- ones) & ~v & (ones &* 0x80)
                    if marks != 0 { p += marks.trailingZeroBitCount >> 3; break }
                    p += 8
                }
                guard p + 1 < n else { break }
                let start = p - 2
                if b[p] == d && start >= resume && b[start] == quote && b[start + 1] == i && b[p + 1] == quote {
                    var j = p + 2
                    while j < n, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0a || b[j] == 0x0d { j += 1 }
                    if j < n, b[j] == colon { count += 1 }
                    resume = j
                }
                p += 1
            }
        }
        return count
    }
}
