import AsyncHTTPClient
import Foundation
import LatchkeyWire
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Delivers through FCM's HTTP v1 API: `POST {base}/v1/projects/{project}/messages:send` with an
/// OAuth 2 access token, which a service-account assertion (RS256) buys at the account's
/// `token_uri` and which is kept until shortly before it expires. `404 UNREGISTERED`, and
/// `400 INVALID_ARGUMENT` about `message.token`, deactivate the device; 429 and 5xx are retried
/// after FCM's wait.
struct FCMSender: MessageSender {
    /// The credentials, devices, client and token cache it sends with.
    let push: PushDelivery
    var kind: MessageSenderKind { .fcm }

    private struct AccessToken: Decodable {
        var access_token: String
        var expires_in: Int?
    }

    private struct Sent: Decodable {
        var name: String?
    }

    /// Google's error document, as much as decides what happens to the device.
    private struct Problem: Decodable {
        struct Body: Decodable {
            var status: String?
            var message: String?
            var details: [Detail]?
        }
        struct Detail: Decodable {
            var errorCode: String?
            var fieldViolations: [Violation]?
        }
        struct Violation: Decodable {
            var field: String?
        }
        var error: Body

        var errorCode: String? { error.details?.compactMap(\.errorCode).first ?? error.status }
        var isAboutToken: Bool {
            error.details?.contains { $0.fieldViolations?.contains { $0.field == "message.token" } ?? false } ?? false
        }
    }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        guard let appID = message.appID, let account = try await push.credentials.fcm(appID: appID) else {
            throw DeliveryFailure(permanent: true, reason: "the app has no FCM credentials")
        }
        let envelope = try PushEnvelope.decode(message.body)
        let cacheKey = "fcm:\(appID):\(account.clientEmail)"
        let bearer = try await push.tokens.token(for: cacheKey, at: push.time.now()) { try await accessToken(account) }
        var request = HTTPClientRequest(url: "\(account.baseURL.trimmingSuffix("/"))/v1/projects/\(account.projectID)/messages:send")
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer \(bearer)")
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try WireCoding.makeEncoder().encode(envelope.payload)))
        let response = try await PushResponse.execute(request, on: push.client)
        if response.status == 200 { return (try? JSONDecoder().decode(Sent.self, from: response.body))?.name }
        let problem = try? JSONDecoder().decode(Problem.self, from: response.body)
        let code = problem?.errorCode
        if code == "UNREGISTERED" || (code == "INVALID_ARGUMENT" && problem?.isAboutToken == true) {
            try await push.devices.deactivate(token: message.recipient, appID: appID, reason: code ?? "UNREGISTERED", at: push.time.now())
        }
        if response.status == 401 {
            push.tokens.forget(cacheKey)
            throw DeliveryFailure(permanent: false, reason: "fcm refused the access token")
        }
        throw response.failure(provider: "fcm", reason: code, now: push.time.now())
    }

    /// A new access token for `account`, renewed a minute before it expires.
    private func accessToken(_ account: FCMCredentials) async throws -> (token: String, renewAt: Date) {
        let now = push.time.now()
        let assertion = try ProviderToken.googleAssertion(account, at: now)
        var request = HTTPClientRequest(url: account.tokenURI)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"))
        let response = try await PushResponse.execute(request, on: push.client)
        guard response.status == 200, let answer = try? JSONDecoder().decode(AccessToken.self, from: response.body) else {
            throw response.failure(provider: "the fcm token endpoint", reason: nil, now: now)
        }
        return (answer.access_token, now.addingTimeInterval(TimeInterval(max(60, answer.expires_in ?? 3600) - 60)))
    }
}
