import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// POSTs each message as JSON to a configured URL, signed so the receiver can check it came from
/// this server: `Latchkey-Signature: t=<unix time>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
/// A 2xx answer is delivery; a redirect (never followed) and 4xx other than 408 and 429 are
/// permanent failures; anything else is retried.
struct WebhookMessageSender: MessageSender {
    let url: String
    let secret: String
    let client: HTTPClient
    let time: any TimeSource
    var timeout: TimeAmount = .seconds(10)
    var kind: MessageSenderKind { .webhook }

    /// The JSON body a receiver gets.
    struct Payload: Encodable {
        var id: String
        var appId: String?
        var channel: String
        var purpose: String
        var to: String
        var subject: String?
        var body: String
        var html: String?
        var fromName: String?
        var fromAddress: String?
        var replyTo: String?
        var createdAt: Int64
    }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        let payload = Payload(
            id: message.id,
            appId: message.appID,
            channel: message.channel.rawValue,
            purpose: message.purpose,
            to: message.recipient,
            subject: message.subject,
            body: message.body,
            html: message.html,
            fromName: message.fromName,
            fromAddress: message.fromAddress,
            replyTo: message.replyTo,
            createdAt: message.createdAt.epochSeconds
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(payload)
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Latchkey-Message-Id", value: message.id)
        request.headers.add(name: "Latchkey-Signature", value: Self.signature(of: body, secret: secret, at: time.now().epochSeconds))
        request.body = .bytes(ByteBuffer(data: body))
        let response = try await client.execute(request, timeout: timeout)
        _ = try? await response.body.collect(upTo: 64 * 1024)
        try HTTPDeliveryStatus.check(response.status.code, provider: "webhook")
        return nil
    }

    /// The signature header value for `body` sent at `timestamp`.
    static func signature(of body: Data, secret: String, at timestamp: Int64) -> String {
        let signed = Data("\(timestamp).".utf8) + body
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=\(Digest.hex(mac))"
    }
}

/// What an HTTP status means for a delivery.
enum HTTPDeliveryStatus {
    /// Returns for 2xx; throws a permanent failure for a redirect (never followed) and for 4xx
    /// other than 408/429, a temporary one otherwise.
    static func check(_ status: UInt, provider: String) throws {
        switch status {
        case 200..<300: return
        case 300..<400: throw DeliveryFailure(permanent: true, reason: "\(provider) answered a redirect (\(status)), which is not followed")
        case 408, 429: throw DeliveryFailure(permanent: false, reason: "\(provider) answered \(status)")
        case 400..<500: throw DeliveryFailure(permanent: true, reason: "\(provider) refused the message (\(status))")
        default: throw DeliveryFailure(permanent: false, reason: "\(provider) answered \(status)")
        }
    }
}
