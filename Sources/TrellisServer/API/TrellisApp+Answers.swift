import Layout
import HTTPServer
import Logging

/// What every answer gets on its way out (request id, CORS, gzip, the trace context, the
/// exchange log, metrics and the access-log line: the steps of `outbound`), and the HTTP
/// layer's own refusals, which go through the same steps.
extension TrellisApp {
    /// The answer the HTTP layer sends by itself, before any request reaches `handle`:
    /// malformed HTTP (400), a request not complete in time (408), a body over
    /// `maxBodyBytes` (413), a head over `maxHeaderBytes` (431), a transfer coding not
    /// applied (501), too many connections (503, with Retry-After). The same problem+json
    /// shape as every other error, with an `X-Request-Id`; counted and logged under the
    /// route the request was for once its request line had arrived (`unmatched` before).
    /// The connection is closed after it.
    public func protocolError(_ failure: HTTPFailure) -> TrellisResponse {
        let status = failure.status
        let (code, message): (ErrorCode, String)
        switch status {
        case 400: (code, message) = (.badRequest, "the request is not valid HTTP/1.1")
        case 408: (code, message) = (.requestTimeout, "the request did not arrive completely in time")
        case 413: (code, message) = (.tooLarge, "the body is over \(config.maxBodyBytes) bytes")
        case 431: (code, message) = (.tooLarge, "the request line and headers are over \(config.maxHeaderBytes) bytes")
        case 501: (code, message) = (.notImplemented, "a transfer coding other than chunked (gzip, say) is not applied here; send the body plain, chunked or with Content-Length")
        case 503: (code, message) = (.tooManyConnections, "the server has \(config.maxConnections) connections open; try again later")
        default: (code, message) = (status >= 500 ? .internalError : .badRequest, failure.reason)
        }
        var problem = Problem(status: status, code: code, message: message)
        problem.instance = failure.path
        var response = TrellisResponse.problem(problem)
        if status == 503 { response.headers.append(HeaderField("Retry-After", "1")) }
        let route = failure.path.flatMap { Router.route(for: $0)?.0 } ?? .unmatched
        var exchange = Exchange(request: nil, failure: failure, route: route, requestID: requestIDs.next(),
                                start: nil, response: response, errorCode: code)
        outbound(&exchange)
        return exchange.response
    }

    /// Sends `response` to `request`, with what every answer gets on its way out.
    func finish(_ request: TrellisRequest, route: Route, response: consuming TrellisResponse, requestID: String,
                start: UInt64, respond: @Sendable (TrellisResponse) -> Void) {
        var exchange = Exchange(request: request, failure: nil, route: route, requestID: requestID,
                                start: start, response: response, errorCode: nil)
        outbound(&exchange)
        respond(exchange.response)
    }
}

/// One answer on its way out, as the steps of `TrellisApp.outbound` read and change it: an
/// answer to a request, or the HTTP layer's own refusal (`failure`, no request).
struct Exchange {
    let request: TrellisRequest?
    let failure: HTTPFailure?
    let route: Route
    let requestID: String
    /// When the request was taken (nil for the HTTP layer's refusals: counted as 0 s).
    let start: UInt64?
    var response: TrellisResponse
    /// The code of a refusal, for its log line.
    let errorCode: ErrorCode?
    var trace: TraceParent?
    var nanos: UInt64 = 0

    init(request: TrellisRequest?, failure: HTTPFailure?, route: Route, requestID: String, start: UInt64?,
         response: TrellisResponse, errorCode: ErrorCode?) {
        self.request = request; self.failure = failure; self.route = route; self.requestID = requestID
        self.start = start; self.response = response; self.errorCode = errorCode
    }

    var method: String? { request?.method ?? failure?.method }
}

/// The cross-cutting steps every answer goes through, in order.
extension TrellisApp {
    /// The chain: a new step is one line here plus its function below.
    func outbound(_ e: inout Exchange) {
        addRequestID(&e)
        addCORSHeaders(&e)
        logExchange(&e)
        compress(&e)
        continueTrace(&e)
        count(&e)
        logAccess(&e)
    }

    func addRequestID(_ e: inout Exchange) {
        e.response.headers.append(HeaderField("X-Request-Id", e.requestID))
    }

    func addCORSHeaders(_ e: inout Exchange) {
        // Most requests carry no Origin (no CORS headers then): asked first.
        guard let request = e.request, let origin = request.header("Origin"), request.method != "OPTIONS",
              e.response.header("Access-Control-Allow-Origin") == nil else { return }
        e.response.headers += cors.responseHeaders(origin: origin)
    }

    func logExchange(_ e: inout Exchange) {
        guard let log = exchangeLog else { return }
        if let request = e.request {
            log.record(request, e.response)
        } else if let method = e.failure?.method, let path = e.failure?.path {
            log.record(method: method, path: path, e.response)
        }
    }

    func compress(_ e: inout Exchange) {
        guard let request = e.request else { return }
        Compression.apply(to: &e.response, acceptEncoding: request.header("Accept-Encoding"))
    }

    func continueTrace(_ e: inout Exchange) {
        guard let request = e.request, let trace = TraceParent(request.header("traceparent")) else { return }
        e.trace = trace
        e.response.headers.append(HeaderField("traceparent", trace.header))
    }

    func count(_ e: inout Exchange) {
        if let start = e.start {
            let end = clock()
            e.nanos = end >= start ? end - start : 0
            metrics.requestFinished()
        }
        metrics.recordRequest(route: e.route, method: e.method ?? "OTHER", status: e.response.status, nanos: e.nanos)
    }

    /// The access log's fields of an answered request, in key order.
    private func accessFields<Sink: AccessFieldSink>(_ e: Exchange, _ request: TrellisRequest, into sink: inout Sink) {
        sink.int("bytes_in", request.body.count)
        sink.int("bytes_out", e.response.body.count)
        if let client = request.remoteAddress { sink.text("client", client) }
        sink.int("duration_us", Int(e.nanos / 1000))
        sink.text("method", request.method)
        if let trace = e.trace { sink.text("parent_id", trace.parentID) }
        let query = request.query
        if query.isEmpty { sink.text("path", request.path) } else { sink.text("path", path: request.path, query: query) }
        sink.text("request_id", e.requestID)
        sink.text("route", e.route.template)
        sink.int("status", e.response.status)
        if let trace = e.trace { sink.text("trace_id", trace.traceID) }
    }

    func logAccess(_ e: inout Exchange) {
        guard logger.logLevel <= .info else { return }
        guard let request = e.request else {
            var fields: [(String, Logger.MetadataValue)] = [
                ("request_id", .string(e.requestID)), ("route", .string(e.route.template)),
            ]
            if let method = e.failure?.method { fields.append(("method", .string(method))) }
            if let path = e.failure?.path { fields.append(("path", .string(path))) }
            if let client = e.failure?.remoteAddress { fields.append(("client", .string(client))) }
            fields.append(("status", .stringConvertible(e.response.status)))
            if let code = e.errorCode { fields.append(("error", .string(code.rawValue))) }
            logger.info("request", metadata: Logger.Metadata(uniqueKeysWithValues: fields))
            return
        }
        // Our own handler without metadata of its own (the server's): the same line from the
        // fields in key order, with no dictionary built and sorted per request, written on the
        // stack where it can be.
        if let handler = lineHandler {
            if handler.logfmtLine("request", { accessFields(e, request, into: &$0) }) { return }
            var list = AccessFieldList()
            accessFields(e, request, into: &list)
            handler.info("request", sortedFields: list.fields)
            return
        }
        var fields: Logger.Metadata = [
            "request_id": .string(e.requestID),
            "method": .string(request.method),
            "path": .string(request.query.isEmpty ? request.path : request.path + "?" + request.query),
            "route": .string(e.route.template),
            "status": .stringConvertible(e.response.status),
            "duration_us": .stringConvertible(e.nanos / 1000),
            "bytes_in": .stringConvertible(request.body.count),
            "bytes_out": .stringConvertible(e.response.body.count),
        ]
        if let client = request.remoteAddress { fields["client"] = .string(client) }
        if let trace = e.trace { fields["trace_id"] = .string(trace.traceID); fields["parent_id"] = .string(trace.parentID) }
        logger.info("request", metadata: fields)
    }
}
