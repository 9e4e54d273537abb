#if canImport(Glibc)
/// glibc's `malloc_trim` (malloc.h, which the Glibc module does not bring in).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

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
