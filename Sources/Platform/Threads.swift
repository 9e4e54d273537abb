#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain pthreads rather than Foundation's Thread: the server modules stay free of Foundation.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Starts a pthread running `body`: detached, or to be joined later (worker pools, the
/// journal's writer). nil, or the `pthread_create` error in `failure`, if the system refuses.
package func startThread(detached: Bool = false, _ body: @escaping @Sendable () -> Void) -> Result<pthread_t, ThreadStartError> {
    let box = Unmanaged.passRetained(ThreadBody(body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attributes, { raw in
        #if canImport(Darwin)
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        #else
        if let raw { Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body() }
        #endif
        return nil
    }, box.toOpaque())
    guard rc == 0 else {
        box.release()
        return .failure(ThreadStartError(code: rc))
    }
    return .success(thread)
}

/// `pthread_create` refused a thread (its error number).
package struct ThreadStartError: Error {
    package let code: Int32
}
