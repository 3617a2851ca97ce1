import Foundation
import Hummingbird
import LatchkeyTestSupport
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// A real HTTP endpoint on 127.0.0.1 standing in for a webhook receiver or Twilio: it records
/// every request (POST or GET) and answers with the next status of `statuses` (the last one
/// repeats), with `headers` added (a `Location`, say).
final class MessageReceiver: TestServer {
    /// One request as received.
    struct Received: Sendable {
        var path: String
        var headers: HTTPFields
        var body: String
    }

    let port: Int
    private let received: NIOLockedValueBox<[Received]>
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Starts the receiver on `port` (0: any free one).
    static func start(port: Int = 0, statuses: [HTTPResponse.Status], answer: String = "{}", headers: HTTPFields = [:]) async throws
        -> MessageReceiver
    {
        let received = NIOLockedValueBox<[Received]>([])
        let router = Router()
        let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 20)
            let index = received.withLockedValue { list -> Int in
                list.append(Received(path: request.uri.path, headers: request.headers, body: String(buffer: body)))
                return list.count - 1
            }
            let status = statuses[min(index, statuses.count - 1)]
            var fields = headers
            fields[.contentType] = "application/json"
            return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: answer)))
        }
        router.post("**", use: respond)
        router.get("**", use: respond)
        var logger = Logger(label: "message-receiver")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? port) }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else { throw CancellationError() }
        return MessageReceiver(port: bound, received: received, group: group, running: running)
    }

    private init(port: Int, received: NIOLockedValueBox<[Received]>, group: ServiceGroup, running: Task<Void, any Error>) {
        self.port = port
        self.received = received
        self.group = group
        self.running = running
    }

    /// The base URL.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Everything received so far.
    var requests: [Received] { received.withLockedValue { $0 } }

    /// Stops the server.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }
}
