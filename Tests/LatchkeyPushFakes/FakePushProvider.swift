import Crypto
import CryptoExtras
public import Foundation
import Hummingbird
import HummingbirdHTTP2
public import LatchkeyTestSupport
import Logging
import NIOConcurrencyHelpers
import NIOSSL

/// Stand-ins for APNs and FCM on 127.0.0.1, over TLS with HTTP/2 (a throwaway CA the client is
/// told to trust), that check what the real services check and answer their real error bodies:
///
/// - APNs (`POST /3/device/{token}`): HTTP/2 only; an ES256 provider token signed by the team's
///   key with the right `kid` and `iss` and an `iat` under an hour old; `apns-topic`,
///   `apns-push-type`, `apns-priority` (5 for background pushes), `apns-expiration` and
///   `apns-collapse-id` (≤ 64 bytes) as APNs defines them; a JSON payload with `aps` of at most
///   4,096 bytes (`413 PayloadTooLarge`); `400 BadDeviceToken`, `410 Unregistered`.
/// - Google's token endpoint (`POST /token`): an RS256 service-account assertion for the
///   messaging scope, answered with an access token that expires.
/// - FCM HTTP v1 (`POST /v1/projects/{id}/messages:send`): that access token, one target, string
///   data values, a payload of at most 4,096 bytes; `404 UNREGISTERED`, `400 INVALID_ARGUMENT`.
///
/// A test marks tokens unregistered, makes the next answers `429` with `Retry-After`, and reads
/// what was delivered. A real server, so a bench can push to it as to the real services.
public final class FakePushProvider: TestServer {
    /// A delivery the fake accepted.
    public struct Delivery: Sendable {
        /// `apns` or `fcm`.
        public var provider: String
        /// The device token.
        public var token: String
        /// The request headers, lowercased names.
        public var headers: [String: String]
        /// The JSON payload.
        public var payload: [String: any Sendable]
    }

    /// The CA whose certificate the clients must trust.
    public let authority: TestCertificateAuthority
    /// The APNs team id, key id and topic the fake expects.
    public static let teamID = "TEAM123456"
    public static let keyID = "KEY1234567"
    public static let topic = "com.example.latchkey"
    /// The Firebase project and service account.
    public static let projectID = "latchkey-test"
    public static let clientEmail = "push@latchkey-test.iam.gserviceaccount.com"

    let apnsKey: P256.Signing.PrivateKey
    let googleKey: _RSA.Signing.PrivateKey
    let now: @Sendable () -> Date
    let state = NIOLockedValueBox(State())
    private let service = NIOLockedValueBox<RunningService?>(nil)

    struct State {
        var deliveries: [Delivery] = []
        var accepted = 0
        var refusals: [String] = []
        var unregistered: Set<String> = []
        var throttled: (count: Int, retryAfter: Int) = (0, 0)
        var accessTokens: [String: Date] = [:]
        var tokenExchanges = 0
        var keepsDeliveries = true
        var apnsHangs = false
        var tokenDelay = Duration.zero
        /// When the first and the latest delivery were accepted.
        var firstAcceptedAt: Date?
        var lastAcceptedAt: Date?
    }

    /// The base URL of both services (`https://localhost:<port>`).
    public var baseURL: String { "https://localhost:\(service.withLockedValue { $0?.port } ?? 0)" }
    /// Google's token endpoint on the fake.
    public var tokenURI: String { baseURL + "/token" }

    /// The APNs `.p8` key's PEM text, as the developer account gives it.
    public var apnsKeyPEM: String { apnsKey.pemRepresentation }

    /// A service account key file whose `token_uri` is the fake's.
    public var serviceAccountJSON: Data {
        let file: [String: String] = [
            "type": "service_account", "project_id": Self.projectID, "private_key_id": "key-1", "private_key": googleKey.pemRepresentation,
            "client_email": Self.clientEmail, "token_uri": tokenURI,
        ]
        return (try? JSONSerialization.data(withJSONObject: file)) ?? Data()
    }

    /// Starts the fake; `now` is the clock it checks token ages with (the server's, in tests
    /// that move time).
    public static func start(now: @escaping @Sendable () -> Date = Date.init) async throws -> FakePushProvider {
        let fake = try FakePushProvider(now: now)
        var logger = Logger(label: "fake-push-provider")
        logger.logLevel = .critical
        let router = Router()
        router.post("**") { request, _ in try await fake.respond(to: request) }
        router.get("/accepted") { _, _ in fake.acceptedReport }
        let running = try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router,
                server: try .http2Upgrade(tlsConfiguration: fake.authority.serverConfiguration()),
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) },
                logger: logger
            )
        }
        fake.service.withLockedValue { $0 = running }
        return fake
    }

    private init(now: @escaping @Sendable () -> Date) throws {
        authority = try TestCertificateAuthority()
        apnsKey = P256.Signing.PrivateKey()
        googleKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        self.now = now
    }

    /// Stops the server (answering the requests it held).
    public func stop() async {
        answerAPNs()
        await service.withLockedValue { $0 }?.stop()
    }

    /// The deliveries accepted, oldest first.
    public var deliveries: [Delivery] { state.withLockedValue { $0.deliveries } }
    /// How many deliveries were accepted (counted even when they are not kept).
    public var accepted: Int { state.withLockedValue { $0.accepted } }
    /// Why requests were refused, oldest first (`apns 403 InvalidProviderToken`, …).
    public var refusals: [String] { state.withLockedValue { $0.refusals } }
    /// How many access tokens the token endpoint gave out.
    public var tokenExchanges: Int { state.withLockedValue { $0.tokenExchanges } }

    /// From now on the token is dead: APNs answers `410 Unregistered`, FCM `404 UNREGISTERED`.
    public func unregister(_ token: String) {
        _ = state.withLockedValue { $0.unregistered.insert(token) }
    }

    /// From now on APNs requests get no answer (a provider that hangs) until ``answerAPNs()``.
    public func hangAPNs() {
        state.withLockedValue { $0.apnsHangs = true }
    }

    /// APNs answers again, the requests it held too.
    public func answerAPNs() {
        state.withLockedValue { $0.apnsHangs = false }
    }

    /// From now on the token endpoint answers only after `delay`, so sends that start together
    /// all find the first access token still being bought.
    public func delayTokens(by delay: Duration) {
        state.withLockedValue { $0.tokenDelay = delay }
    }

    /// The next `count` sends are refused with `429` and `Retry-After: retryAfter`.
    public func throttle(next count: Int, retryAfter: Int) {
        state.withLockedValue { $0.throttled = (count, retryAfter) }
    }

    /// `GET /accepted`: how many deliveries were accepted, and when the first and the latest
    /// were (milliseconds since 1970), for a benchmark in another process to read.
    var acceptedReport: Response {
        let (count, first, last) = state.withLockedValue { ($0.accepted, $0.firstAcceptedAt, $0.lastAcceptedAt) }
        func milliseconds(_ date: Date?) -> Any { date.map { ($0.timeIntervalSince1970 * 1000).rounded() } ?? NSNull() }
        return Answer(status: .ok, json: ["accepted": count, "firstAt": milliseconds(first), "lastAt": milliseconds(last)]).response
    }

    /// Counts deliveries without keeping them (for benchmarks).
    public func countOnly() {
        state.withLockedValue { $0.keepsDeliveries = false }
    }

    private func respond(to request: Request) async throws -> Response {
        let body = Data(try await request.body.collect(upTo: 1 << 20).readableBytesView)
        let path = request.uri.path
        let answer: Answer
        if path.hasPrefix("/3/device/") {
            while state.withLockedValue({ $0.apnsHangs }) && !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
            answer = apns(request, token: String(path.dropFirst("/3/device/".count)), body: body)
        } else if path == "/token" {
            try? await Task.sleep(for: state.withLockedValue { $0.tokenDelay })
            answer = googleToken(body)
        } else if path == "/v1/projects/\(Self.projectID)/messages:send" {
            answer = fcm(request, body: body)
        } else {
            answer = Answer(status: .notFound, json: ["error": "no such endpoint"])
        }
        if answer.status.code >= 400 { state.withLockedValue { $0.refusals.append("\(answer.label) \(answer.status.code)") } }
        return answer.response
    }

    /// Takes one throttled answer, if any are left: the seconds to put in `Retry-After`.
    func takeThrottle() -> Int? {
        state.withLockedValue { state in
            guard state.throttled.count > 0 else { return nil }
            state.throttled.count -= 1
            return state.throttled.retryAfter
        }
    }

    /// Records an accepted delivery.
    func accept(_ provider: String, token: String, headers: [String: String], payload: [String: Any]) {
        let delivery = Delivery(provider: provider, token: token, headers: headers, payload: payload.mapValues(Self.sendable))
        let now = Date()
        state.withLockedValue { state in
            state.accepted += 1
            if state.firstAcceptedAt == nil { state.firstAcceptedAt = now }
            state.lastAcceptedAt = now
            if state.keepsDeliveries { state.deliveries.append(delivery) }
        }
    }

    /// JSON values as `Sendable` ones (what `JSONSerialization` makes is, but is typed `Any`).
    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let object as [String: Any]: object.mapValues(sendable)
        case let array as [Any]: array.map(sendable)
        case let string as String: string
        case let number as NSNumber: number.doubleValue
        default: String(describing: value)
        }
    }
}

/// A fake's answer: a status, a JSON body and headers, with a label for ``FakePushProvider/refusals``.
struct Answer {
    var status: HTTPResponse.Status
    var json: [String: Any]
    var headers: HTTPFields = [:]
    var label = ""

    var response: Response {
        var headers = headers
        headers[.contentType] = "application/json"
        let data = (try? JSONSerialization.data(withJSONObject: json)) ?? Data()
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
