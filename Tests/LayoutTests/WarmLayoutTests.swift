// A warm one-shot (`WarmLayout`, docs/api.md "Warm one-shots") answers byte for byte what a
// cold solve of the same document answers. Random documents (every kind of constraint,
// conflicts and ambiguity included), each followed by random changes of its numbers (frames,
// intrinsic sizes, constants, offsets, insets), each answer compared with a cold solve's.
import Foundation
import TestSupport
import Testing
@testable import Layout

@Suite struct WarmLayoutTests {
    static let documents = ProcessInfo.processInfo.environment["TRELLIS_WARM_DOCUMENTS"].flatMap(Int.init) ?? 400

    /// Random documents: nearly all are ambiguous or conflicting (the generator means them to
    /// be), so they are declined; any one answered must be the cold answer, and the layout
    /// must go on holding its document after declines.
    @Test func randomDocumentsAnswerTheColdAnswer() {
        var tally = Tally()
        for seed in UInt64(1)...UInt64(Self.documents) {
            var history = SessionHistories(seed: seed)
            let json = history.document()
            guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)) else { continue }
            tally.run(document, name: "seed \(seed)", rounds: 8, seed: seed)
            if tally.failures.count >= 3 { break }
        }
        #expect(tally.failures.isEmpty, Comment(rawValue: tally.failures.joined(separator: "\n\n")))
        #expect(tally.declined > 0, "too little covered: \(tally)")
    }

    /// Random screens that determine every frame (rows and cards of constants, offsets,
    /// insets, multipliers, optional priorities and intrinsic sizes): answered warm nearly
    /// always, byte for byte the cold answer.
    @Test func randomScreensAnswerTheColdAnswerWarm() {
        var tally = Tally()
        for seed in UInt64(1)...UInt64(Self.documents / 2) {
            var rng = SplitMix(state: seed)
            let json = Self.randomScreen(&rng)
            guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)) else {
                tally.failures.append("seed \(seed): refused \(json)")
                break
            }
            tally.run(document, name: "screen \(seed)", rounds: 6, seed: seed)
            if tally.failures.count >= 3 { break }
        }
        #expect(tally.failures.isEmpty, Comment(rawValue: tally.failures.joined(separator: "\n\n")))
        #expect(tally.answered * 10 >= tally.rounds * 8 && tally.declinedClean * 50 <= tally.rounds, "\(tally)")
    }

    /// A screen whose every frame is determined: each view placed in its superview (the root,
    /// or an earlier view) horizontally and vertically one of several ways SnapKit users write.
    static func randomScreen(_ rng: inout SplitMix) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
        func n() -> Int { Int.random(in: 0...40, using: &rng) }
        var views = [#"{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}"#]
        var constraints: [String] = []
        let count = Int.random(in: 2...12, using: &rng)
        for k in 1...count {
            let id = "v\(k)", sup = k > 2 && Bool.random(using: &rng) ? "v\(Int.random(in: 1..<k, using: &rng))" : "root"
            let intrinsic = Bool.random(using: &rng)
            views.append(#"{"id": "\#(id)", "superview": "\#(sup)""#
                         + (intrinsic ? #", "intrinsicSize": {"width": \#(n() + 20), "height": \#(n() + 10)}"# : "") + "}")
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: constraints.append(#"{"view": "\#(id)", "attributes": "edges", "to": "superview", "inset": \#(n())}"#)
            case 1: constraints.append(#"{"view": "\#(id)", "attributes": ["leading", "trailing"], "to": "superview", "inset": {"top": 0, "leading": \#(n()), "bottom": 0, "trailing": \#(n())}}"#)
            case 2:
                constraints.append("\(id).centerX == superview.centerX + \(n())")
                constraints.append("\(id).width == superview.width * \(pick(["0.5", "0.6", "0.3333", "1"])) - \(n())")
            default:
                constraints.append("\(id).leading == superview.leading + \(n())")
                constraints.append(intrinsic ? "\(id).trailing <= superview.trailing - \(n()) @\(pick([750, 999]))"
                                             : "\(id).width == \(n() + 10)")
            }
            if constraints.last?.contains("edges") == true { continue }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: constraints.append("\(id).top == superview.top + \(n())")
            case 1: constraints.append(#"{"view": "\#(id)", "attributes": "centerY", "to": "superview", "offset": \#(n() - 20)}"#)
            default: constraints.append("\(id).top == superview.top + \(n()) @\(pick([250, 500, 750]))")
            }
            if !intrinsic { constraints.append(#"{"view": "\#(id)", "attributes": "height", "to": \#(n() + 1)}"#) }
        }
        return #"{"direction": "\#(pick(["ltr", "rtl"]))", "views": [\#(views.joined(separator: ", "))], "constraints": [\#(constraints.map { $0.hasPrefix("{") ? $0 : "\"\($0)\"" }.joined(separator: ", "))]}"#
    }

    /// Screens as people write them (composites, intrinsic sizes, multipliers, priorities,
    /// right-to-left): nearly every round is answered warm, each the cold answer.
    @Test func screensAnswerTheColdAnswerWarm() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/screens")
        var tally = Tally()
        for (k, name) in ["stack", "signin", "cards", "list"].enumerated() {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".json")))
            let document = try #require(try? decodeLayoutDocument(bytes).get())
            tally.run(document, name: name, rounds: 150, seed: UInt64(k + 1))
        }
        #expect(tally.failures.isEmpty, Comment(rawValue: tally.failures.joined(separator: "\n\n")))
        #expect(tally.answered >= 250 && tally.declinedClean * 50 <= tally.rounds, "\(tally)")
    }

    /// Bodies that differ in JSON number tokens alone are answered without being read
    /// (`retarget(body:)`, the kept document patched), byte for byte what a cold solve of
    /// the body answers; a change of another number (a priority) is not taken that way.
    @Test func bodiesChangedInNumbersAloneAnswerTheColdAnswer() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/screens")
        var sources: [String] = try ["stack", "signin", "cards", "list"].map {
            try String(contentsOf: folder.appendingPathComponent($0 + ".json"), encoding: .utf8)
        }
        var rng = SplitMix(state: 99)
        for _ in 0..<150 { sources.append(Self.randomScreen(&rng)) }
        var answered = 0, notByNumbers = 0, declined = 0, rounds = 0
        var failures: [String] = []
        for (k, source) in sources.enumerated() {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(source.utf8)) as? [String: Any])
            func body() throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) }
            let first = try body()
            guard case .success(let document) = decodeLayoutDocument(first), let warm = WarmLayout.make(document: document, body: first)
            else { continue }
            for round in 0..<(k < 4 ? 60 : 6) {
                Self.changeNumbers(&object, &rng, priorityToo: round % 13 == 12)
                let next = try body()
                rounds += 1
                let expected = cold(try #require(try? decodeLayoutDocument(next).get()))
                switch warm.retarget(body: next, limits: .standard) {
                case .answered(let answer)?:
                    answered += 1
                    if encoded(answer) != expected {
                        failures.append("source \(k) round \(round):\n  warm \(String(decoding: encoded(answer), as: UTF8.self))\n  cold \(String(decoding: expected, as: UTF8.self))")
                    }
                case .declined?: declined += 1
                case nil:
                    notByNumbers += 1
                    // Read the general way then, which keeps the new body for the next round.
                    if case .answered(let answer) = warm.retarget(to: try #require(try? decodeLayoutDocument(next).get()), body: next),
                       encoded(answer) != expected { failures.append("source \(k) round \(round) (read): warm and cold differ") }
                }
                if failures.count >= 3 { break }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        #expect(answered * 10 >= rounds * 6 && notByNumbers > 0, "\(answered) answered, \(declined) declined, \(notByNumbers) read of \(rounds)")
    }

    /// New numbers for a document as JSON: the root's size, intrinsic sizes, constraint
    /// objects' numeric `to`, `offset` and `inset`; with `priorityToo`, a priority as well.
    static func changeNumbers(_ object: inout [String: Any], _ rng: inout SplitMix, priorityToo: Bool) {
        func n(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / (Bool.random(using: &rng) ? 1 : 4) }
        if var views = object["views"] as? [[String: Any]] {
            for i in views.indices {
                if var frame = views[i]["frame"] as? [String: Any], views[i]["superview"] == nil {
                    frame["width"] = n(300...1400); frame["height"] = n(400...1000)
                    views[i]["frame"] = frame
                }
                if var size = views[i]["intrinsicSize"] as? [String: Any], Bool.random(using: &rng) {
                    size["width"] = n(10...300); size["height"] = n(10...60)
                    views[i]["intrinsicSize"] = size
                }
            }
            object["views"] = views
        }
        if var constraints = object["constraints"] as? [Any] {
            for i in constraints.indices {
                guard var c = constraints[i] as? [String: Any], Bool.random(using: &rng) else { continue }
                for key in ["to", "offset", "inset"] where c[key] is NSNumber { c[key] = n(0...120) }
                if priorityToo, c["vfl"] == nil, c["distribute"] == nil { c["priority"] = 700 }
                constraints[i] = c
            }
            object["constraints"] = constraints
        }
    }

    /// A body refused part way through its numbers (here an intrinsic height out of range,
    /// after the width before it was patched in) leaves the kept document as it was: the
    /// next document with that width alone is answered with it.
    @Test func aBodyRefusedPartWayLeavesTheDocumentAsItWas() throws {
        func body(titleWidth: Double, titleHeight: Double) -> [UInt8] {
            Array("""
            {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 600}},
                       {"id": "title", "superview": "root", "intrinsicSize": {"width": \(titleWidth), "height": \(titleHeight)}}],
             "constraints": ["title.left == root.left + 8", "title.top == root.top + 8"]}
            """.utf8)
        }
        let first = body(titleWidth: 80, titleHeight: 21)
        let warm = try #require(WarmLayout.make(document: try decodeLayoutDocument(first).get(), body: first))
        #expect(warm.retarget(body: body(titleWidth: 120, titleHeight: 2e7), limits: .standard) == nil)
        let wider = try decodeLayoutDocument(body(titleWidth: 120, titleHeight: 21)).get()
        guard case .answered(let answer) = warm.retarget(to: wider) else { Issue.record("declined"); return }
        #expect(encoded(answer) == cold(wider))
        #expect(answer.answer.frames.first { $0.id == "title" }?.frame.width == 120)
    }

    @Test func anotherStructureDoesNotMatch() throws {
        let a = try #require(try? decodeLayoutDocument(Array(Self.screen(width: 375, constant: 8, priority: 750).utf8)).get())
        let warm = try #require(WarmLayout.make(document: a))
        let other = try #require(try? decodeLayoutDocument(Array(Self.screen(width: 375, constant: 8, priority: 751).utf8)).get())
        #expect(!warm.matches(other))
        let same = try #require(try? decodeLayoutDocument(Array(Self.screen(width: 1024, constant: 12.5, priority: 750).utf8)).get())
        #expect(warm.matches(same))
        guard case .answered(let answer) = warm.retarget(to: same) else { Issue.record("a clean screen was declined"); return }
        #expect(encoded(answer) == cold(same))
        #expect(answer.answer.frames.first { $0.id == "title" }?.frame == Rect(x: 12.5, y: 12.5, width: 999, height: 21))
    }

    static func screen(width: Double, constant: Double, priority: Double) -> String {
        """
        {"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": \(width), "height": 600}},
                   {"id": "title", "superview": "root", "intrinsicSize": {"width": 80, "height": 21}}],
         "constraints": ["title.left == root.left + \(constant)", "title.top == root.top + \(constant)",
                         "title.right == root.right - \(constant) @\(priority)"]}
        """
    }

    /// The document with some of its numbers changed: never its structure.
    static func changingNumbers(of document: LayoutDocument, _ rng: inout SplitMix) -> LayoutDocument {
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        func number() -> Double { chance(0.2) ? Double(Int.random(in: -40...40, using: &rng)) / 4 : Double(Int.random(in: 0...600, using: &rng)) }
        var d = document
        for i in d.views.indices {
            if var frame = d.views[i].frame, chance(0.5) {
                frame.width = Double(Int.random(in: 200...1200, using: &rng))
                if chance(0.5) { frame.height = Double(Int.random(in: 200...1200, using: &rng)) }
                if chance(0.2) { frame.x = number() }
                d.views[i].frame = frame
            }
            if ViewSpec.installsIntrinsic(d.views[i].intrinsicWidth), chance(0.5) { d.views[i].intrinsicWidth = Double(Int.random(in: 0...400, using: &rng)) }
            if ViewSpec.installsIntrinsic(d.views[i].intrinsicHeight), chance(0.5) { d.views[i].intrinsicHeight = Double(Int.random(in: 0...60, using: &rng)) }
        }
        for i in d.constraints.indices where d.constraints[i].distribution == nil && d.constraints[i].vfl == nil && chance(0.4) {
            switch d.constraints[i].target {
            case .constant(.scalar): d.constraints[i].target = .constant(.scalar(number()))
            case .constant(.size): d.constraints[i].target = .constant(.size(width: number(), height: number()))
            case .constant(.point): d.constraints[i].target = .constant(.point(x: number(), y: number()))
            case .constant(.insets(.physical)):
                d.constraints[i].target = .constant(.insets(.physical(EdgeInsets(top: number(), left: number(), bottom: number(), right: number()))))
            case .constant(.insets(.directional)):
                d.constraints[i].target = .constant(.insets(.directional(DirectionalInsets(top: number(), leading: number(), bottom: number(), trailing: number()))))
            case .item:
                switch d.constraints[i].modifier {
                case .none, .offset: d.constraints[i].modifier = chance(0.2) ? .none : .offset(number())
                case .inset(.scalar): d.constraints[i].modifier = .inset(.scalar(number()))
                case .inset(.insets): d.constraints[i].modifier = .inset(.insets(.physical(EdgeInsets(top: number(), left: number(), bottom: number(), right: number()))))
                }
            }
        }
        return d
    }
}

/// Rounds of random number changes on one warm layout, each answer compared with a cold solve.
private struct Tally: CustomStringConvertible {
    var failures: [String] = []
    var answered = 0, declined = 0, declinedClean = 0, rounds = 0

    mutating func run(_ document: LayoutDocument, name: String, rounds count: Int, seed: UInt64) {
        guard let warm = WarmLayout.make(document: document) else { return }
        if encoded(warm.answer()) != cold(document) { failures.append("\(name): the first answer differs") }
        var rng = SplitMix(state: seed &* 7919)
        var current = document
        for round in 1...count {
            // Changed from the last document, not the first: some numbers drift, some stay.
            current = WarmLayoutTests.changingNumbers(of: current, &rng)
            rounds += 1
            guard warm.matches(current) else { failures.append("\(name) round \(round): numbers alone changed, yet no match"); return }
            let expected = cold(current)
            switch warm.retarget(to: current) {
            case .answered(let answer):
                answered += 1
                let got = encoded(answer)
                if got != expected {
                    failures.append("\(name) round \(round):\n  warm \(String(decoding: got, as: UTF8.self))\n  cold \(String(decoding: expected, as: UTF8.self))")
                    return
                }
            case .declined:
                declined += 1
                // Declined with a clean cold answer: allowed (a refused in-place change), counted.
                if isClean(current) { declinedClean += 1 }
            }
        }
    }

    var description: String { "\(answered) answered, \(declined) declined (\(declinedClean) with a clean cold answer) of \(rounds)" }
}

/// A warm answer's bytes as `encoded(_: LayoutAnswer)` gives them, after checking that its own
/// encoding (from the solved values, through the layout's memo of number texts: the server's)
/// is the answer's, byte for byte.
private func encoded(_ warm: WarmAnswer) -> [UInt8] {
    let answer = warm.answer
    let direct = warm.encoded(), general = encodeLayoutAnswer(answer, includeRevision: false)
    #expect(direct == general, "\(String(decoding: direct, as: UTF8.self))\n\(String(decoding: general, as: UTF8.self))")
    return encoded(answer)
}

/// The answer's bytes with its solve time zeroed (the one field that differs between two solves).
private func encoded(_ answer: LayoutAnswer) -> [UInt8] {
    var answer = answer
    answer.stats.solveMicros = 0
    return encodeLayoutAnswer(answer, includeRevision: false)
}

/// Whether the cold answer of `document` has no diagnostic (nor error).
private func isClean(_ document: LayoutDocument) -> Bool {
    guard case .success(let answer) = LiveLayout.solve(document: document) else { return false }
    return answer.diagnostics.isEmpty
}

private func cold(_ document: LayoutDocument) -> [UInt8] {
    switch LiveLayout.solve(document: document) {
    case .success(let answer): return encoded(answer)
    case .failure(let problem): return Array("refused: \(problem.errors.map(\.code))".utf8)
    }
}
