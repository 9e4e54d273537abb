import TestSupport
import Foundation
import Testing
import TrellisServer

/// A layout that looks small (three views) but takes long to solve (hundreds of priority
/// levels, each optional constraint after a required one, so that each goes in alone: the
/// solver orders only runs of them, HeldBounds.swift) does not hold its event loop: it gets `loopSolveSeconds` there, then goes on on
/// the solver pool with the whole budget, and the loop answers others meanwhile.
@Suite struct LoopBudgetTests {
    static func priorities(_ n: Int) -> String {
        let constraints = ["\"a.left == 0\"", "\"a.top == 0\"", "\"a.height == 10\""]
            + (0..<n).map { "\"a.right >= b.left + \($0) @\(1 + $0 % 999)\",\"a.width >= 0\"" }
        return #"{"views":[{"id":"root","frame":{"x":0,"y":0,"width":100,"height":100}},{"id":"a","superview":"root"},{"id":"b","superview":"root"}],"constraints":["#
            + constraints.joined(separator: ",") + "]}"
    }

    @Test(arguments: ["/v1/layouts", "/v1/sessions"])
    func aSlowSmallLayoutLeavesItsLoopFree(_ path: String) throws {
        // One loop, so that both connections are on it; a generous budget for the pool, so
        // that sanitizer builds (many times slower) still finish.
        try EngineEndToEndTests.withEngine({ $0.workers = 1; $0.maxSolveSeconds = 600 }) { live, c in
            let body = Self.priorities(700)
            let slow = try live.client(timeout: 600)
            try slow.send(TestHTTPClient.request("POST", path, headers: [("Content-Type", "application/json")], body: body))
            // The loop answers another connection while that layout is being solved: the
            // slow answer has not arrived when this one has (it takes far longer than this
            // exchange, in every build).
            #expect(try c.exchange("GET", "/healthz").status == 200)
            #expect(!slow.hasBytesWaiting(), "the slow layout was answered first: it held the loop")
            let answer = try slow.readResponse()
            #expect(answer.status == (path == "/v1/layouts" ? 200 : 201), "\(answer.text.prefix(300))")
        }
    }

    /// A big edits batch on a small session is worked on the pool too: the loop answers
    /// another connection meanwhile.
    @Test func aBigEditOfASmallSessionLeavesItsLoopFree() throws {
        try EngineEndToEndTests.withEngine({ $0.workers = 1; $0.maxSolveSeconds = 600 }) { live, c in
            let created = try c.postJSON("/v1/sessions", Self.priorities(0))
            let location = try #require(created.header("Location"))
            let make = (0..<2_000).map { "\"a.right >= b.left + \($0) @\(1 + $0 % 999)\",\"a.width >= 0\"" }.joined(separator: ",")
            let slow = try live.client(timeout: 600)
            try slow.send(TestHTTPClient.request("POST", location + "/edits", headers: [("Content-Type", "application/json")],
                                             body: #"{"ops":[{"op":"make","view":"a","constraints":["# + make + "]}]}"))
            // The loop answers while the edit is worked: /metrics shows it in flight beside
            // the request asking (were the edit on the loop, /metrics would come only after
            // it, seeing itself alone, every time).
            #expect(try AbandonedSolveTests.waitForMetric(c, "trellis_requests_in_flight", seconds: 20) { $0 >= 2 },
                    "the big edit held the loop")
            let answer = try slow.readResponse()
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
        }
    }

    /// A small edit of a session with few views and many constraints is worked on the pool:
    /// removing its thousands of constraints (a remake) takes as long as a big layout.
    @Test func aSmallEditOfAConstraintHeavySessionLeavesItsLoopFree() throws {
        // A budget that a ThreadSanitizer build, many times slower, still makes the session in.
        try EngineEndToEndTests.withEngine({ $0.workers = 1; $0.maxSolveSeconds = 600 }) { live, _ in
            let slow = try live.client(timeout: 600)
            let created = try slow.postJSON("/v1/sessions", Self.priorities(3_000))
            #expect(created.status == 201, "\(created.text.prefix(300))")
            let location = try #require(created.header("Location"))
            // Connected now: a client idle through that creation (minutes in a sanitizer
            // build) would have been closed by the server's idle timeout.
            let c = try live.client()
            let remake = #"{"ops":[{"op":"remake","view":"a","constraints":["a.left == 0","a.top == 0","a.height == 10"]}]}"#
            try slow.send(TestHTTPClient.request("POST", location + "/edits", headers: [("Content-Type", "application/json")],
                                             body: remake))
            #expect(try AbandonedSolveTests.waitForMetric(c, "trellis_requests_in_flight", seconds: 20) { $0 >= 2 },
                    "the edit held the loop")
            let answer = try slow.readResponse()
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
        }
    }
}
