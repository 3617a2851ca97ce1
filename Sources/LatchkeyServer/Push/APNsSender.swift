import AsyncHTTPClient
import Foundation
import LatchkeyWire
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Delivers to Apple devices through APNs' HTTP/2 API with token authentication:
/// `POST {base}/3/device/{token}` with `authorization: bearer <ES256 provider token>` and the
/// `apns-*` headers. A token APNs calls dead (`410 Unregistered`, `400 BadDeviceToken` or
/// `DeviceTokenNotForTopic`) deactivates its device; 429 and 5xx are retried after APNs' wait.
struct APNsSender: MessageSender {
    /// The credentials, devices, client and token cache it sends with.
    let push: PushDelivery
    var kind: MessageSenderKind { .apns }

    /// Apple refuses provider tokens older than an hour and new ones more often than every 20 minutes.
    static let tokenLifetime: TimeInterval = 50 * 60

    private struct Problem: Decodable {
        var reason: String?
    }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        guard let appID = message.appID, let app = try await push.credentials.apns(appID: appID) else {
            throw DeliveryFailure(permanent: true, reason: "the app has no APNs credentials")
        }
        let envelope = try PushEnvelope.decode(message.body)
        let now = push.time.now()
        let cacheKey = "apns:\(appID):\(app.keyID):\(app.teamID)"
        let bearer = try await push.tokens.token(for: cacheKey, at: now) {
            (try ProviderToken.apns(app, at: now), now.addingTimeInterval(Self.tokenLifetime))
        }
        var request = HTTPClientRequest(url: "\(app.baseURL.trimmingSuffix("/"))/3/device/\(message.recipient)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(bearer)")
        request.headers.add(name: "apns-topic", value: app.topic)
        request.headers.add(name: "apns-id", value: Self.uuid(from: message.id))
        for (name, value) in envelope.headers.sorted(by: { $0.key < $1.key }) { request.headers.add(name: name, value: value) }
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try WireCoding.makeEncoder().encode(envelope.payload)))
        let response = try await PushResponse.execute(request, on: push.client)
        if response.status == 200 { return response.headers.first(name: "apns-id") }
        let reason = (try? JSONDecoder().decode(Problem.self, from: response.body))?.reason
        if response.status == 410 || (response.status == 400 && ["BadDeviceToken", "DeviceTokenNotForTopic"].contains(reason)) {
            try await push.devices.deactivate(token: message.recipient, appID: appID, reason: reason ?? "Unregistered", at: now)
        }
        if response.status == 403 && ["ExpiredProviderToken", "InvalidProviderToken"].contains(reason) {
            push.tokens.forget(cacheKey)
            throw DeliveryFailure(permanent: false, reason: "apns refused the provider token (\(reason ?? ""))")
        }
        throw response.failure(provider: "apns", reason: reason, now: now)
    }

    /// An `apns-id` (a UUID) derived from the outbox id, so a retried send carries the same id.
    static func uuid(from id: String) -> String {
        let hex = Digest.sha256Hex(id).prefix(32)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-").uppercased()
    }
}
