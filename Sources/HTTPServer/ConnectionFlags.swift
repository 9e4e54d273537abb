/// The facts of a connection besides its `State`, one bit each (as libuv's handles keep
/// their `flags`): `Connection.flags`.
struct ConnectionFlags: OptionSet {
    let rawValue: UInt16
    /// Counted against `maxConnections` (rejected connections are not).
    static let admitted = ConnectionFlags(rawValue: 1 << 0)
    /// The remote address has been read (`remoteAddress`, once, when the first request needs it).
    static let remoteAddressLoaded = ConnectionFlags(rawValue: 1 << 1)
    /// A request has started (first byte parsed) and is not complete.
    static let inMessage = ConnectionFlags(rawValue: 1 << 2)
    /// Inside llhttp_execute: answers given now are written after it returns,
    /// so all answers to one read go out in one write.
    static let inParse = ConnectionFlags(rawValue: 1 << 3)
    /// No further request will be parsed (a close is coming).
    static let stopParsing = ConnectionFlags(rawValue: 1 << 4)
    /// uv_read_start is in effect.
    static let reading = ConnectionFlags(rawValue: 1 << 5)
    /// Parsing is paused for back-pressure (llhttp paused; `heldInput` holds the rest).
    static let parsingHeld = ConnectionFlags(rawValue: 1 << 6)
    /// Inside `resumeHeldInput` (which loops; calls from within do nothing).
    static let resuming = ConnectionFlags(rawValue: 1 << 7)
    /// Request bytes may be left unread when we close (an error answer, or
    /// bytes after a closing request): then closing must linger, because
    /// closing with unread data sends a reset that can destroy our last
    /// answer before the client reads it. A clean close does not wait.
    static let lingerNeeded = ConnectionFlags(rawValue: 1 << 8)
    /// The client closed its sending side (EOF seen): nothing more to read.
    static let peerClosed = ConnectionFlags(rawValue: 1 << 9)
    /// Our shutdown completed: every queued write reached the socket.
    static let shutdownDone = ConnectionFlags(rawValue: 1 << 10)
    /// Queued by the loop to be flushed after a batch of cross-thread answers.
    static let needsFlush = ConnectionFlags(rawValue: 1 << 11)
}
