import HTTPServer
import Layout
import LogExplain
import Platform

/// One request at its endpoint: what every handler reads.
struct EndpointCall: Sendable {
    let request: TrellisRequest
    /// The path's `{id}` or `{file}`.
    let sessionID: String?
    let space: FrameSpace
    /// `?frames=changed` (edits only, docs/api.md §4.4): only the frames the batch moved.
    var changedFramesOnly = false
    /// Takes the answer over (consuming): a copy kept alive by the caller made the first
    /// header appended on its way out (`outbound`) copy the headers.
    let done: @Sendable (consuming TrellisResponse) -> Void
}

/// Each endpoint's handler (the endpoints are the rows of `Endpoint`, Router.swift).
extension TrellisApp {
    /// Checks what the endpoint's row asks of every request (body, `space`), then hands it
    /// to the endpoint's handler.
    func dispatch(_ endpoint: Endpoint, sessionID: String?, _ request: TrellisRequest,
                  _ done: @escaping @Sendable (consuming TrellisResponse) -> Void) {
        if endpoint.takesBody {
            guard endpoint.bodyType.accepts(request.header("Content-Type")) else {
                return done(problem(.unsupportedMediaType(request.header("Content-Type"), expected: endpoint.bodyType), request))
            }
            guard request.body.count <= config.maxBodyBytes else {
                return done(problem(.tooLarge("the body has \(request.body.count) bytes; at most \(config.maxBodyBytes) are accepted"), request))
            }
        }
        let parsedSpace = FrameSpace(query: request.query)
        if endpoint.answersFrames, parsedSpace == nil {
            return done(problem(.badRequest("query parameter space must be 'root' (or absent)"), request))
        }
        guard let frames = FrameSelection(query: request.query) else {
            return done(problem(.badRequest("query parameter frames must be 'changed' or 'all' (or absent)"), request))
        }
        if frames == .changed && endpoint != .editSession {
            return done(problem(.badRequest("frames=changed answers an edits batch (POST /v1/sessions/{id}/edits): "
                                            + "only the frames it moved; other requests answer every frame"), request))
        }
        let call = EndpointCall(request: request, sessionID: sessionID, space: parsedSpace ?? .superview,
                                changedFramesOnly: frames == .changed, done: done)
        switch endpoint {
        case .health: health(call)
        case .ready: ready(call)
        case .metrics: metricsText(call)
        case .openapi: openAPI(call)
        case .apiDocs: call.done(APIPage.file.answer(call.request))
        case .playground, .playgroundAsset: playgroundFile(call)
        case .solveLayout: solveLayout(call)
        case .createSession: createSession(call)
        case .getSession, .editSession: sessionRequest(endpoint, call)
        case .deleteSession: deleteSession(call)
        case .explainLog: explainLog(call)
        }
    }

    private func health(_ call: EndpointCall) {
        let done = call.done
        done(.json(200, Array(#"{"status":"ok"}"#.utf8)))
    }

    private func ready(_ call: EndpointCall) {
        let request = call.request, done = call.done
        guard !draining.load(ordering: .relaxed) else {
            var response = problem(Problem(status: 503, code: .draining, message: "the server is shutting down"), request)
            response.headers.append(HeaderField("Retry-After", "1"))
            return done(response)
        }
        done(.json(200, Array(#"{"status":"ready"}"#.utf8)))
    }

    private func metricsText(_ call: EndpointCall) {
        let done = call.done
        var text = metrics.render(sessions: store.stats)
        service.renderMetrics(&text)
        done(TrellisResponse(status: 200, headers: TrellisResponse.contentType(PrometheusText.contentType),
                             body: Array(text.utf8)))
    }

    private func openAPI(_ call: EndpointCall) {
        let request = call.request, done = call.done
        done(OpenAPIDocument.file.answer(request))
    }

    private func playgroundFile(_ call: EndpointCall) {
        let request = call.request, sessionID = call.sessionID, done = call.done
        guard let asset = PlaygroundAssets.file(named: sessionID ?? "index.html") else {
            return done(problem(.notFound(path: request.path), request))
        }
        // no-cache: a browser checks its copy (ETag) each time, so a new build shows at once.
        done(asset.answer(request, extraHeaders: [HeaderField("Cache-Control", "no-cache")]))
    }

    private func solveLayout(_ call: EndpointCall) {
        let request = call.request, space = call.space, done = call.done
        // A body that differs from a kept one in numbers alone first, before its size is
        // estimated (a scan of the body): its answer costs the numbers it changes.
        var byNumbers = ByNumbers.notTried
        if request.body.count <= Self.loopBodyBytes {
            byNumbers = service.solveByNumbers(document: request.body, space: space, maxViews: config.bigSolveThreshold,
                                               seconds: loopAttemptSeconds, stop: request.isAbandoned)
            if case .answered(let answer) = byNumbers { return done(reply(answer, request)) }
        }
        runBounded(big: looksBig(request.body)) { [self, byNumbers] seconds in
            let answer = service.solve(document: request.body, space: space, seconds: seconds, stop: request.isAbandoned,
                                       after: byNumbers)
            if retries(outOfTime: answer.outOfTime, seconds: seconds, request) { return false }
            done(reply(answer, request))
            if request.body.count > Self.trimBodyBytes { returnFreedMemory() }
            return true
        }
    }

    private func createSession(_ call: EndpointCall) {
        let request = call.request, space = call.space, done = call.done
        runBounded(big: looksBig(request.body)) { [self] seconds in
            let id = store.makeID()
            let (answer, made) = service.createSession(id: id, document: request.body, space: space, seconds: seconds,
                                                       stop: request.isAbandoned)
            if made == nil && retries(outOfTime: answer.outOfTime, seconds: seconds, request) { return false }
            guard var session = made else {
                done(reply(answer, request))
                return true
            }
            // The first record is handed over before anyone can find the session, so
            // that its edits' records come after it.
            // In a fleet a new session is stored at epoch 1 and owned by nobody: nginx sends
            // its next request to an instance chosen by its id, which takes it then (this
            // one renews without reading it again).
            fleet?.leases.hold(id, epoch: 1, since: 0)
            let held = journal.map { _ in HeldAnswer(done, refusal: fleetRefusal(id, request, epoch: 1, copy: nil, renews: false)) }
            handOver(service.takeWrites(&session), of: id, then: held)
            guard store.insert(session, id: id) else {
                (held?.ready ?? done)(problem(.internalError("session id \(id) was taken twice"), request))
                return true
            }
            var response = reply(answer, request)
            response.status = 201
            response.headers.append(HeaderField("Location", "/v1/sessions/" + id))
            (held?.ready ?? done)(response)
            return true
        }
    }

    private func sessionRequest(_ endpoint: Endpoint, _ call: EndpointCall) {
        let id = call.sessionID ?? ""
        // An unknown session answers 404 whatever the body says.
        guard SessionID.isWellFormed(id) else { return call.done(problem(.unknownSession(id), call.request)) }
        if let fleet {
            return withOwnedSession(id, fleet, call) { [self] session, epoch in serve(endpoint, call, session, epoch: epoch) }
        }
        guard let session = store.find(id) else { return call.done(problem(.unknownSession(id), call.request)) }
        serve(endpoint, call, session)
    }

    /// A GET or an edits batch on a session found here (and, in a fleet, owned here).
    /// `epoch`: in a fleet, the one the copy is owned at (its writes carry it).
    private func serve(_ endpoint: Endpoint, _ call: EndpointCall, _ session: SessionStore<Service.Session>.Handle,
                       epoch: Int64? = nil) {
        let request = call.request, space = call.space, done = call.done, changedFramesOnly = call.changedFramesOnly
        let id = call.sessionID ?? ""
        // A big session, or a big edits body, is worked on the pool: an event loop is
        // held by one request for tens of milliseconds at most.
        let heavy = endpoint == .editSession && request.body.count > Self.loopBodyBytes
        run(big: heavy || session.weight > config.bigSolveThreshold) { [self] in
            let answer: ServiceReply?
            // With a durable journal the answer waits for the session's records (a read,
            // for those handed over before it): nothing answered is lost to a crash.
            let held = journal.map { _ in HeldAnswer(done, refusal: fleetRefusal(id, request, epoch: epoch, copy: session)) }
            var submitted = false
            if endpoint == .getSession {
                answer = store.withSession(session) { s in
                    let answer = service.read(session: &s, id: id, space: space)
                    handOver(service.takeWrites(&s), of: id, epoch: epoch, then: held)
                    submitted = true
                    return answer
                }
            } else {
                switch service.prepareEdits(request.body) {
                case .failure(let refused):
                    answer = refused.reply
                case .success(let edits):
                    answer = store.withSession(session) { s in
                        let answer = service.edit(session: &s, id: id, edits: edits, space: space,
                                                  changedFramesOnly: changedFramesOnly, stop: request.isAbandoned)
                        // A client that has gone stops its edit too: counted.
                        if answer.outOfTime, request.isAbandoned() { metrics.recordAbandonedSolve() }
                        handOver(service.takeWrites(&s), of: id, epoch: epoch, then: held)
                        submitted = true
                        return answer
                    }
                }
            }
            if !submitted { held?.committed(.waited) }
            // Gone meanwhile: deleted, or, in a fleet, this copy dropped for a newer one. Built
            // only then: a problem's text costs more than a small edit.
            let response = answer.map { reply($0, request) }
                ?? (fleet == nil ? problem(.unknownSession(id), request)
                    : unavailable(.sessionOwnedElsewhere, retryAfter: 1, request, "session \(id) changed hands while this request waited; retry"))
            (held?.ready ?? done)(response)
        }
    }

    /// A pasted Auto Layout log explained (docs/explain.md): on the pool, whose whole
    /// budget it may need (a paste holds up to thousands of constraints).
    private func explainLog(_ call: EndpointCall) {
        let request = call.request, done = call.done
        run(big: request.body.count > 2048) { [self] in
            var limits = LogExplainer.Limits()
            limits.solveSeconds = config.maxSolveSeconds
            switch LogExplainer.explain(request.body, limits: limits, stop: request.isAbandoned) {
            case .report(let bytes):
                done(.json(200, bytes))
            case .noLog(let message):
                done(problem(Problem(status: 422, code: .noLogFound, message: message), request))
            case .outOfTime:
                done(problem(Problem(status: 422, code: .tooComplex,
                                     message: "explaining this paste ran out of its \(config.maxSolveSeconds) s budget; paste one log at a time"), request))
            }
        }
    }

    private func deleteSession(_ call: EndpointCall) {
        let request = call.request, sessionID = call.sessionID, done = call.done
        let id = sessionID ?? ""
        if let fleet, let journal, SessionID.isWellFormed(id) {
            // Only the owner deletes: answered once the store took the fenced delete.
            return withOwnedSession(id, fleet, call) { [self] copy, epoch in
                let ops = fenced([.delete(session: id)], of: id, epoch: epoch)
                forget(id, fleet, epoch: epoch, copy: copy)
                let refusal = fleetRefusal(id, request, epoch: epoch, copy: copy)
                journal.submit(ops) { outcome in
                    done(outcome == .committed ? TrellisResponse(status: 204) : refusal?(outcome) ?? TrellisResponse(status: 204))
                }
            }
        }
        if SessionID.isWellFormed(id), store.remove(id) {
            // Answered once the removal of its records is committed.
            guard let journal else { return done(TrellisResponse(status: 204)) }
            journal.submit([]) { _ in done(TrellisResponse(status: 204)) }
        } else {
            done(problem(.unknownSession(id), request))
        }
    }
}
