import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Trellis server to solve layouts on: `root.layout(using: TrellisClient(baseURL: url))`
/// POSTs the same document `layout()` solves in process to `/v1/layouts`.
public struct TrellisClient: Sendable {
    public var baseURL: URL
    /// Seconds to wait for an answer.
    public var timeout: Double

    public init(baseURL: URL, timeout: Double = 30) {
        self.baseURL = baseURL
        self.timeout = timeout
    }

    /// POSTs a JSON body and waits for the answer: its status and body. Blocking is what
    /// `layout()` promises (it is synchronous, as `layoutIfNeeded()` is); the task's
    /// completion runs on URLSession's own queue, so waiting here cannot deadlock it.
    func post(path: String, body: [UInt8]) throws -> (status: Int, body: [UInt8]) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(body)
        request.timeoutInterval = timeout
        let box = ReplyBox()
        let address = request.url?.absoluteString ?? path
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.reply = .failure(TrellisClientError(message: "\(address): \(error.localizedDescription)"))
            } else if let http = response as? HTTPURLResponse {
                box.reply = .success((http.statusCode, [UInt8](data ?? Data())))
            } else {
                box.reply = .failure(TrellisClientError(message: "\(path): no HTTP response"))
            }
            box.done.signal()
        }
        task.resume()
        // URLSession's own timeout ends the task; this is a backstop if it never calls back.
        guard box.done.wait(timeout: .now() + timeout + 5) == .success else {
            task.cancel()
            throw TrellisClientError(message: "\(path): no answer within \(timeout) s")
        }
        return try box.reply?.get() ?? { throw TrellisClientError(message: "\(path): no answer") }()
    }
}

/// The network failed or the server did not answer as Trellis does: not a layout problem,
/// and not disguised as one.
public struct TrellisClientError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The reply, handed from URLSession's queue to the waiting caller: written once before
/// `done` is signalled, read after the wait, so the semaphore orders the two.
private final class ReplyBox: @unchecked Sendable {
    var reply: Result<(Int, [UInt8]), TrellisClientError>?
    let done = DispatchSemaphore(value: 0)
}
