/// The layout service of a build without the layout engine: every layout request is a
/// 500 `internal-error` saying so. Health, metrics and the spec work as usual.
public struct UnavailableLayoutService: LayoutService {
    public typealias Session = Never

    public init() {}

    static let problem = Problem.internalError("the layout engine is not available in this build of trellis")

    public func solve(document: [UInt8], space: FrameSpace) -> ServiceReply { .problem(Self.problem) }

    public func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Never?) {
        (.problem(Self.problem), nil)
    }

    public func read(session: inout Never, id: String, space: FrameSpace) -> ServiceReply {}
    public func edit(session: inout Never, id: String, edits: [UInt8], space: FrameSpace) -> ServiceReply {}
    public func weight(of session: Never) -> Int {}
}
