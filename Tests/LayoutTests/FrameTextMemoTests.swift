// Session answers encoded through the frame-text memo are the answers encoded without it,
// whatever moved between them.
import Testing
@testable import Layout

@Suite struct FrameTextMemoTests {
    private func answer(_ frames: [(String, Rect)]) -> LayoutAnswer {
        LayoutAnswer(revision: 2, frames: frames.map { ViewFrame(id: $0.0, frame: $0.1) }, diagnostics: [],
                     stats: LayoutStats(views: frames.count, constraints: 0, solveMicros: 1))
    }

    /// A sequence of answers where some numbers move, some stay, the view count changes,
    /// and values of every shape (integers, decimals, long fractions, huge, -0) come and
    /// go in the same slots.
    @Test func memoAnswersEqualPlainAnswers() {
        let memo = FrameTextMemo()
        // Not-a-number and infinite values too (a solver overflow): the general path writes
        // them as null, and the memo's empty slots (a NaN's bits, no text) must not match.
        let shapes: [Double] = [0, -0.0, 8, -16, 12.5, 79.75, 0.000001, 1.0 / 3, 1e19, 123456789.5, -2.0 / 3,
                                .nan, Double(bitPattern: Double.nan.bitPattern), .infinity, -.infinity,
                                99.99999999997, -1e-9, 100]  // solver noise, cleaned when written
        var rng = SystemRandomNumberGenerator()
        var frames: [(String, Rect)] = (0..<20).map { ("v\($0)", Rect(x: 0, y: Double($0) * 44, width: 60, height: 44)) }
        frames[3].1.x = .nan  // in the very first answer, against the fresh memo's empty slots
        // Ids the prefix slots cannot hold (long), or that need escaping, or are not ASCII.
        frames += [(String(repeating: "long", count: 12), Rect(x: 1, y: 1, width: 1, height: 1)),
                   (String(repeating: "x", count: 47), Rect(x: 2, y: 2, width: 2, height: 2)),
                   ("q\"uote", Rect(x: 3, y: 3, width: 3, height: 3)), ("é中", Rect(x: 4, y: 4, width: 4, height: 4))]
        for step in 0..<300 {
            // Move a few numbers; now and then add or drop a view.
            for _ in 0..<3 {
                let i = Int.random(in: frames.indices, using: &rng)
                let value = shapes.randomElement(using: &rng) ?? 0
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: frames[i].1.x = value
                case 1: frames[i].1.y = value
                case 2: frames[i].1.width = value
                default: frames[i].1.height = value
                }
            }
            if step % 37 == 0 { frames.append(("w\(step)", Rect(x: 1, y: 2, width: 3, height: 4))) }
            if step % 53 == 0, frames.count > 1 { frames.removeFirst() }
            let a = answer(frames)
            let plain = String(decoding: encodeSessionAnswer(a, id: "s"), as: UTF8.self)
            #expect(String(decoding: encodeSessionAnswer(a, id: "s", memo: memo), as: UTF8.self) == plain, "step \(step)")
        }
    }

    /// Frames are written cleaned of solver noise, through the memo or not, and only a
    /// size that is negative once cleaned is flagged.
    @Test func noiseIsCleanedWhenWritten() {
        let noisy = answer([("a", Rect(x: 99.99999999997, y: -1e-9, width: -1e-9, height: 20.000000000001)),
                            ("b", Rect(x: 0, y: 0, width: -2, height: 1))])
        let memo = FrameTextMemo()
        for bytes in [encodeSessionAnswer(noisy, id: "s"), encodeSessionAnswer(noisy, id: "s", memo: memo),
                      encodeSessionAnswer(noisy, id: "s", memo: memo)] {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(#""a":{"x":100,"y":0,"width":0,"height":20}"#), "\(text)")
        }
        let flagged = LiveLayout.negativeSizeDiagnostic(noisy.frames)
        #expect(flagged?.views.map(\.id) == ["b"])
    }

    /// A live layout's edits: every answer written from its snapshot, or through the memo,
    /// equals the plain encoding of the answer, negative-size warning included.
    @Test func liveEditsThroughTheMemo() throws {
        let views = [view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root"), view("b", in: "root")]
        let layout = try build(document(views, [
            make("a", attrs("edges"), .equal, superview(), inset: .scalar(10)),
            make("b", attrs("top"), .equal, item("a", "bottom")),
            make("b", attrs("leading"), .equal, item("a", "leading")),
            make("b", attrs("size"), .equal, .constant(.size(width: 50.5, height: 20))),
        ]))
        _ = encodeSessionAnswer(layout.answer(), id: "s", memo: layout.frameText)
        var sawNegative = false
        for (k, width) in [320.0, 321.25, 321.25, 100, 1.0 / 3, 400].enumerated() {
            guard case .success(let snapshot) = layout.applySnapshot(batch(.setFrame(view: "root", frame: rect(0, 0, width, 400))))
            else { Issue.record("edit \(k) failed"); return }
            let answer = snapshot.answer()
            sawNegative = sawNegative || answer.diagnostics.contains { $0.code == .negativeSize }
            let plain = encodeSessionAnswer(answer, id: "s")
            // What the server sends: written from the snapshot in place, through the memo.
            #expect(encodeSessionAnswer(snapshot, id: "s", space: .superview, memo: layout.frameText) == plain, "edit \(k)")
            #expect(encodeSessionAnswer(answer, id: "s", memo: layout.frameText) == plain, "edit \(k)")
            #expect(encodeSessionAnswer(snapshot, id: "s", space: .root, memo: nil)
                    == encodeSessionAnswer(snapshot.answer(space: .root), id: "s"), "edit \(k)")
        }
        #expect(sawNegative, "a root 1/3 wide leaves a negative width inside its insets")
    }

    /// The memo copies id prefixes without reading ids while the view tree's ids are the
    /// ones it wrote them from. Edits that swap one view for another (same count, another
    /// id in the same place), and ids the slots cannot hold, must still answer right.
    @Test func viewSwapsThroughTheMemo() throws {
        let layout = try build(document([view("root", frame: rect(0, 0, 400, 400)), view("a", in: "root", frame: rect(1, 2, 3, 4)),
                                          view("b", in: "root", frame: rect(5, 6, 7, 8))], []))
        let steps: [EditBatch] = [
            batch(.setFrame(view: "root", frame: rect(0, 0, 300, 400))),
            batch(.setFrame(view: "root", frame: rect(0, 0, 301, 400))),  // prefixes current
            batch(.removeViews(ids: ["b"]), .addViews([view("c", in: "root", frame: rect(9, 9, 9, 9))])),
            batch(.setFrame(view: "root", frame: rect(0, 0, 302, 400))),
            batch(.removeViews(ids: ["c"]), .addViews([view("q\"uote", in: "root", frame: rect(1, 1, 1, 1))])),
            batch(.setFrame(view: "root", frame: rect(0, 0, 303, 400))),
            batch(.removeViews(ids: ["q\"uote"]), .addViews([view("d", in: "root", frame: rect(2, 2, 2, 2))])),
            batch(.setFrame(view: "root", frame: rect(0, 0, 304, 400))),
            batch(.setFrame(view: "root", frame: rect(0, 0, 305, 400))),
        ]
        for (k, step) in steps.enumerated() {
            guard case .success(let snapshot) = layout.applySnapshot(step) else { Issue.record("edit \(k) failed"); return }
            let plain = String(decoding: encodeSessionAnswer(snapshot.answer(), id: "s"), as: UTF8.self)
            let memo = String(decoding: encodeSessionAnswer(snapshot, id: "s", space: .superview, memo: layout.frameText),
                              as: UTF8.self)
            #expect(memo == plain, "edit \(k)")
        }
    }
}
