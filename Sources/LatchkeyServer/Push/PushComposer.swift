import Foundation
import LatchkeyWire

/// Turns one push request into each device's provider request: the text for the device's
/// locale, and APNs' or FCM's payload and headers for the request's priority, lifetime and
/// collapse id.
struct PushComposer {
    let request: PushRequest
    /// When the push was accepted: `ttl` counts from here.
    let now: Date

    /// The most bytes a payload may take: APNs' limit, and FCM's for a message's data.
    static let maximumPayloadBytes = 4_096

    /// The envelope for one device.
    func envelope(for device: PushTarget) -> PushEnvelope {
        let title = Self.localized(request.title, for: device.locale)
        let body = Self.localized(request.body, for: device.locale)
        switch device.provider {
        case .apns: return apns(title: title, body: body)
        case .fcm: return fcm(token: device.token, platform: device.platform, title: title, body: body)
        }
    }

    /// The text of `texts` for `locale`: its exact tag, else its language's, else `default`.
    static func localized(_ texts: [String: String]?, for locale: String?) -> String? {
        guard let texts else { return nil }
        guard let locale = locale?.replacingOccurrences(of: "_", with: "-").lowercased() else { return texts["default"] }
        let byTag = Dictionary(texts.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let language = String(locale.prefix { $0 != "-" })
        return byTag[locale] ?? byTag[language] ?? texts["default"]
    }

    private var isAlert: Bool { request.title != nil || request.body != nil }
    private var isHighPriority: Bool { (request.priority ?? .high) == .high }

    private func apns(title: String?, body: String?) -> PushEnvelope {
        var aps: [String: JSONValue] = [:]
        if isAlert {
            var alert: [String: JSONValue] = [:]
            alert["title"] = title.map(JSONValue.string)
            alert["body"] = body.map(JSONValue.string)
            aps["alert"] = .object(alert)
            aps["sound"] = .string("default")
        } else {
            aps["content-available"] = .integer(1)
        }
        var payload = request.data ?? [:]
        payload["aps"] = .object(aps)
        // Apple allows background pushes only at priority 5.
        var headers = [
            "apns-push-type": isAlert ? "alert" : "background", "apns-priority": isAlert && isHighPriority ? "10" : "5",
        ]
        if let ttl = request.ttl { headers["apns-expiration"] = ttl == 0 ? "0" : String(now.epochSeconds + Int64(ttl)) }
        headers["apns-collapse-id"] = request.collapseId
        return PushEnvelope(headers: headers, payload: .object(payload))
    }

    private func fcm(token: String, platform: DevicePlatform, title: String?, body: String?) -> PushEnvelope {
        var message: [String: JSONValue] = ["token": .string(token)]
        if isAlert {
            var notification: [String: JSONValue] = [:]
            notification["title"] = title.map(JSONValue.string)
            notification["body"] = body.map(JSONValue.string)
            message["notification"] = .object(notification)
        }
        if let data = request.data { message["data"] = .object(data.mapValues { .string(Self.fcmDataValue($0)) }) }
        switch platform {
        case .android:
            var android: [String: JSONValue] = ["priority": .string(isHighPriority ? "HIGH" : "NORMAL")]
            android["ttl"] = request.ttl.map { .string("\($0)s") }
            android["collapse_key"] = request.collapseId.map(JSONValue.string)
            message["android"] = .object(android)
        case .ios, .macos:
            var headers: [String: JSONValue] = ["apns-priority": .string(isAlert && isHighPriority ? "10" : "5")]
            headers["apns-collapse-id"] = request.collapseId.map(JSONValue.string)
            headers["apns-expiration"] = request.ttl.map { .string($0 == 0 ? "0" : String(now.epochSeconds + Int64($0))) }
            message["apns"] = .object(["headers": .object(headers)])
        case .web:
            var headers: [String: JSONValue] = ["Urgency": .string(isHighPriority ? "high" : "normal")]
            headers["TTL"] = request.ttl.map { .string(String($0)) }
            headers["Topic"] = request.collapseId.map(JSONValue.string)
            message["webpush"] = .object(["headers": .object(headers)])
        }
        return PushEnvelope(headers: [:], payload: .object(["message": .object(message)]))
    }

    /// FCM's data map takes strings: a string as it is, anything else as its JSON text.
    private static func fcmDataValue(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return (try? WireCoding.makeEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// A device a push goes to, as the send query finds it.
struct PushTarget: Sendable {
    var token: String
    var provider: PushProvider
    var platform: DevicePlatform
    var locale: String?
    var userID: String
    /// The user is a child whose parent has not (or no longer) consented: nothing is sent.
    var restricted: Bool
}
