import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Transport {
    /// Opens `GET path` as a Server-Sent Events stream and yields its events as they arrive. The
    /// bytes come through a `URLSessionDataDelegate`, which every platform has (Linux's
    /// FoundationNetworking has no `URLSession.bytes`), so one code path is tested everywhere.
    /// An error status ends the stream with the mapped problem before any event; cancelling the
    /// consuming task closes the connection. `lastEventID` asks the server to resume after it.
    func events(
        _ path: String,
        query: [String: String] = [:],
        token: String?,
        lastEventID: String? = nil
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        AsyncThrowingStream { continuation in
            var request: URLRequest
            do {
                request = try makeRequest(.get, path, query: query, token: token, accept: "text/event-stream")
            } catch {
                continuation.finish(throwing: error)
                return
            }
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
            if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            let delegate = EventStreamDelegate(continuation: continuation, reachability: reachability)
            let streamSession = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: nil)
            let task = streamSession.dataTask(with: request)
            continuation.onTermination = { _ in
                task.cancel()
                streamSession.finishTasksAndInvalidate()  // releases the delegate
            }
            task.resume()
        }
    }
}

/// Feeds a data task's bytes through a ``ServerSentEventParser`` into a stream. An error status
/// (or an answer that is not an event stream) collects the body instead and ends the stream with
/// its problem. The response is read from the task when the first bytes or the end arrive, so
/// only the two delegate methods every platform declares alike are needed.
final class EventStreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the only mutable state is `state`, behind a lock; the rest is immutable and Sendable.
    private let continuation: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation
    private let reachability: @Sendable (Bool) -> Void
    private let state = Locked(State())

    private struct State {
        var parser = ServerSentEventParser()
        /// Whether the answer is a 2xx event stream; nil until the response is seen.
        var isStream: Bool?
        var body = Data()
    }

    init(continuation: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation, reachability: @escaping @Sendable (Bool) -> Void) {
        self.continuation = continuation
        self.reachability = reachability
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let response = dataTask.response
        let events = state.withLock { state -> [ServerSentEvent] in
            let isStream = state.isStream ?? Self.isEventStream(response)
            state.isStream = isStream
            guard isStream else {
                state.body.append(data)
                return []
            }
            return state.parser.parse(data)
        }
        for event in events { continuation.yield(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let response = task.response as? HTTPURLResponse else {
            if (error as? URLError)?.code != .cancelled { reachability(false) }
            continuation.finish(throwing: LatchkeyError.network(error?.localizedDescription ?? "not an HTTP response"))
            return
        }
        reachability(true)
        let (isStream, body) = state.withLock { ($0.isStream ?? Self.isEventStream(response), $0.body) }
        if isStream {
            if let error {
                continuation.finish(throwing: LatchkeyError.network(error.localizedDescription))
            } else {
                continuation.finish()
            }
        } else if (200..<300).contains(response.statusCode) {
            continuation.finish(throwing: LatchkeyError.server(code: "unexpected_response", message: "not an event stream"))
        } else {
            continuation.finish(throwing: Transport.error(status: response.statusCode, data: body, response: response))
        }
    }

    /// A 2xx answer of type `text/event-stream`.
    private static func isEventStream(_ response: URLResponse?) -> Bool {
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { return false }
        return http.value(forHTTPHeaderField: "Content-Type")?.lowercased().hasPrefix("text/event-stream") ?? false
    }
}
