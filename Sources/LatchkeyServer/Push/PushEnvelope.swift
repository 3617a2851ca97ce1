import Foundation
import LatchkeyWire

/// One device's delivery as the outbox keeps it (the row's body): the provider's request
/// headers and JSON payload, built when the push was accepted, so a retry sends the same bytes.
struct PushEnvelope: Codable, Sendable, Equatable {
    /// Provider headers (`apns-push-type`, `apns-priority`, …); the topic and authorization are
    /// added at send time from the app's current credentials.
    var headers: [String: String]
    /// The request body.
    var payload: JSONValue

    /// The envelope as the outbox body.
    func encoded() throws -> String {
        String(decoding: try WireCoding.makeEncoder().encode(self), as: UTF8.self)
    }

    /// The envelope in an outbox body.
    static func decode(_ body: String) throws -> PushEnvelope {
        try WireCoding.makeDecoder().decode(PushEnvelope.self, from: Data(body.utf8))
    }
}
