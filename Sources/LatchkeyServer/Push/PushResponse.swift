import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// What a provider's answer means for the outbox: delivered, retry (after the provider's
/// `Retry-After` when it gives one), or give up — and whether the device's token is dead.
struct PushResponse {
    var status: UInt
    var headers: HTTPHeaders
    var body: Data

    /// Sends `request` and collects the answer (bodies are small: ids and error documents).
    static func execute(_ request: HTTPClientRequest, on client: HTTPClient) async throws -> PushResponse {
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 64 * 1024)
        return PushResponse(status: response.status.code, headers: response.headers, body: Data(buffer: body))
    }

    /// Seconds the provider asked to wait (`Retry-After`: delta seconds or an HTTP date).
    func retryAfter(now: Date) -> TimeInterval? {
        guard let value = headers.first(name: "retry-after")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// The failure for an answer that is not a success: temporary (with the provider's wait)
    /// for 429 and 5xx, permanent otherwise.
    func failure(provider: String, reason: String?, now: Date) -> DeliveryFailure {
        let described = "\(provider) answered \(status)" + (reason.map { " \($0)" } ?? "")
        guard status == 429 || status >= 500 else { return DeliveryFailure(permanent: true, reason: described) }
        return DeliveryFailure(permanent: false, reason: described, retryAfter: retryAfter(now: now))
    }
}
