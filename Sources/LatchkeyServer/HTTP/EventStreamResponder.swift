import HTTPTypes
import Hummingbird

/// Answers a request that asks for an event stream (`Accept: text/event-stream`) from a child
/// task, and every other request as the wrapped responder does.
///
/// A Swift task keeps the memory its deepest call took until the task ends, and a stream's
/// response is written by its connection's task for as long as the stream is open. Run in that
/// task, the middleware chain, the router and the route's first read would leave their async
/// frames (some 45 KB) held by every open stream; run in a child task, they go when the child
/// returns the response, and the connection's task holds only the writing of the events.
/// Other requests keep the direct call: a child task costs a task's creation and a hop.
struct EventStreamResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context: Sendable {
    let wrapped: Wrapped

    func respond(to request: Request, context: Wrapped.Context) async throws -> Response {
        guard request.method == .get, request.asksForEventStream else {
            return try await wrapped.respond(to: request, context: context)
        }
        async let response = wrapped.respond(to: request, context: context)
        return try await response
    }
}

extension Request {
    /// Whether the client asks for an event stream (`Accept: text/event-stream`).
    var asksForEventStream: Bool { headers[.accept]?.contains("text/event-stream") == true }
}
