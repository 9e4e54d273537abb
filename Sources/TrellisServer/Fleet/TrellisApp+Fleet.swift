import Layout
import Platform
import Storage
import Synchronization
import Logging

/// This instance's part in a fleet (docs/fleet.md): the shared store, the leases it holds,
/// and one lock that makes its claims one at a time (two requests for a session that is
/// not here would otherwise both take it over, the second fencing off the first).
final class Fleet: Sendable {
    let store: SharedJournalStore
    let leases: Leases
    let claims = Lock()
    /// When this instance last swept the store for idle sessions (`sweepStore`).
    let lastStoreSweep: Atomic<UInt64>

    init(store: SharedJournalStore, now: UInt64) {
        self.store = store
        leases = Leases(leaseSeconds: store.leaseSeconds)
        lastStoreSweep = Atomic(now)
    }
}

/// Why a claim did not give this instance the session.
enum ClaimRefusal: Error {
    case missing
    case held(seconds: Double)
    case unavailable(String)
    case unreadable
}

extension TrellisApp {
    /// Runs `body` once this instance owns session `id` under a lease that surely holds:
    /// at once when it does, else after claiming it from the store (on the pool: a round
    /// trip, and a take-over replays nothing yet but reads the history). Refusals are
    /// answered here. `body` gets the copy and the epoch it is owned at: its writes carry
    /// that epoch, not whatever epoch a later take-over here brings (the copy it works on
    /// would then be an old one, and its writes must be refused).
    func withOwnedSession(_ id: String, _ fleet: Fleet, _ call: EndpointCall,
                          _ body: @escaping @Sendable (SessionStore<Service.Session>.Handle, Int64) -> Void) {
        if let epoch = fleet.leases.valid(id, now: clock()), let handle = store.find(id) { return body(handle, epoch) }
        run(big: true) { [self] in
            switch claim(id, fleet) {
            case .success(let (handle, epoch)): body(handle, epoch)
            case .failure(let refusal): call.done(answer(refusal, id: id, call.request))
            }
        }
    }

    /// Makes this instance the session's owner: renews the lease when its copy is current,
    /// takes the session over from the store when not.
    private func claim(_ id: String, _ fleet: Fleet) -> Result<(SessionStore<Service.Session>.Handle, Int64), ClaimRefusal> {
        fleet.claims.withLock {
            let now = clock()
            // Claimed by another request while this one waited for the lock.
            if let epoch = fleet.leases.valid(id, now: now), let handle = store.find(id) { return .success((handle, epoch)) }
            let local = store.find(id)
            let outcome: Claim
            do {
                outcome = try fleet.store.claim(id, epoch: local == nil ? nil : fleet.leases.epoch(id))
            } catch {
                return .failure(.unavailable((error as? StoreError)?.message ?? "\(error)"))
            }
            metrics.fleet.recordStore(.claim, nanos: clock() &- now)
            switch outcome {
            case .renewed(let epoch):
                fleet.leases.hold(id, epoch: epoch, since: now)
                metrics.fleet.recordRenewal()
                if let local { return .success((local, epoch)) }
                return .failure(.unreadable)  // a renewal needs a copy here: not reached
            case .taken(let epoch, let records):
                // Whatever copy this instance had is older than the store's.
                store.discard(id)
                guard let session = service.takenOverSession(records: records) else { return .failure(.unreadable) }
                store.insertAsleep(session, id: id)
                fleet.leases.hold(id, epoch: epoch, since: now)
                metrics.fleet.recordTakeover()
                guard let handle = store.find(id) else { return .failure(.unreadable) }
                return .success((handle, epoch))
            case .held(let seconds):
                drop(id, fleet)
                metrics.fleet.recordRefused()
                return .failure(.held(seconds: seconds))
            case .missing:
                drop(id, fleet)
                return .failure(.missing)
            }
        }
    }

    /// Drops this instance's copy and lease, whatever they are (under the claims' lock: no
    /// take-over here can run meanwhile). The store keeps the session.
    private func drop(_ id: String, _ fleet: Fleet) {
        store.discard(id)
        fleet.leases.remove(id)
    }

    private func answer(_ refusal: ClaimRefusal, id: String, _ request: TrellisRequest) -> TrellisResponse {
        switch refusal {
        case .missing:
            return problem(.unknownSession(id), request)
        case .held(let seconds):
            return unavailable(.sessionOwnedElsewhere, retryAfter: seconds, request,
                               "another instance holds session \(id) for \(Int(seconds.rounded(.up))) s more; retry then (through the fleet's nginx, which sends it to the owner)")
        case .unavailable(let why):
            return unavailable(.storeUnavailable, retryAfter: 1, request, "the shared session store could not be reached: \(why)")
        case .unreadable:
            return problem(Problem(status: 500, code: .internalError, message: "session \(id) could not be read from the shared store"), request)
        }
    }

    /// A 503 with `Retry-After` in whole seconds, at least 1.
    func unavailable(_ code: ErrorCode, retryAfter seconds: Double, _ request: TrellisRequest, _ message: String) -> TrellisResponse {
        var response = problem(Problem(status: 503, code: code, message: message), request)
        response.headers.append(HeaderField("Retry-After", String(max(1, Int(seconds.rounded(.up))))))
        return response
    }

    /// What turns a session request's answer into a refusal once its records' fate is
    /// known (nil on a single instance), for a request on `copy` owned at `epoch`: a write
    /// fenced off or lost answers 503 and drops that copy; a committed write renews the
    /// lease; an answer with nothing written goes only while that very lease still surely
    /// holds, so nothing stale leaves this instance.
    func fleetRefusal(_ id: String, _ request: TrellisRequest, epoch: Int64?, copy: SessionStore<Service.Session>.Handle?,
                      renews: Bool = true) -> (@Sendable (CommitOutcome) -> TrellisResponse?)? {
        guard let fleet, let epoch else { return nil }
        let since = clock()
        return { [self] outcome in
            switch outcome {
            case .committed:
                if renews { fleet.leases.renewed(id, epoch: epoch, since: since) }
                return nil
            case .waited:
                if fleet.leases.valid(id, now: clock()) == epoch { return nil }
                return unavailable(.sessionOwnedElsewhere, retryAfter: 1, request,
                                   "this instance's lease on session \(id) ran out while answering; retry")
            case .fenced:
                forget(id, fleet, epoch: epoch, copy: copy)
                return unavailable(.sessionOwnedElsewhere, retryAfter: 1, request,
                                   "another instance took session \(id) over while this request ran; nothing was applied; retry")
            case .failed:
                forget(id, fleet, epoch: epoch, copy: copy)
                return unavailable(.storeUnavailable, retryAfter: 1, request,
                                   "the shared session store did not confirm this request's records (most likely nothing was applied); retry with the same ifRevision")
            }
        }
    }

    /// Drops the copy a request worked on and its lease, unless a take-over here has
    /// replaced them since (nil copy: whatever copy the id has, for a session just made).
    func forget(_ id: String, _ fleet: Fleet, epoch: Int64, copy: SessionStore<Service.Session>.Handle?) {
        if let copy { store.discard(copy) } else { store.discard(id) }
        fleet.leases.remove(id, epoch: epoch)
    }

    /// A fleet's records carry the epoch their copy is owned at: the store refuses them once
    /// another instance took the session over. A new session's first record makes it.
    func fenced(_ ops: [StoreOp], of id: String, epoch: Int64?) -> [StoreOp] {
        guard fleet != nil, let first = ops.first else { return ops }
        if case .create = first { return ops }
        // No epoch: nothing proves ownership, and the store refuses the ops.
        return [.fence(session: id, epoch: epoch ?? 0)] + ops
    }

    /// Sessions idle in the shared store go from it too, about once a minute (on the pool,
    /// from whichever instance gets there; doing it twice deletes nothing twice): a session
    /// whose only copy was on an instance that died before anyone asked for it again
    /// would otherwise stay forever.
    func sweepStore(_ fleet: Fleet, now: UInt64) {
        let last = fleet.lastStoreSweep.load(ordering: .relaxed)
        guard now > last, now - last > 60_000_000_000,
              fleet.lastStoreSweep.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged else { return }
        let idle = config.sessionIdleSeconds
        _ = pool.submit { [logger] in
            do {
                let gone = try fleet.store.expireIdle(olderThan: idle)
                if gone > 0 { logger.notice("store", metadata: ["expired": .stringConvertible(gone)]) }
            } catch {
                logger.warning("store", metadata: ["error": .string("cannot expire idle sessions: \(error)")])
            }
        }
    }

    /// A session that goes to sleep lets its lease go, so another instance may take it at
    /// once; the epoch stays, so this one renews without reading it again if nobody did.
    /// Here it stops counting on the lease at once; the store hears of it on the pool,
    /// under the claims' lock, and only if no claim renewed the lease meanwhile (else the
    /// store would call the session nobody's while this instance still answered from it).
    static func leaseRelease(_ fleet: Fleet, pool: WorkerPool, clock: @escaping NanoClock,
                             metrics: FleetMetrics, logger: Logger) -> @Sendable (String) -> Void {
        { id in
            guard fleet.leases.epoch(id) != nil else { return }
            fleet.leases.letGo(id, now: clock())
            let release: @Sendable () -> Void = {
                fleet.claims.withLock {
                    guard fleet.leases.valid(id, now: clock()) == nil, let epoch = fleet.leases.epoch(id) else { return }
                    do {
                        try fleet.store.releaseLease(id, epoch: epoch)
                        metrics.recordRelease()
                    } catch {
                        logger.warning("store", metadata: ["session": .string(id), "error": .string("cannot let the lease go: \(error)")])
                    }
                }
            }
            // A stopped pool means a graceful stop, which lets every lease go anyway (and this
            // may run inside a claim, which holds the claims' lock).
            _ = pool.submit(release)
        }
    }

    /// In a fleet, a session that leaves this instance by eviction, expiry or deletion
    /// leaves the store only if this instance still owns it.
    static func fleetRemoval(_ fleet: Fleet, journal: JournalWriter) -> @Sendable (String) -> Void {
        { id in
            if let epoch = fleet.leases.epoch(id) { journal.submit([.fence(session: id, epoch: epoch), .delete(session: id)]) }
            fleet.leases.remove(id)
        }
    }
}
