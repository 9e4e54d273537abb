import Testing
@testable import Layout
@testable import TrellisServer

/// Random sessions: random edits batches (many of them refused, for every reason a batch
/// can be refused), with the session read and put to sleep at random points. Whenever the
/// two are compared, the sleeper must be, solver row for row, what a twin that never slept
/// (and was never read in between) is.
@Suite struct SessionReplayFuzzTests {
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
        mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// Writes batches over views it believes exist (some have gone: those ops are refused).
    struct Workload {
        var rng: Rng
        var views = ["a", "b", "c", "d", "e"]
        var added = 0

        static let document = #"""
        {"views": [
          {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 300}},
          {"id": "a", "superview": "root", "intrinsicSize": {"width": 40, "height": 20}},
          {"id": "b", "superview": "root"},
          {"id": "c", "superview": "a", "intrinsicSize": {"width": 10, "height": 10}},
          {"id": "d", "superview": "root", "intrinsicSize": {"width": 30, "height": 15}},
          {"id": "e", "superview": "d"}
        ],
        "constraints": [
          {"view": "a", "attributes": ["top", "leading"], "to": "superview", "offset": 8},
          "b.leading == a.trailing + 4", "b.width == a.width @750",
          {"view": "c", "attributes": "edges", "to": "superview", "inset": 2, "priority": 500},
          "d.top == b.bottom + 6", "d.leading >= root.leading + 10", "e.width == d.width * 0.5"
        ]}
        """#

        mutating func constraint(first: String) -> String {
            let horizontal = ["left", "right", "centerX", "width", "leading", "trailing"]
            let vertical = ["top", "bottom", "centerY", "height"]
            let axis = rng.chance(50) ? horizontal : vertical
            let other = rng.chance(85) ? rng.pick(views + ["root"]) : "ghost"
            var text = "\(first).\(rng.pick(axis)) \(rng.pick(["==", "<=", ">="])) \(other).\(rng.pick(rng.chance(90) ? axis : horizontal + vertical))"
            if rng.chance(25) { text += " * \(rng.pick(["0.5", "2", "1.5"]))" }
            if rng.chance(60) { text += " \(rng.pick(["+", "-"])) \(rng.below(40))" }
            if rng.chance(50) { text += " @\(rng.pick([250, 500, 750, 999]))" }
            return text
        }

        mutating func op() -> String {
            let view = rng.chance(90) ? rng.pick(views) : "nowhere"
            switch rng.below(9) {
            case 0, 1:
                return #"{"op": "make", "view": "\#(view)", "constraints": ["\#(constraint(first: view))"]}"#
            case 2:
                let attribute = rng.pick(["width", "height", "top", "leading"])
                return #"{"op": "update", "view": "\#(view)", "constraints": [{"attributes": "\#(attribute)", "to": \#(rng.below(120))}]}"#
            case 3:
                return #"{"op": "remake", "view": "\#(view)", "constraints": ["\#(constraint(first: view))", "\#(constraint(first: view))"]}"#
            case 4:
                return rng.chance(50) ? #"{"op": "remove", "view": "\#(view)"}"#
                    : #"{"op": "remove", "ids": ["c\#(rng.below(20) + 1)"]}"#
            case 5, 6:
                let target = rng.chance(80) ? "root" : view
                return #"{"op": "setFrame", "view": "\#(target)", "frame": {"x": 0, "y": 0, "width": \#(200 + rng.below(300)), "height": \#(150 + rng.below(300))}}"#
            case 7:
                added += 1
                let id = "w\(added)"
                views.append(id)
                let size = rng.chance(50) ? #", "intrinsicSize": {"width": \#(rng.below(50)), "height": 12}"# : ""
                return #"{"op": "addViews", "views": [{"id": "\#(id)", "superview": "\#(rng.pick(views.dropLast() + ["root"]))"\#(size)}]}"#
            default:
                guard views.count > 3 else { return #"{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 333, "height": 222}}"# }
                let gone = views.remove(at: rng.below(views.count))
                return #"{"op": "removeViews", "ids": ["\#(gone)"]}"#
            }
        }

        mutating func batch(revision: Int) -> String {
            let ops = (0..<(1 + rng.below(3))).map { _ in op() }.joined(separator: ", ")
            var head = ""
            if rng.chance(10) { head += #""strict": true, "# }
            if rng.chance(15) { head += #""ifRevision": \#(rng.chance(50) ? revision : revision - 1), "# }
            return #"{\#(head)"ops": [\#(ops)]}"#
        }
    }

    @Test(arguments: Array(1...10) as [UInt64])
    func randomSessionsReplayExactly(seed: UInt64) throws {
        let service = LayoutEngineService()
        var workload = Workload(rng: Rng(state: seed))
        let document = Array(Workload.document.utf8)
        var sleeper = try #require(service.createSession(id: "s", document: document, space: .superview).session)
        var twin = try #require(service.createSession(id: "t", document: document, space: .superview).session)
        guard case .awake(let never, _) = twin.form else { Issue.record("the twin slept"); return }
        var statuses: [Int: Int] = [:], sleeps = 0
        for k in 0..<90 {
            let text = workload.batch(revision: never.revision)
            if case .success(let edits) = service.prepareEdits(Array(text.utf8)) {
                let a = service.edit(session: &sleeper, id: "s", edits: edits, space: .superview)
                let b = service.edit(session: &twin, id: "t", edits: edits, space: .superview)
                #expect(a.status == b.status, "seed \(seed) batch \(k): \(text)")
                statuses[b.status, default: 0] += 1
            }
            // Reads are not in the history, so they must change nothing a later edit sees:
            // the sleeper is read at random, the twin only when the two are compared.
            if workload.rng.chance(30) { _ = service.read(session: &sleeper, id: "s", space: .superview).body }
            if workload.rng.chance(35), service.sleep(&sleeper) != nil { sleeps += 1 }
            guard workload.rng.chance(30) || k == 89 else { continue }
            let woken = try sleeper.wake().get()
            let expected = SessionReplayTests.fingerprint(never), actual = SessionReplayTests.fingerprint(woken)
            #expect(actual == expected, "seed \(seed) after batch \(k): \(text)")
            if actual != expected { return }
        }
        // The workload reached both outcomes and the session really slept.
        #expect((statuses[200] ?? 0) >= 8 && (statuses[422] ?? 0) >= 8, "\(statuses)")
        #expect(sleeps >= 10)
    }
}
