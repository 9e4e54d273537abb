import TestSupport
import Foundation
import Testing
import TrellisServer

/// Warm one-shots over HTTP (docs/api.md "Warm one-shots"): a form re-POSTed with a new
/// window width, new text sizes and new constants, as a web frontend sends it, answers what a
/// server without kept layouts answers, byte for byte (but the solve time); `/metrics` counts
/// the hits. Numbers of other lengths move every location after them on the line, and a
/// width that breaks a constraint is answered with the cold answer's diagnostics.
@Suite struct WarmOneShotEndToEndTests {
    static func form(width: Int, label: Int, field: Int, gap: Int, button: Double) -> String {
        #"{"views":[{"id":"root","frame":{"x":0,"y":0,"width":\#(width),"height":667}},"#
            + #"{"id":"label","superview":"root","intrinsicSize":{"width":\#(label),"height":21},"hugging":{"horizontal":251}},"#
            + #"{"id":"field","superview":"root","intrinsicSize":{"width":\#(field),"height":34},"compressionResistance":{"horizontal":749}},"#
            + #"{"id":"button","superview":"root","intrinsicSize":{"width":88,"height":44}}],"#
            + #""constraints":["label.leading == superview.leading + 20",{"view":"label","attributes":"centerY","to":"field"},"#
            + #""field.leading == label.trailing + \#(gap)",{"view":"field","attributes":"trailing","to":"superview","offset":-20},"#
            + #""field.top == superview.top + 64","button.top == field.bottom + \#(gap)","button.centerX == superview.centerX","#
            + #""button.width == superview.width * \#(button) @750","button.width >= 200","#
            + #""button.width <= superview.width - 40"]}"#
    }

    static func withoutSolveTime(_ body: [UInt8]) -> String {
        String(decoding: body, as: UTF8.self).replacingOccurrences(of: #""solveMicros":[0-9]+"#, with: #""solveMicros":0"#,
                                                                    options: .regularExpression)
    }

    /// Sends each body to a server with kept layouts and to one without, expecting the same
    /// answers (but the solve time): the cold answers, and the warm server's hits.
    static func warmAgainstCold(_ bodies: [String]) throws -> (cold: [String], hits: Int?) {
        let warm = try LiveServer(LayoutEngineService(warmLayoutsBytes: 8 << 20))
        defer { warm.stop() }
        let cold = try LiveServer(LayoutEngineService())
        defer { cold.stop() }
        let w = try warm.client(), c = try cold.client()
        var answers: [String] = []
        for (k, body) in bodies.enumerated() {
            let a = try w.postJSON("/v1/layouts", body), b = try c.postJSON("/v1/layouts", body)
            #expect(a.status == 200 && b.status == 200)
            #expect(Self.withoutSolveTime(a.body) == Self.withoutSolveTime(b.body), "request \(k): \(body)")
            answers.append(String(decoding: b.body, as: UTF8.self))
        }
        return (answers, try Self.gauge(w, #"trellis_warm_layouts_total{result="hit"}"#))
    }

    @Test func repostedFormsAnswerWhatColdSolvesAnswer() throws {
        var rng = SplitMix(state: 41)
        let bodies = (0..<40).map { k in
            // Every tenth width is too narrow for the button's 200 points and 20 either side: a
            // broken constraint.
            let width = k % 10 == 9 ? 150 : Int.random(in: 320...1400, using: &rng)
            return Self.form(width: width, label: Int.random(in: 40...160, using: &rng), field: Int.random(in: 60...300, using: &rng),
                             gap: Int.random(in: 4...24, using: &rng), button: [0.5, 0.6, 0.75][k % 3])
        }
        let (cold, hits) = try Self.warmAgainstCold(bodies)
        #expect(cold.filter { $0.contains("unsatisfiable") }.count >= 3)
        // The first is solved cold, the second builds the kept layout, the broken ones are declined.
        #expect((hits ?? 0) >= 28, "\(hits ?? -1) hits")
    }

    /// Two screens sent in turn, so that the layout kept last is mostly the other one's, and
    /// now and then one with another priority (numbers alone would not tell it): each answer is
    /// the cold one, and both screens are answered warm.
    @Test func screensSentInTurnAnswerWhatColdSolvesAnswer() throws {
        var rng = SplitMix(state: 43)
        let bodies = (0..<60).map { k in
            var body = Self.form(width: Int.random(in: 320...1400, using: &rng), label: Int.random(in: 40...160, using: &rng),
                                 field: Int.random(in: 60...300, using: &rng), gap: Int.random(in: 4...24, using: &rng), button: 0.5)
            if k % 2 == 1 { body = body.replacingOccurrences(of: #""horizontal":251"#, with: #""horizontal":252"#) }
            if k % 7 == 6 { body = body.replacingOccurrences(of: "@750", with: "@751") }
            return body
        }
        let hits = try Self.warmAgainstCold(bodies).hits
        // Each of the four structures' first two are solved cold (the second builds its kept
        // layout): 52 hits. Before a hash's other layouts were tried, 20.
        #expect((hits ?? 0) >= 50, "\(hits ?? -1) hits")
    }

    static func gauge(_ client: TestHTTPClient, _ name: String) throws -> Int? {
        let metrics = String(decoding: try client.exchange("GET", "/metrics").body, as: UTF8.self)
        return metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }
    }

    /// A layout whose answers carry diagnostics (here an ambiguous one: whatever the numbers,
    /// `badge` is free) is not kept: its answers would be left to cold solves anyway, and it
    /// would take room from layouts that serve.
    @Test func anAmbiguousLayoutIsNotKept() throws {
        let warm = try LiveServer(LayoutEngineService(warmLayoutsBytes: 8 << 20))
        defer { warm.stop() }
        let w = try warm.client()
        for width in [320, 375, 414, 768] {
            let body = #"{"views":[{"id":"root","frame":{"x":0,"y":0,"width":\#(width),"height":667}},{"id":"badge","superview":"root"}],"#
                + #""constraints":["badge.width == 20","badge.height == 20"]}"#
            let a = try w.postJSON("/v1/layouts", body)
            #expect(a.status == 200 && String(decoding: a.body, as: UTF8.self).contains("ambiguous"))
        }
        #expect(try Self.gauge(w, "trellis_warm_layouts") == 0)
        #expect(try Self.gauge(w, "trellis_warm_layouts_bytes") == 0)
    }
}
