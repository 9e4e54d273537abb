#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a pthread running `body`, to be joined later (the worker pool's threads, the
/// journal's writer); nil if the system refuses a thread.
func startJoinableThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body))
    var thread = pthread_t()
    let rc = pthread_create(&thread, nil, { raw in
        #if canImport(Darwin)
        Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
        #else
        if let raw { Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body() }
        #endif
        return nil
    }, box.toOpaque())
    guard rc == 0 else {
        box.release()
        return nil
    }
    return thread
}
