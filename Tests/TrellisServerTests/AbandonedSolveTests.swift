import Foundation
import Testing
@testable import TrellisServer

/// Issue #13, item 2: work for a client that has gone stops. A layout (a one-shot, or a
/// session being created: no session is made) that would keep the only solver worker busy
/// for minutes (tens of thousands of priority levels, with a budget
/// of ten minutes) stops soon after its client closes the connection, and is counted.
@Suite struct AbandonedSolveTests {
    /// Waits (polling /metrics, at most `seconds`) until `condition` holds of the value of `name`.
    static func waitForMetric(_ c: WireClient, _ name: String, seconds: Double, _ condition: (Double) -> Bool) throws -> Bool {
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
            try slow.send(WireClient.request("POST", path, headers: [("Content-Type", "application/json")],
                                             body: LoopBudgetTests.priorities(30_000)))
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
}
