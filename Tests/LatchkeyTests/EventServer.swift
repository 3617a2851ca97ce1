import Foundation
import Hummingbird
import Latchkey
import LatchkeyTestSupport
import LatchkeyWire
import Logging

/// A tiny Hummingbird server for the SDK's transport, with routes the Latchkey server does not
/// have yet: a Server-Sent Events feed written in small, awkwardly split chunks, answers
/// carrying an error code newer than the SDK, and — to check that streams refresh a refused token
/// — a feed that refuses `staleToken` and a refresh that answers `refreshed`.
final class EventServer: TestServer {
    private let service: RunningService

    /// The feed `GET /v1/feed/ticks` writes, chunk by chunk, after a byte-order mark and the echoes: a comment, a named event with an id,
    /// a two-line event split mid-line and across CRLF, a `retry`, and a final block without its
    /// blank line (which must be dropped). First it echoes `Last-Event-ID` and `Authorization` as events.
    static let feed = [
        ": hello\n\n", "event: tick\ndata: 1\nid: 1\n\n", "data: first", " line\r", "\ndata: second line\r\n\r\n",
        "retry: 1500\ndata:no space\n\n", "data: dropped",
    ]

    static func start(staleToken: String? = nil, refreshed: AuthResponse? = nil) async throws -> EventServer {
        let router = Router()
        router.get("v1/feed/ticks") { request, _ -> Response in
            if let staleToken, request.headers[.authorization] == "Bearer \(staleToken)" {
                return problem(status: .unauthorized, #"{"type":"about:blank","title":"Invalid access token","status":401,"code":"invalid_token"}"#)
            }
            let echoes = ["Last-Event-ID", "Authorization"].map { name in
                let value = request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
                return "event: \(name)\ndata: \(value ?? "none")\n\n"
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    for chunk in ["\u{FEFF}"] + echoes + feed {
                        try await writer.write(ByteBuffer(string: chunk))
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    try await writer.finish(nil)
                }
            )
        }
        router.get("v1/feed/quota") { _, _ -> Response in
            problem(
                status: .forbidden,
                #"{"type":"about:blank","title":"Quota exceeded","status":403,"detail":"Upgrade to stream more.","code":"quota_exceeded","requestId":"r1"}"#
            )
        }
        // Overload answers: a 503 with a problem document and `Retry-After` as an HTTP date two
        // minutes ahead, a bare 503, and a 429 whose `Retry-After` is a date.
        router.get("v1/feed/busy") { _, _ -> Response in
            var response = problem(
                status: .serviceUnavailable,
                #"{"type":"about:blank","title":"Service unavailable","status":503,"code":"service_unavailable"}"#
            )
            response.headers[.retryAfter] = httpDate(Date().addingTimeInterval(120))
            return response
        }
        router.get("v1/feed/down") { _, _ -> Response in Response(status: .serviceUnavailable) }
        router.get("v1/feed/throttled") { _, _ -> Response in
            var response = problem(
                status: .tooManyRequests,
                #"{"type":"about:blank","title":"Too many requests","status":429,"code":"rate_limited"}"#
            )
            response.headers[.retryAfter] = httpDate(Date().addingTimeInterval(30))
            return response
        }
        if let refreshed { answerRefresh(on: router, with: refreshed) }
        return EventServer(service: try await run(router, label: "event-server"))
    }

    /// Answers `POST /v1/auth/refresh` with `refreshed`, whatever the refresh token.
    static func answerRefresh(on router: Router<BasicRequestContext>, with refreshed: AuthResponse) {
        router.post("v1/auth/refresh") { _, _ -> Response in
            let body = try WireCoding.makeEncoder().encode(refreshed)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
    }

    /// Serves `router` on a free 127.0.0.1 port, logging only what is critical.
    static func run(_ router: Router<BasicRequestContext>, label: String) async throws -> RunningService {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) },
                logger: logger
            )
        }
    }

    private init(service: RunningService) {
        self.service = service
    }

    /// The port the server listens on.
    var port: Int { service.port }

    /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    private static func problem(status: HTTPResponse.Status, _ json: String) -> Response {
        Response(status: status, headers: [.contentType: "application/problem+json"], body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// An SDK client for this server, with the user `store` holds (signed out by default).
    func client(store: any CredentialStore = InMemoryCredentialStore()) -> Latchkey {
        Latchkey(clientID: "lk_events", apiURL: URL(string: "http://127.0.0.1:\(port)")!, options: .init(credentialStore: store, languages: ["en"]))
    }

    func stop() async {
        await service.stop()
    }
}
