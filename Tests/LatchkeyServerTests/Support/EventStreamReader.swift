import Foundation
import LatchkeyWire
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A server-sent-event stream read over a real connection, as the protocol's clients read it:
/// `event:`, `id:` and `data:` lines, a blank line ending each event.
///
/// It speaks HTTP/1.1 over a NIO channel of its own, on an event loop only readers use, so that
/// ``close()`` closes the socket there and then, as a browser's `EventSource.close()` does, and
/// nothing else the test process runs can hold that close back.
final class EventStreamReader: Sendable {
    /// One event as it came.
    struct Event: Sendable, Equatable, CustomStringConvertible {
        var name: String
        var id: String?
        var data: String

        /// The data as JSON (`{"path":…,"data":…}` for `put` and `patch`).
        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(data.utf8)) }
        /// The `path` member of a `put` or `patch`.
        var path: String? {
            if case .object(let members)? = json, case .string(let path)? = members["path"] { path } else { nil }
        }
        /// The `data` member of a `put` or `patch` (`.null` for null).
        var value: JSONValue? {
            if case .object(let members)? = json { members["data"] } else { nil }
        }
        var description: String { "\(name) \(id.map { "#\($0) " } ?? "")\(data)" }
    }

    fileprivate struct State {
        var events: [Event] = []
        var ended = false
        var status: UInt?
        var contentType: String?
        /// Text received and not yet a whole event.
        var pending = ""
        /// The connection, once made; nil again after ``close()``.
        var channel: (any Channel)?
        var closed = false
    }

    /// The readers' own event loop.
    private static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    private let state = NIOLockedValueBox(State())

    /// Opens `url` (`http://host:port/path?query`) with `Accept: text/event-stream` and reads it
    /// in the background until it ends or ``close()``.
    init(_ url: String, headers: [(String, String)] = []) {
        let state = state
        guard let parts = URLComponents(string: url), let host = parts.host, let port = parts.port else {
            state.withLockedValue { $0.ended = true }
            return
        }
        var head = HTTPRequestHead(
            version: .http1_1,
            method: .GET,
            uri: parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?\($0)" } ?? "")
        )
        head.headers.add(name: "Host", value: "\(host):\(port)")
        head.headers.add(name: "Accept", value: "text/event-stream")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        ClientBootstrap(group: Self.group)
            .channelInitializer { channel in
                channel.pipeline.addHTTPClientHandlers().flatMap {
                    channel.pipeline.addHandler(ResponseHandler(state: state))
                }
            }
            .connect(host: host, port: port)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    let keep = state.withLockedValue { state -> Bool in
                        if !state.closed { state.channel = channel }
                        return !state.closed
                    }
                    guard keep else { return channel.close(promise: nil) }
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
                case .failure:
                    state.withLockedValue { $0.ended = true }
                }
            }
    }

    fileprivate static func parse(_ block: String) -> Event? {
        var event = Event(name: "message", id: nil, data: "")
        var sawData = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            let (field, value) =
                line.firstIndex(of: ":").map {
                    (String(line[..<$0]), String(String(line[line.index(after: $0)...]).trimmingPrefix(" ")))
                } ?? (String(line), "")
            switch field {
            case "event": event.name = value
            case "id": event.id = value
            case "data":
                event.data = sawData ? event.data + "\n" + value : value
                sawData = true
            default: break
            }
        }
        return sawData ? event : nil
    }

    /// The answer's status and content type, once its head came (waits up to `limit`).
    func head(within limit: Duration = .seconds(30)) async throws -> (status: UInt?, contentType: String?) {
        try await poll(limit) { state in state.status != nil || state.ended ? (state.status, state.contentType) : nil }
    }

    /// The next event that is not a keep-alive (with `keepAlives`, any event), waiting up to
    /// `limit`; nil when the stream ended first. Throws when nothing came in time.
    func next(within limit: Duration = .seconds(30), keepAlives: Bool = false) async throws -> Event? {
        try await poll(limit) { state -> Event?? in
            if let index = state.events.firstIndex(where: { keepAlives || $0.name != "keep-alive" }) {
                let event = state.events[index]
                state.events.removeFirst(index + 1)
                return .some(event)
            }
            return state.ended ? .some(nil) : nil
        }
    }

    /// Whether the stream ended (the server closed it), waiting up to `limit` after every event
    /// left was read.
    func ends(within limit: Duration = .seconds(30)) async throws -> Bool {
        try await poll(limit) { state in state.ended ? true : nil }
    }

    /// The body received and not yet an event: a refused stream's JSON error, once it came.
    var text: String { state.withLockedValue { $0.pending } }

    /// The events received and not yet read, keep-alives left out.
    var unread: [Event] { state.withLockedValue { $0.events.filter { $0.name != "keep-alive" } } }

    /// Stops reading and closes the connection.
    func close() {
        let channel = state.withLockedValue { state in
            defer { state.channel = nil }
            state.closed = true
            return state.channel
        }
        channel?.close(promise: nil)
    }

    deinit {
        close()
    }

    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    private func poll<T>(_ limit: Duration, _ check: @escaping @Sendable (inout State) -> T?) async throws -> T {
        let deadline = ContinuousClock.now + limit
        while true {
            if let value = state.withLockedValue({ check(&$0) }) { return value }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(description: "nothing within \(limit); unread: \(state.withLockedValue { $0.events })")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Reads the answer's head and body into the reader's state, splitting the body into events.
private final class ResponseHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let state: NIOLockedValueBox<EventStreamReader.State>

    init(state: NIOLockedValueBox<EventStreamReader.State>) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            state.withLockedValue {
                $0.status = UInt(head.status.code)
                $0.contentType = head.headers.first(name: "content-type")
            }
        case .body(let chunk):
            state.withLockedValue { state in
                state.pending += String(buffer: chunk)
                while let end = state.pending.range(of: "\n\n") {
                    let block = String(state.pending[..<end.lowerBound])
                    state.pending = String(state.pending[end.upperBound...])
                    if let event = EventStreamReader.parse(block) { state.events.append(event) }
                }
            }
        case .end:
            state.withLockedValue { $0.ended = true }
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.ended = true }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        state.withLockedValue { $0.ended = true }
        context.close(promise: nil)
    }
}

extension JSONValue {
    /// This value with `data` put at `path` (nil: removed), as a stream's client applies a `put`;
    /// empty objects collapse to nothing, as the tree stores them.
    func putting(_ data: JSONValue?, at path: [String]) -> JSONValue? {
        guard let key = path.first else { return data.flatMap { $0 == .null ? nil : $0 } }
        var members: [String: JSONValue] = if case .object(let members) = self { members } else { [:] }
        members[key] = (members[key] ?? .object([:])).putting(data, at: Array(path.dropFirst()))
        return members.isEmpty ? nil : .object(members)
    }

    /// This value after a stream's event (`put` or `patch` of `data` at `path`).
    static func applying(_ event: EventStreamReader.Event, to value: JSONValue?) -> JSONValue? {
        let path = (event.path ?? "/").split(separator: "/").map(String.init)
        let base = value ?? .object([:])
        if event.name == "patch", case .object(let members)? = event.value {
            return members.reduce(base as JSONValue?) { value, member in
                (value ?? .object([:])).putting(member.value, at: path + member.key.split(separator: "/").map(String.init))
            }
        }
        return base.putting(event.value, at: path)
    }
}
