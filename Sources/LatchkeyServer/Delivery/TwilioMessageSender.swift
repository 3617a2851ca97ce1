import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Sends SMS through Twilio's Messages REST API:
/// `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json` with `To`, `From` and `Body`,
/// authenticated with HTTP Basic (account SID, auth token). The base URL is configurable so tests
/// (and Twilio-compatible providers) can stand in.
struct TwilioMessageSender: MessageSender {
    let baseURL: String
    let accountSID: String
    let authToken: String
    let from: String
    let client: HTTPClient
    var timeout: TimeAmount = .seconds(10)
    var kind: MessageSenderKind { .twilio }

    private struct Answer: Decodable {
        var sid: String?
    }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        guard message.channel == .sms else {
            throw DeliveryFailure(permanent: true, reason: "the Twilio sender sends SMS only")
        }
        let form = [("To", message.recipient), ("From", from), ("Body", message.body)]
            .map { "\($0.0)=\(Self.formEncode($0.1))" }.joined(separator: "&")
        var request = HTTPClientRequest(
            url: "\(baseURL.trimmingSuffix("/"))/2010-04-01/Accounts/\(Self.formEncode(accountSID))/Messages.json"
        )
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Authorization", value: "Basic " + Data("\(accountSID):\(authToken)".utf8).base64EncodedString())
        request.body = .bytes(ByteBuffer(string: form))
        let response = try await client.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 256 * 1024)
        try HTTPDeliveryStatus.check(response.status.code, provider: "twilio")
        return try? JSONDecoder().decode(Answer.self, from: Data(buffer: body)).sid
    }

    /// `application/x-www-form-urlencoded` encoding of one value.
    static func formEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: "%20", with: "+")
    }
}
