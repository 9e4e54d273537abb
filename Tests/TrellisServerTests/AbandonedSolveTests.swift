import TestSupport
import Foundation
import Testing
import TrellisServer

/// Issue #13, item 2: work for a client that has gone stops. A layout (a one-shot, or a
/// session being created: no session is made) that would keep the only solver worker busy
/// for minutes (tens of thousands of priority levels, with a budget
/// of ten minutes) stops soon after its client closes the connection, and is counted.
@Suite struct AbandonedSolveTests {
    /// Waits (polling /metrics, at most `seconds`) until `condition` holds of the value of `name`.
    static func waitForMetric(_ c: TestHTTPClient, _ name: String, seconds: Double, _ condition: (Double) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(try SessionSleepTests.metric(c, name)) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    @Test(arguments: ["/v1/layouts", "/v1/sessions"])
    func aSolveStopsWhenItsClientLeaves(_ path: String) throws {
        try EngineEndToEndTests.withEngine({ $0.workers = 1; $0.maxSolveSeconds = 600 }) { live, metrics in
            let slow = try live.client(timeout: 600)
            try slow.send(TestHTTPClient.request("POST", path, headers: [("Content-Type", "application/json")],
                                             body: LoopBudgetTests.priorities(20_000)))  // 40,003 constraints: under the 50,000 cap
            // The layout is being solved: in flight beside the /metrics request that asks.
            #expect(try Self.waitForMetric(metrics, "trellis_requests_in_flight", seconds: 60) { $0 >= 2 })
            #expect(try SessionSleepTests.metric(metrics, "trellis_solves_abandoned_total") == 0)
            slow.close()
            // Stopped and counted within seconds, not the minutes the solve would take.
            #expect(try Self.waitForMetric(metrics, "trellis_solves_abandoned_total", seconds: 20) { $0 == 1 },
                    "the solve went on after its client left")
            #expect(try Self.waitForMetric(metrics, "trellis_requests_in_flight", seconds: 20) { $0 == 1 })
            // Nothing was made for it.
            #expect(try SessionSleepTests.metric(metrics, "trellis_sessions_live") == 0)
        }
    }

    /// A session's edit stops too once its client has gone (run on the pool, where the loop
    /// stays free to see the connection close): refused, counted, the session as it was.
    @Test func anEditStopsWhenItsClientLeaves() throws {
        let document = #"{"views":[{"id":"root","frame":{"x":0,"y":0,"width":100,"height":100}},{"id":"a","superview":"root"},{"id":"b","superview":"root"}],"#
            + #""constraints":["a.left == 0","a.top == 0","a.height == 10","a.width == 5 @1"]}"#
        // Each optional bound after a required constraint, so each goes in alone (the solver
        // orders only runs of them, HeldBounds.swift): seconds of work.
        let make = (0..<15_000).map { "\"a.right >= b.left + \($0) @\(1 + $0 % 999)\",\"a.width >= 0\"" }.joined(separator: ",")
        let batch = #"{"ops":[{"op":"make","view":"a","constraints":["# + make + "]}]}"
        try EngineEndToEndTests.withEngine({ $0.workers = 1; $0.maxSolveSeconds = 600; $0.bigSolveThreshold = 0 }) { live, metrics in
            let created = try metrics.postJSON("/v1/sessions", document)
            let location = try #require(created.header("Location"))
            let slow = try live.client(timeout: 600)
            try slow.send(TestHTTPClient.request("POST", location + "/edits", headers: [("Content-Type", "application/json")], body: batch))
            #expect(try Self.waitForMetric(metrics, "trellis_requests_in_flight", seconds: 60) { $0 >= 2 })
            slow.close()
            // Within a minute even under AddressSanitizer beside the whole suite (10 s alone
            // there); the whole edit would take many minutes (194 s in a release build).
            #expect(try Self.waitForMetric(metrics, "trellis_solves_abandoned_total", seconds: 60) { $0 == 1 },
                    "the edit went on after its client left")
            // The session is as it was: revision 1, a 5-point-wide `a`.
            let read = try metrics.exchange("GET", location)
            #expect(read.status == 200)
            #expect(read.text.contains(#""revision":1"#))
            #expect(read.text.contains(#""a":{"x":0,"y":0,"width":5,"height":10}"#))
        }
    }
}
