/// Answers one request. Call `send` exactly once, from any thread; later
/// calls are ignored. Answers on a connection are written in request order
/// whatever order they are sent in.
public struct HTTPResponder: Sendable {
    let connection: Connection
    let sequence: Int

    /// Sends the answer. On the connection's own loop thread (the handler
    /// answering synchronously) this costs no lock and no thread hop; from
    /// another thread it is queued to the loop and the loop is woken.
    public func send(_ response: HTTPResponse) {
        let loop = connection.loop
        if loop.isCurrentThread {
            connection.deliver(sequence: sequence, response: response)
        } else {
            loop.post(.respond(connection, sequence, response))
        }
    }

    /// Whether the client is gone (it closed the connection, or its side of it): work still
    /// running for it may stop. Readable from any thread.
    public var isAbandoned: Bool { connection.clientGone.load(ordering: .relaxed) }

    public func send(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        send(HTTPResponse(status: status, headers: headers, body: body))
    }
}
