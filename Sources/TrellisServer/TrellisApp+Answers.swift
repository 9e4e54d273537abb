import Layout
import HTTPServer
import Logging

/// What every answer gets on its way out (request id, CORS, gzip, the trace context, the
/// exchange log, metrics and the access-log line), and the HTTP layer's own refusals,
/// which get the same.
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
        let requestID = requestIDs.next()
        response.headers.append(HeaderField("X-Request-Id", requestID))
        if let log = exchangeLog, let method = failure.method, let path = failure.path {
            log.record(method: method, path: path, response)
        }
        var route = Route.unmatched
        if let path = failure.path {
            route = Router.route(for: path)?.0 ?? .unmatched
        }
        metrics.recordRequest(route: route, method: failure.method ?? "OTHER", status: status, nanos: 0)
        var fields: [(String, Logger.MetadataValue)] = [
            ("request_id", .string(requestID)), ("route", .string(route.template)),
        ]
        if let method = failure.method { fields.append(("method", .string(method))) }
        if let path = failure.path { fields.append(("path", .string(path))) }
        if let client = failure.remoteAddress { fields.append(("client", .string(client))) }
        fields += [("status", .stringConvertible(status)), ("error", .string(code.rawValue))]
        logger.info("request", metadata: Logger.Metadata(uniqueKeysWithValues: fields))
        return response
    }

    /// Sends `response` to `request`, with what every answer gets on its way out.
    func finish(_ request: TrellisRequest, route: Route, response: TrellisResponse, requestID: String,
                start: UInt64, respond: @Sendable (TrellisResponse) -> Void) {
        var response = response
        response.headers.append(HeaderField("X-Request-Id", requestID))
        if response.header("Access-Control-Allow-Origin") == nil, request.method != "OPTIONS" {
            response.headers += cors.responseHeaders(origin: request.header("Origin"))
        }
        exchangeLog?.record(request, response)
        Compression.apply(to: &response, acceptEncoding: request.header("Accept-Encoding"))
        let trace = TraceParent(request.header("traceparent"))
        if let trace { response.headers.append(HeaderField("traceparent", trace.header)) }
        let end = clock()
        let nanos = end >= start ? end - start : 0
        metrics.requestFinished()
        metrics.recordRequest(route: route, method: request.method, status: response.status, nanos: nanos)
        if logger.logLevel <= .info {
            var fields: Logger.Metadata = [
                "request_id": .string(requestID),
                "method": .string(request.method),
                "path": .string(request.query.isEmpty ? request.path : request.path + "?" + request.query),
                "route": .string(route.template),
                "status": .stringConvertible(response.status),
                "duration_us": .stringConvertible(nanos / 1000),
                "bytes_in": .stringConvertible(request.body.count),
                "bytes_out": .stringConvertible(response.body.count),
            ]
            if let client = request.remoteAddress { fields["client"] = .string(client) }
            if let trace { fields["trace_id"] = .string(trace.traceID); fields["parent_id"] = .string(trace.parentID) }
            logger.info("request", metadata: fields)
        }
        respond(response)
    }
}
