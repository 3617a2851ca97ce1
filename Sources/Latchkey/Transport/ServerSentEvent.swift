/// One event of a Server-Sent Events stream (`text/event-stream`, the HTML Living Standard's
/// format, which realtime endpoints answer with).
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; `message` when the event names none.
    public var type: String
    /// The `data:` lines, joined with newlines.
    public var data: String
    /// The stream's last event id when this event was dispatched (the latest `id:` field, which
    /// carries over to later events). Pass it back to resume the stream after it.
    public var id: String?
    /// The reconnection time the server asked for, in milliseconds, if this event's block set one.
    public var retry: Int?

    /// Creates an event.
    public init(type: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }
}
