import Synchronization

/// An answer that goes out when two things have happened, in either order: it is made
/// (on the request's thread, after the session's lock) and the records it depends on are
/// committed (on the journal's thread). In a fleet, records the store refused turn the
/// answer into `refusal`'s (docs/fleet.md): nothing answered was not written.
final class HeldAnswer: @unchecked Sendable {
    private let send: @Sendable (consuming TrellisResponse) -> Void
    private let refusal: (@Sendable (CommitOutcome) -> TrellisResponse?)?
    private let remaining = Atomic<Int>(2)
    /// Written once each by `ready` and `committed`, read by whichever arrives last.
    private var response: TrellisResponse?
    private var outcome = CommitOutcome.committed

    init(_ send: @escaping @Sendable (consuming TrellisResponse) -> Void,
         refusal: (@Sendable (CommitOutcome) -> TrellisResponse?)? = nil) {
        self.send = send
        self.refusal = refusal
    }

    @Sendable func committed(_ outcome: CommitOutcome) {
        self.outcome = outcome
        arrive()
    }

    @Sendable func ready(_ response: consuming TrellisResponse) {
        self.response = response
        arrive()
    }

    private func arrive() {
        // Acquire-release: the last to arrive sees what the other wrote.
        guard remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0, let response else { return }
        send(refusal?(outcome) ?? response)
    }
}
