#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on a monotonic clock. Everything that measures time takes one of these,
/// so tests inject their own and never sleep.
public typealias NanoClock = @Sendable () -> UInt64

public enum MonotonicClock {
    /// The process's monotonic clock, in nanoseconds.
    public static let now: NanoClock = {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

/// Number of online processors (at least 1), as read at first use: processors brought
/// online later are not seen (it only sets defaults).
public func onlineProcessorCount() -> Int { processorsOnline }

/// Read once: glibc answers by reading a file in /sys, and defaults are built per option.
private let processorsOnline = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
