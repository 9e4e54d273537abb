#if canImport(Glibc)
/// glibc's `malloc_trim` and `mallopt` (malloc.h, which the Glibc module does not bring in).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
@_silgen_name("mallopt")
private func mallOpt(_ parameter: Int32, _ value: Int32) -> Int32
/// malloc.h's `M_MMAP_THRESHOLD`.
private let mmapThresholdParameter: Int32 = -3
#endif

/// Blocks from this size up are mapped for themselves and unmapped when freed.
package let mappedBlockBytes = 256 * 1024

/// Keeps every block of `mappedBlockBytes` or more mapped on its own, for the life of the
/// process (glibc's `M_MMAP_THRESHOLD`, set once at start). glibc's default starts at 128 KiB
/// but raises the threshold to the size of each mapped block freed, up to 32 MB: after one
/// big request, the next one's tables (a 50,000-constraint document's are 5-14 MB each) come
/// from the thread's arena, whose free space stays with the process. Three such requests
/// in a row held 71 MB at the peak where one needs 46 (README, "Configuration").
/// Small requests never make a block this big, so nothing changes for them.
package func keepLargeBlocksMapped() {
    #if canImport(Glibc)
    _ = mallOpt(mmapThresholdParameter, Int32(mappedBlockBytes))
    #endif
}

/// Gives the memory freed so far back to the system (glibc's `malloc_trim`). Each thread
/// allocates from an arena of its own and keeps what it freed there: after big requests on
/// several solver threads the process would hold each one's peak at once (50,000
/// constraints: 134 MB above idle on two threads, one request's peak being 61 MB). For
/// after a big request only: the walk over the arenas costs milliseconds.
package func returnFreedMemory() {
    #if canImport(Glibc)
    _ = mallocTrim(0)
    #endif
}
