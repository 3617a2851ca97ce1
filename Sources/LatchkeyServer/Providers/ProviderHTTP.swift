import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// JSON requests to identity providers (discovery, JWKS, Graph API, token endpoints) with a timeout and a size cap,
/// only to https (or loopback) URLs — a discovered JWKS URL too — and never following a redirect.
enum ProviderHTTP {
    /// The largest provider answer read.
    static let maximumBodyBytes = 512 * 1024
    /// How long one request may take.
    static let timeout = TimeAmount.seconds(10)

    /// The status and JSON object of `GET url`, with `bearer` as access token when given (a
    /// user-info URL); throws ``ProviderCheckFailure/unreachable(_:)`` when there is no answer,
    /// it is not a JSON object, or the URL is not one to fetch.
    static func getJSON(_ url: String, bearer: String? = nil) async throws(ProviderCheckFailure) -> (status: Int, object: [String: Any]) {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        return try await json(of: request)
    }

    /// The status and JSON object of `POST url` with `fields` form-encoded (a token endpoint).
    static func postForm(
        _ url: String,
        _ fields: [String: String]
    ) async throws(ProviderCheckFailure)
        -> (status: Int, object: [String: Any])
    {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let body = fields.sorted { $0.key < $1.key }.map { "\(FormEncoding.encode($0.key))=\(FormEncoding.encode($0.value))" }
        request.body = .bytes(ByteBuffer(string: body.joined(separator: "&")))
        return try await json(of: request)
    }

    private static func json(of request: HTTPClientRequest) async throws(ProviderCheckFailure) -> (status: Int, object: [String: Any]) {
        var request = request
        // GitHub's API refuses a request without one.
        request.headers.add(name: "User-Agent", value: "Latchkey")
        if let problem = OutboundHTTP.problem(request.url, name: "the provider URL") { throw .unreachable(problem) }
        do {
            let response = try await OutboundHTTP.client.execute(request, timeout: timeout)
            guard !(300..<400).contains(response.status.code) else {
                throw ProviderCheckFailure.unreachable("redirect (\(response.status.code)) not followed")
            }
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            guard let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] else {
                throw ProviderCheckFailure.unreachable("answer is not a JSON object")
            }
            return (Int(response.status.code), object)
        } catch let failure as ProviderCheckFailure {
            throw failure
        } catch {
            throw .unreachable("\(type(of: error))")
        }
    }

    /// `value` percent-encoded for a query string (only unreserved characters left as they are).
    static func queryEscaped(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
