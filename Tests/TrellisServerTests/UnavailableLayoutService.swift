import Layout
import TrellisServer

/// The layout service of a build without the layout engine: every layout request is a
/// 500 `internal-error` saying so. Health, metrics and the spec work as usual.
struct UnavailableLayoutService: LayoutService {
    typealias Session = Never

    init() {}

    static let problem = Problem.internalError("the layout engine is not available in this build of trellis")

    func solve(document: [UInt8], space: FrameSpace) -> ServiceReply { .problem(Self.problem) }

    func createSession(id: String, document: [UInt8], space: FrameSpace) -> (reply: ServiceReply, session: Never?) {
        (.problem(Self.problem), nil)
    }

    func read(session: inout Never, id: String, space: FrameSpace) -> ServiceReply {}
    func edit(session: inout Never, id: String, edits: [UInt8], space: FrameSpace) -> ServiceReply {}
    func weight(of session: Never) -> Int {}
}
