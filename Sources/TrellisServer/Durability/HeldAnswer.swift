import Synchronization

/// An answer that goes out when two things have happened, in either order: it is made
/// (on the request's thread, after the session's lock) and the records it depends on are
/// committed (on the journal's thread).
final class HeldAnswer: @unchecked Sendable {
    private let send: @Sendable (TrellisResponse) -> Void
    private let remaining = Atomic<Int>(2)
    /// Written once by `ready`, read by whichever arrives last.
    private var response: TrellisResponse?

    init(_ send: @escaping @Sendable (TrellisResponse) -> Void) { self.send = send }

    @Sendable func committed() { arrive() }

    @Sendable func ready(_ response: TrellisResponse) {
        self.response = response
        arrive()
    }

    private func arrive() {
        // Acquire-release: the last to arrive sees the response the other wrote.
        guard remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0, let response else { return }
        send(response)
    }
}
