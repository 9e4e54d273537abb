import Testing
import TrellisServer

/// What used to trap on a request path now answers safely.
@Suite struct NoTrapTests {
    @Test func aProblemWithoutErrorsListsAGenericOne() throws {
        let p = Problem(status: 422, errors: [])
        #expect(p.errors.count == 1)
        #expect(p.type == "urn:trellis:problem:bad-request")
        var q = Problem(status: 500, code: .internalError, message: "x")
        q.errors = []
        #expect(q.type == "urn:trellis:problem:internal-error")
        guard case .object(let members) = q.json else { Issue.record("not an object"); return }
        let errors = members.first { $0.0 == "errors" }?.1
        guard case .array(let list)? = errors else { Issue.record("no errors array"); return }
        #expect(list.count == 1)
    }

    @Test func histogramsWithOtherBoundsMergeWithoutLoss() {
        var a = HistogramData(boundsSeconds: [0.001, 0.01])
        var b = HistogramData(boundsSeconds: [0.0005, 0.005, 1])
        b.observe(nanos: 100_000)       // b[0] (<= 0.5 ms) -> a[0]
        b.observe(nanos: 2_000_000)     // b[1] (<= 5 ms)   -> a[1]
        b.observe(nanos: 500_000_000)   // b[2] (<= 1 s)    -> a[+Inf]
        b.observe(nanos: 5_000_000_000) // b[+Inf]          -> a[+Inf]
        a.observe(nanos: 1)
        a.merge(b)
        #expect(a.counts == [2, 1, 2])
        #expect(a.count == 5)
        #expect(a.sumNanos == 1 + 100_000 + 2_000_000 + 500_000_000 + 5_000_000_000)
        var c = HistogramData(boundsSeconds: [0.001, 0.01])
        c.observe(nanos: 20_000_000)
        a.merge(c)
        #expect(a.counts == [2, 1, 3] && a.count == 6)
    }

    @Test func everyRouteRendersInTheMetrics() {
        let metrics = Metrics(shardCount: 1)
        for route in Route.allCases { metrics.recordRequest(route: route, method: "BREW", status: 418, nanos: 1) }
        let text = metrics.render(sessions: SessionCounters())
        for route in Route.allCases {
            #expect(text.contains("trellis_requests_total{route=\"\(route.template)\",method=\"OTHER\",status=\"418\"} 1"))
        }
    }
}
