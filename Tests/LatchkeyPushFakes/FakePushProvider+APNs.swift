import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

extension FakePushProvider {
    /// The largest payload APNs takes for a notification.
    static let maximumPayloadBytes = 4_096

    /// `POST /3/device/{token}` as APNs answers it: the first failed check decides the reason.
    func apns(_ request: Request, token: String, body: Data) -> Answer {
        func refuse(_ status: HTTPResponse.Status, _ reason: String) -> Answer {
            Answer(status: status, json: ["reason": reason], label: "apns \(reason)")
        }
        // HTTP/2 requests carry the `:scheme` pseudo-header; HTTP/1.1 requests have none.
        guard request.head.scheme == "https" else { return refuse(.httpVersionNotSupported, "HTTP2Required") }
        let headers = Self.headers(of: request)
        guard let authorization = headers["authorization"], authorization.lowercased().hasPrefix("bearer ") else {
            return refuse(.forbidden, "MissingProviderToken")
        }
        guard let jwt = CompactJWT(String(authorization.dropFirst("bearer ".count))), jwt.header["kid"] as? String == Self.keyID,
            jwt.claims["iss"] as? String == Self.teamID, jwt.isSigned(by: apnsKey.publicKey), let issuedAt = jwt.number("iat")
        else { return refuse(.forbidden, "InvalidProviderToken") }
        let age = now().timeIntervalSince1970 - Double(issuedAt)
        guard age < 3600, age > -60 else { return refuse(.forbidden, "ExpiredProviderToken") }
        guard let topic = headers["apns-topic"] else { return refuse(.badRequest, "MissingTopic") }
        guard topic == Self.topic else { return refuse(.badRequest, "TopicDisallowed") }
        let pushType = headers["apns-push-type"]
        guard let pushType, ["alert", "background", "voip", "complication", "fileprovider", "mdm", "liveactivity"].contains(pushType)
        else { return refuse(.badRequest, "InvalidPushType") }
        let priority = headers["apns-priority"] ?? "10"
        guard ["1", "5", "10"].contains(priority), pushType != "background" || priority == "5" else { return refuse(.badRequest, "BadPriority") }
        if let expiration = headers["apns-expiration"], Int64(expiration) == nil { return refuse(.badRequest, "BadExpirationDate") }
        if let collapseID = headers["apns-collapse-id"], collapseID.utf8.count > 64 { return refuse(.badRequest, "BadCollapseId") }
        if let id = headers["apns-id"], UUID(uuidString: id) == nil { return refuse(.badRequest, "BadMessageId") }
        guard token.count.isMultiple(of: 2), (64...200).contains(token.count), token.allSatisfy(\.isHexDigit) else {
            return refuse(.badRequest, "BadDeviceToken")
        }
        guard body.count <= Self.maximumPayloadBytes else { return refuse(.contentTooLarge, "PayloadTooLarge") }
        guard let payload = try? JSONSerialization.jsonObject(with: body) as? [String: Any], payload["aps"] is [String: Any] else {
            return refuse(.badRequest, "PayloadEmpty")
        }
        if state.withLockedValue({ $0.unregistered.contains(token) }) {
            return Answer(
                status: .gone,
                json: ["reason": "Unregistered", "timestamp": Int64(now().timeIntervalSince1970 * 1000)],
                label: "apns Unregistered"
            )
        }
        if let retryAfter = takeThrottle() {
            var answer = refuse(.tooManyRequests, "TooManyRequests")
            answer.headers[.retryAfter] = String(retryAfter)
            return answer
        }
        accept("apns", token: token, headers: headers, payload: payload)
        let id = headers["apns-id"] ?? UUID().uuidString
        return Answer(status: .ok, json: [:], headers: [HTTPField.Name("apns-id")!: id])
    }

    /// A request's headers by lowercased name.
    static func headers(of request: Request) -> [String: String] {
        Dictionary(request.headers.map { ($0.name.canonicalName, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
