// Small OS helpers for the benchmark drivers: a monotonic clock, peak RSS, printf-style
// formatting and fatal exits. No Foundation: it would add to start-up time and resident memory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds (the steady clock, as kiwi_replay's std::chrono::steady_clock).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// C printf formatting, e.g. `format("%.3f", x)`.
func format(_ fmt: String, _ args: CVarArg...) -> String {
    withVaList(args) { va in
        var buffer = [CChar](repeating: 0, count: 512)
        let n = vsnprintf(&buffer, buffer.count, fmt, va)
        if n >= 0 && Int(n) < buffer.count { return cString(buffer) }
        return fmt
    }
}

/// A field of /proc/self/status in kB (VmHWM = peak resident set size, VmRSS = current), or -1.
func procStatusKB(_ field: String) -> Int {
    guard let f = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    let prefix = field + ":"
    while fgets(&line, Int32(line.count), f) != nil {
        let text = cString(line)
        guard text.hasPrefix(prefix) else { continue }
        let digits = text.dropFirst(prefix.count).filter { $0.isNumber }
        return Int(String(digits)) ?? -1
    }
    return -1
}

/// Peak resident set size of this process in kB (VmHWM), as kiwi_replay's getrusage maxrss.
func peakRSSKB() -> Int { procStatusKB("VmHWM") }

/// Resets the peak RSS counter to the current RSS (Linux: writing 5 to clear_refs), so that each
/// trace of a multi-trace invocation reports its own peak. Returns false where unsupported.
@discardableResult
func resetPeakRSS() -> Bool {
    guard let f = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(f) }
    return fputs("5", f) >= 0
}

/// Reads a whole file, or nil.
func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count { break }
    }
    return ferror(f) == 0 ? bytes : nil
}

/// Prints `message` on stdout (and on stderr too when stdout is not a terminal) and exits 1,
/// as kiwi_replay does.
func die(_ message: String) -> Never {
    print(message)
    flushStandardOutput()
    if isatty(1) == 0 { printError(message) }
    exit(1)
}

/// Writes a line to standard error (unbuffered).
func printError(_ message: String) {
    var bytes = Array((message + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 { return }
        offset += n
    }
}

func flushStandardOutput() {
    fflush(nil)  // every output stream (stdout itself is not concurrency-safe to name in Swift 6)
}

private func cString(_ chars: [CChar]) -> String {
    String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
