import Foundation
import Hummingbird
import LatchkeyTestSupport
import Logging
import NIOConcurrencyHelpers

/// A real HTTP endpoint on 127.0.0.1 standing in for a webhook receiver or Twilio: it records
/// every request (POST or GET) and answers with the next status of `statuses` (the last one
/// repeats), with `headers` added (a `Location`, say).
final class MessageReceiver: TestServer {
    /// One request as received.
    struct Received: Sendable {
        var path: String
        var headers: HTTPFields
        var body: String

        /// The PIN in a webhook delivery: the first six digits of its message text (the JSON
        /// `body` member), not of the whole request, whose message id and times may hold six
        /// digits in a row too.
        var pin: String? {
            let payload = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            return (payload?["body"] as? String)?.firstMatch(of: /\d{6}/).map { String($0.output) }
        }
    }

    private let received: NIOLockedValueBox<[Received]>
    private let service: RunningService

    /// Starts the receiver on a free port; its answers carry `headers`.
    static func start(
        statuses: [HTTPResponse.Status],
        answer: String = "{}",
        headers: HTTPFields = [:]
    ) async throws
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
        let service = try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) },
                logger: logger
            )
        }
        return MessageReceiver(received: received, service: service)
    }

    private init(received: NIOLockedValueBox<[Received]>, service: RunningService) {
        self.received = received
        self.service = service
    }

    /// The port it listens on.
    var port: Int { service.port }

    /// The base URL.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Everything received so far.
    var requests: [Received] { received.withLockedValue { $0 } }

    /// Stops the server.
    func stop() async {
        await service.stop()
    }
}
