#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version every build reports (`trellis --version`, `trellis_build_info`).
public enum TrellisVersion {
    public static let version = "0.10.0"
}

/// The Prometheus process metrics every exporter is expected to have (CPU, memory, open
/// file descriptors, start time), read from the kernel when /metrics is asked for.
enum ProcessMetrics {
    /// Seconds since the epoch when the process started (read once, at first use).
    static let startTime: Double = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }()

    static func render(_ out: inout String) {
        PrometheusText.header(&out, name: "trellis_build_info", type: "gauge", help: "The build serving: 1, labelled with its version.")
        PrometheusText.sample(&out, name: "trellis_build_info", labels: [("version", TrellisVersion.version)], value: "1")
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 {
            let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            PrometheusText.header(&out, name: "process_cpu_seconds_total", type: "counter", help: "User and system CPU time spent.")
            PrometheusText.sample(&out, name: "process_cpu_seconds_total", labels: [], value: String(cpu))
        }
        if let rss = residentBytes() {
            PrometheusText.header(&out, name: "process_resident_memory_bytes", type: "gauge", help: "Resident memory size.")
            PrometheusText.sample(&out, name: "process_resident_memory_bytes", labels: [], value: String(rss))
        }
        if let fds = openDescriptors() {
            PrometheusText.header(&out, name: "process_open_fds", type: "gauge", help: "Open file descriptors.")
            PrometheusText.sample(&out, name: "process_open_fds", labels: [], value: String(fds))
        }
        PrometheusText.header(&out, name: "process_start_time_seconds", type: "gauge", help: "Start time of the process since the epoch.")
        PrometheusText.sample(&out, name: "process_start_time_seconds", labels: [], value: String(startTime))
    }

    /// From /proc/self/statm (pages resident, second field); nil where there is no /proc.
    private static func residentBytes() -> Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard fscanf_two(file, &size, &resident) else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func fscanf_two(_ file: UnsafeMutablePointer<FILE>, _ a: inout Int, _ b: inout Int) -> Bool {
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, 128, file) != nil else { return false }
        let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let x = Int(fields[0]), let y = Int(fields[1]) else { return false }
        a = x; b = y
        return true
    }

    /// Entries of /proc/self/fd, less the one the listing itself opens.
    private static func openDescriptors() -> Int? {
        guard let dir = opendir("/proc/self/fd") else { return nil }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { count += 1 }
        }
        return max(0, count - 1)
    }
}
