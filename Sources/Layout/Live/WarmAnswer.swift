/// A warm one-shot's answer (`WarmLayout.Outcome.answered`): the layout as its batch left it,
/// written straight from the solved values with the kept layout's memo of number texts, as a
/// session's edit answers are (`encodeSessionAnswer(_:id:space:memo:)`); byte for byte what
/// the cold answer encodes to.
public struct WarmAnswer {
    let snapshot: AnswerSnapshot
    let space: FrameSpace
    let memo: FrameTextMemo

    /// The answer as a value (frames in `space`, diagnostics, stats).
    public var answer: LayoutAnswer { snapshot.answer(space: space) }

    /// The answer's JSON, as `encodeLayoutAnswer(answer, includeRevision: false)` writes it.
    public func encoded() -> [UInt8] { encodeLayoutAnswer(snapshot, space: space, memo: memo) }
}
