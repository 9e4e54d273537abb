/// Cumulative-bucket histogram data in integer nanoseconds (cheap to add and merge).
public struct HistogramData: Equatable, Sendable {
    /// Upper bounds in nanoseconds, ascending; +Inf is implicit.
    public let boundsNanos: [UInt64]
    /// Per bucket (not cumulative); the last one is +Inf.
    public private(set) var counts: [UInt64]
    public private(set) var sumNanos: UInt64 = 0
    public private(set) var count: UInt64 = 0

    public init(boundsSeconds: [Double]) {
        boundsNanos = boundsSeconds.map { UInt64(($0 * 1e9).rounded()) }
        counts = [UInt64](repeating: 0, count: boundsSeconds.count + 1)
    }

    public mutating func observe(nanos: UInt64) {
        counts[bucket(of: nanos)] &+= 1
        sumNanos &+= nanos
        count &+= 1
    }

    /// Adds `other`'s observations. With the same bounds (the only case the server
    /// meets) bucket by bucket; otherwise each of `other`'s buckets counts in the bucket
    /// of ours that holds its upper bound (its +Inf bucket in our +Inf), so count and
    /// sum stay exact and no observation is lost.
    public mutating func merge(_ other: HistogramData) {
        if other.boundsNanos == boundsNanos && other.counts.count == counts.count {
            for i in counts.indices { counts[i] &+= other.counts[i] }
        } else {
            for (i, n) in other.counts.enumerated() where n > 0 {
                let bound = i < other.boundsNanos.count ? other.boundsNanos[i] : UInt64.max
                counts[bucket(of: bound)] &+= n
            }
        }
        sumNanos &+= other.sumNanos
        count &+= other.count
    }

    /// The index of the bucket an observation of `nanos` falls in (the last is +Inf).
    private func bucket(of nanos: UInt64) -> Int {
        var i = 0
        while i < boundsNanos.count && nanos > boundsNanos[i] { i += 1 }
        return i
    }

    /// Request latencies: 100 us to 10 s.
    public static let requestBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]
    /// Event-loop holds: 10 us to 1 s, with the 50 ms a request may hold a loop as a bound.
    public static let loopHoldBuckets: [Double] = [
        0.00001, 0.0001, 0.001, 0.005, 0.01, 0.025, 0.04, 0.05, 0.1, 0.25, 1,
    ]
    /// Solver times: 10 us to 30 s.
    public static let solveBuckets: [Double] = [
        0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
    ]
}

/// Writing the Prometheus text exposition format (0.0.4).
public enum PrometheusText {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func header(_ out: inout String, name: String, type: String, help: String) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// A family of one unlabelled sample: its header, then `name value`.
    public static func single(_ out: inout String, name: String, type: String, help: String, value: Int) {
        header(&out, name: name, type: type, help: help)
        sample(&out, name: name, labels: [], value: String(value))
    }

    /// `name{a="x",b="y"} value`
    public static func sample(_ out: inout String, name: String, labels: [(String, String)], value: String) {
        out += name
        if !labels.isEmpty {
            out += "{"
            for (i, (k, v)) in labels.enumerated() {
                if i > 0 { out += "," }
                out += k + "=\"" + escape(v) + "\""
            }
            out += "}"
        }
        out += " " + value + "\n"
    }

    public static func histogram(_ out: inout String, name: String, labels: [(String, String)], data: HistogramData) {
        var cumulative: UInt64 = 0
        for (i, bound) in data.boundsNanos.enumerated() {
            cumulative &+= data.counts[i]
            sample(&out, name: name + "_bucket", labels: labels + [("le", seconds(bound))], value: String(cumulative))
        }
        cumulative &+= data.counts[data.boundsNanos.count]
        sample(&out, name: name + "_bucket", labels: labels + [("le", "+Inf")], value: String(cumulative))
        sample(&out, name: name + "_sum", labels: labels, value: seconds(data.sumNanos))
        sample(&out, name: name + "_count", labels: labels, value: String(data.count))
    }

    /// Seconds from nanoseconds, in the shortest form (`0.00025`, `1`).
    public static func seconds(_ nanos: UInt64) -> String {
        if nanos % 1_000_000_000 == 0 { return String(nanos / 1_000_000_000) }
        return String(Double(nanos) / 1e9)
    }

    /// Label value escaping: backslash, double quote, newline.
    public static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5c || $0 == 0x22 || $0 == 0x0a }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }
}
