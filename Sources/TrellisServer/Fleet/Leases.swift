import Platform

/// What this instance believes of the sessions it owns in a fleet (docs/fleet.md): each
/// one's epoch, and until when its lease surely holds by this instance's own clock. The
/// store's lease ends `leaseSeconds` after the statement that renewed it started, which is
/// after the moment measured here before sending it; nine tenths of it is kept as a margin
/// for clocks that run at slightly different rates. While that holds, no other instance can
/// have taken the session, so its copy here may answer without asking the store.
final class Leases: Sendable {
    struct Lease {
        var epoch: Int64
        var validUntil: UInt64
        /// When it was let go (0: it was not, since the claim that granted it): from then on
        /// no write renews it here (its commit and the release reach the store in either
        /// order); only the next claim does.
        var letGoAt: UInt64 = 0
    }

    private let table = Locked([String: Lease]())
    private let heldNanos: UInt64

    init(leaseSeconds: Double) { heldNanos = UInt64(leaseSeconds * 0.9 * 1e9) }

    /// The epoch held, if the lease surely holds at `now`.
    func valid(_ id: String, now: UInt64) -> Int64? {
        table.withLock { t in t[id].flatMap { $0.validUntil > now ? $0.epoch : nil } }
    }

    /// The epoch held, whether or not the lease still holds.
    func epoch(_ id: String) -> Int64? { table.withLock { $0[id]?.epoch } }

    /// The store granted or renewed `epoch` by a statement sent after `since`.
    func hold(_ id: String, epoch: Int64, since: UInt64) {
        table.withLock { $0[id] = Lease(epoch: epoch, validUntil: since &+ heldNanos) }
    }

    /// A write at `epoch`, sent after `since`, renewed the lease (unless the session
    /// changed hands here meanwhile).
    func renewed(_ id: String, epoch: Int64, since: UInt64) {
        table.withLock { t in
            // Once let go, only a claim (`hold`, which the release is serialised with) makes the
            // lease count again: a commit racing with the release cannot tell which reached
            // the store last.
            guard var lease = t[id], lease.epoch == epoch, lease.letGoAt == 0 else { return }
            lease.validUntil = max(lease.validUntil, since &+ heldNanos)
            t[id] = lease
        }
    }

    /// The lease was let go (the session sleeps): the epoch is kept, so the next claim
    /// renews without reading the history again, but nothing is answered before it.
    func letGo(_ id: String, now: UInt64) {
        table.withLock { t in
            t[id]?.validUntil = 0
            t[id]?.letGoAt = now
        }
    }

    func remove(_ id: String) { _ = table.withLock { $0.removeValue(forKey: id) } }

    /// Removes the lease if it is still at `epoch` (a take-over here may have replaced it).
    func remove(_ id: String, epoch: Int64) {
        table.withLock { t in if t[id]?.epoch == epoch { t[id] = nil } }
    }

    var count: Int { table.withLock { $0.count } }
}
