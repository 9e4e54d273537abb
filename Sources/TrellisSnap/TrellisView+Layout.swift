import Foundation
import Layout

// `layout()`: what `layoutIfNeeded()` is to UIKit. The tree becomes a layout document, the
// document is solved (in process with the Layout module, or by a server), and the frames
// and diagnostics come back the same way either way: through the answer's JSON text.

extension TrellisView {
    /// Lays out the whole tree this view belongs to, in process: fills every view's `frame`
    /// (and every guide's `layoutFrame`) and returns the diagnostics. Conflicts are also
    /// printed to standard error, as Auto Layout logs them.
    /// - Throws: `TrellisLayoutError` for an invalid layout (what the service answers 422)
    ///   or a DSL misuse SnapKit would trap on, each with the `file:line` of the call.
    @discardableResult
    public func layout() throws -> LayoutReport {
        try layout { bytes, context in
            switch decodeLayoutDocument(bytes) {
            case .failure(let problem): throw AnswerReader.error(problem, context: context)
            case .success(let document):
                switch LiveLayout.solve(document: document, space: .superview) {
                case .failure(let problem): throw AnswerReader.error(problem, context: context)
                case .success(let answer): return encodeLayoutAnswer(answer, includeRevision: false)
                }
            }
        }
    }

    /// The same as `layout()`, solved by the server `client` names (`POST /v1/layouts`).
    /// - Throws: `TrellisLayoutError` as `layout()` does; `TrellisClientError` when the
    ///   server cannot be reached or does not answer as Trellis does.
    @discardableResult
    public func layout(using client: TrellisClient) throws -> LayoutReport {
        try layout { bytes, context in
            let reply = try client.post(path: "v1/layouts", body: bytes)
            guard reply.status == 200 else { throw AnswerReader.error(status: reply.status, body: reply.body, context: context) }
            return reply.body
        }
    }

    /// The layout document `layout()` would solve, as JSON text (for the playground, `curl`,
    /// or a look at what SnapKit's calls became).
    public func layoutDocument() throws -> String {
        let (bytes, _) = try DocumentBuilder.build(root: root).get()
        return String(decoding: bytes, as: UTF8.self)
    }

    private func layout(_ solve: ([UInt8], DocumentContext) throws -> [UInt8]) throws -> LayoutReport {
        let (bytes, context) = try DocumentBuilder.build(root: root).get()
        let answer = try solve(bytes, context)
        let report = try AnswerReader.report(answer, context: context)
        apply(report.frames, context)
        if !report.conflictLog.isEmpty { ConflictLog.print(report.conflictLog) }
        return report
    }

    /// Frames into the views and added guides; the implicit guides follow their views.
    private func apply(_ frames: [String: CGRect], _ context: DocumentContext) {
        for item in context.views {
            guard let frame = frames[item.id] else { continue }
            if let view = item as? TrellisView {
                view.frame = frame
            } else if let guide = item as? TrellisLayoutGuide {
                guide.layoutFrame = frame
            }
        }
        for case let view as TrellisView in context.items { view.updateImplicitGuideFrames() }
    }
}
