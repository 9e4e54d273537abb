#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Testing
@testable import TrellisServer
import Platform

/// Parses Prometheus text back: samples by `name{labels}` (labels as written), and the
/// declared type of every family.
struct ParsedMetrics {
    var samples: [String: Double] = [:]
    var types: [String: String] = [:]
    var order: [String] = []

    init(_ text: String) throws {
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                try #require(parts.count == 4)
                types[String(parts[2])] = String(parts[3])
                continue
            }
            if line.hasPrefix("#") { continue }
            let space = try #require(line.lastIndex(of: " "))
            let key = String(line[..<space])
            let value = try #require(Double(line[line.index(after: space)...]))
            let family = String(key.prefix { $0 != "{" })
            let base = ["_bucket", "_sum", "_count"].reduce(family) { f, s in
                f.hasSuffix(s) && types[f] == nil ? String(f.dropLast(s.count)) : f
            }
            try #require(types[base] != nil, "a sample of \(base) before its TYPE line")
            samples[key] = value
            order.append(key)
        }
    }
}

@Suite struct MetricsTests {
    @Test func textFormatParsesBack() throws {
        let metrics = Metrics()
        metrics.recordRequest(route: .health, method: "GET", status: 200, nanos: 50_000)
        metrics.recordRequest(route: .health, method: "GET", status: 200, nanos: 300_000)
        metrics.recordRequest(route: .layouts, method: "POST", status: 422, nanos: 2_000_000)
        metrics.recordRequest(route: .unmatched, method: "BREW", status: 404, nanos: 1_000)
        metrics.recordSolve(nanos: 40_000)
        var sessions = SessionCounters()
        sessions.live = 3; sessions.created = 5; sessions.evictedLRU = 1; sessions.expiredIdle = 1; sessions.deleted = 0

        let parsed = try ParsedMetrics(metrics.render(sessions: sessions))
        #expect(parsed.types["trellis_requests_total"] == "counter")
        #expect(parsed.types["trellis_request_duration_seconds"] == "histogram")
        #expect(parsed.types["trellis_solve_duration_seconds"] == "histogram")
        #expect(parsed.types["trellis_sessions_live"] == "gauge")
        #expect(parsed.samples[#"trellis_requests_total{route="/healthz",method="GET",status="200"}"#] == 2)
        #expect(parsed.samples[#"trellis_requests_total{route="/v1/layouts",method="POST",status="422"}"#] == 1)
        #expect(parsed.samples[#"trellis_requests_total{route="unmatched",method="OTHER",status="404"}"#] == 1)
        #expect(parsed.samples[#"trellis_request_duration_seconds_bucket{route="/healthz",le="0.0001"}"#] == 1)
        #expect(parsed.samples[#"trellis_request_duration_seconds_bucket{route="/healthz",le="0.0005"}"#] == 2)
        #expect(parsed.samples[#"trellis_request_duration_seconds_bucket{route="/healthz",le="+Inf"}"#] == 2)
        #expect(parsed.samples[#"trellis_request_duration_seconds_count{route="/healthz"}"#] == 2)
        #expect(abs(parsed.samples[#"trellis_request_duration_seconds_sum{route="/healthz"}"#]! - 0.00035) < 1e-12)
        #expect(parsed.samples[#"trellis_solve_duration_seconds_bucket{le="5e-05"}"#] == 1)
        #expect(parsed.samples[#"trellis_solve_duration_seconds_count"#] == 1)
        #expect(parsed.samples["trellis_sessions_live"] == 3)
        #expect(parsed.samples["trellis_sessions_created_total"] == 5)
        #expect(parsed.samples[#"trellis_sessions_evicted_total{reason="lru"}"#] == 1)
        #expect(parsed.samples[#"trellis_sessions_evicted_total{reason="idle"}"#] == 1)
        #expect(parsed.samples["trellis_sessions_deleted_total"] == 0)
    }

    @Test func bucketsAreCumulativeAndEndAtTheCount() throws {
        let metrics = Metrics()
        for i in 0..<1000 { metrics.recordRequest(route: .layouts, method: "POST", status: 200, nanos: UInt64(i) * 20_000) }
        let parsed = try ParsedMetrics(metrics.render(sessions: SessionCounters()))
        let buckets = parsed.order.filter { $0.hasPrefix(#"trellis_request_duration_seconds_bucket{route="/v1/layouts""#) }
        let values = buckets.map { parsed.samples[$0]! }
        #expect(values == values.sorted())
        #expect(values.last == 1000)
        #expect(buckets.last!.contains(#"le="+Inf""#))
    }

    @Test func concurrentRecordingLosesNothing() throws {
        let metrics = Metrics()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { metrics.recordRequest(route: .health, method: "GET", status: 200, nanos: 1) }
        }
        let parsed = try ParsedMetrics(metrics.render(sessions: SessionCounters()))
        #expect(parsed.samples[#"trellis_requests_total{route="/healthz",method="GET",status="200"}"#] == 80_000)
    }

    @Test func labelValuesAreEscaped() {
        #expect(PrometheusText.escape(#"a"b\c"#) == #"a\"b\\c"#)
        #expect(PrometheusText.escape("x\ny") == #"x\ny"#)
        #expect(PrometheusText.seconds(1_000_000_000) == "1")
        #expect(PrometheusText.seconds(250_000) == "0.00025")
    }

    /// Reading the open connections costs the same every time. Kept as a bare closure, each
    /// read wrapped it in two more reabstraction thunks, until a read overflowed the stack:
    /// a server scraped a few hundred thousand times crashed (the http fuzzer's finding).
    /// Here on a thread with a small stack, where the old way fails within a few thousand reads.
    @Test func readingTheConnectionsManyTimesStaysFlat() throws {
        let metrics = Metrics()
        metrics.countConnections { 7 }
        let done = DispatchSemaphore(value: 0)
        let reads = Locked(0)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 64 * 1024)
        final class Job: @unchecked Sendable {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let job = Job {
            var total = 0
            for _ in 0..<200_000 { total += metrics.connectionsOpen ?? 0 }
            reads.withLock { $0 = total }
            done.signal()
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
        #expect(started == 0)
        done.wait()
        pthread_join(thread, nil)
        #expect(reads.withLock { $0 } == 7 * 200_000)
    }
}
