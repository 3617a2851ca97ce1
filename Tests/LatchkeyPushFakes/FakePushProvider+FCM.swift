import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

extension FakePushProvider {
    /// Google's OAuth token endpoint: a service-account assertion (the JWT bearer grant) for an
    /// access token of an hour.
    func googleToken(_ body: Data) -> Answer {
        func refuse(_ description: String) -> Answer {
            Answer(status: .badRequest, json: ["error": "invalid_grant", "error_description": description], label: "token invalid_grant")
        }
        let form = Self.form(body)
        guard form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = form["assertion"],
            let jwt = CompactJWT(assertion)
        else { return refuse("Invalid grant_type or assertion.") }
        guard jwt.isSigned(by: googleKey.publicKey) else { return refuse("Invalid JWT Signature.") }
        guard jwt.claims["iss"] as? String == Self.clientEmail, jwt.claims["aud"] as? String == tokenURI,
            (jwt.claims["scope"] as? String)?.split(separator: " ").contains("https://www.googleapis.com/auth/firebase.messaging") == true
        else { return refuse("Invalid JWT claims.") }
        let current = Int64(now().timeIntervalSince1970)
        guard let issued = jwt.number("iat"), let expires = jwt.number("exp"), expires - issued <= 3600, issued <= current + 60,
            expires > current
        else { return refuse("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.") }
        let token = "ya29.fake-" + UUID().uuidString
        state.withLockedValue { state in
            state.accessTokens[token] = now().addingTimeInterval(3599)
            state.tokenExchanges += 1
        }
        return Answer(status: .ok, json: ["access_token": token, "expires_in": 3599, "token_type": "Bearer"])
    }

    /// `POST /v1/projects/{id}/messages:send` as FCM answers it.
    func fcm(_ request: Request, body: Data) -> Answer {
        let headers = Self.headers(of: request)
        let bearer = headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let bearer, let expiry = state.withLockedValue({ $0.accessTokens[bearer] }), expiry > now() else {
            return Self.fcmError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")
        }
        guard body.count <= Self.maximumPayloadBytes else {
            return Self.fcmError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", errorCode: "INVALID_ARGUMENT")
        }
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let message = root["message"] as? [String: Any]
        else { return Self.fcmError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.") }
        let targets = ["token", "topic", "condition"].filter { message[$0] != nil }
        guard targets.count == 1 else { return Self.fcmError(400, "INVALID_ARGUMENT", "Exactly one of token, topic or condition.") }
        if let data = message["data"] {
            guard let data = data as? [String: Any], data.values.allSatisfy({ $0 is String }) else {
                return Self.fcmError(400, "INVALID_ARGUMENT", "Invalid value at 'message.data': values must be strings.")
            }
        }
        if let ttl = (message["android"] as? [String: Any])?["ttl"] {
            guard let ttl = ttl as? String, ttl.hasSuffix("s"), Double(ttl.dropLast()) != nil else {
                return Self.fcmError(400, "INVALID_ARGUMENT", "Invalid value at 'message.android.ttl'.")
            }
        }
        guard let token = message["token"] as? String else { return Self.fcmError(400, "INVALID_ARGUMENT", "Only tokens are served here.") }
        guard !token.isEmpty, token.utf8.count <= 4_096, !token.contains(" ") else {
            return Self.fcmError(
                400,
                "INVALID_ARGUMENT",
                "The registration token is not a valid FCM registration token",
                errorCode: "INVALID_ARGUMENT",
                field: "message.token"
            )
        }
        if state.withLockedValue({ $0.unregistered.contains(token) }) {
            return Self.fcmError(404, "NOT_FOUND", "Requested entity was not found.", errorCode: "UNREGISTERED")
        }
        if let retryAfter = takeThrottle() {
            var answer = Self.fcmError(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", errorCode: "QUOTA_EXCEEDED")
            answer.headers[.retryAfter] = String(retryAfter)
            return answer
        }
        accept("fcm", token: token, headers: headers, payload: message)
        return Answer(status: .ok, json: ["name": "projects/\(Self.projectID)/messages/\(UUID().uuidString)"])
    }

    /// FCM's error document: `{"error": {"code", "message", "status", "details": [FcmError, BadRequest]}}`.
    static func fcmError(_ code: Int, _ status: String, _ message: String, errorCode: String? = nil, field: String? = nil) -> Answer {
        var details: [[String: Any]] = []
        if let errorCode { details.append(["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": errorCode]) }
        if let field {
            details.append([
                "@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [["field": field, "description": message]],
            ])
        }
        var error: [String: Any] = ["code": code, "message": message, "status": status]
        if !details.isEmpty { error["details"] = details }
        return Answer(status: HTTPResponse.Status(code: code), json: ["error": error], label: "fcm \(errorCode ?? status)")
    }

    /// An `application/x-www-form-urlencoded` body's fields.
    static func form(_ body: Data) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}
