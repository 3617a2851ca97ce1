import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A browser's part in the server's pages, over HTTP: it keeps the cookies the server sets, reads
/// a page's form token, sends forms as the page would, and stops at redirects (a web login ends
/// at the app's redirect URI, which no browser here can open).
final class FormBrowser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var cookies: [String: String] = [:]
    private var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// An answer: its status, body and `Location`.
    struct Answer {
        var status: Int
        var body: String
        var location: String?

        /// The page's form token (its hidden `csrf_token` field).
        var csrfToken: String? { field("csrf_token") }

        /// The value of the page's first form field named `name`, as the browser sends it.
        func field(_ name: String) -> String? {
            guard let pattern = try? Regex(#"name="\#(name)" value="([^"]*)""#), let match = body.firstMatch(of: pattern),
                let value = match.output[1].substring
            else { return nil }
            return [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")].reduce(String(value)) {
                $0.replacingOccurrences(of: $1.0, with: $1.1)
            }
        }
    }

    /// `GET url`.
    func get(_ url: URL) async throws -> Answer {
        try await send(URLRequest(url: url))
    }

    /// `POST url` with `form`, URL-encoded.
    func post(_ url: URL, form: [String: String]) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(
            form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value)" }.joined(separator: "&").utf8
        )
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Answer {
        var request = request
        let header = lock.withLock { cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !header.isEmpty { request.setValue(header, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let fields = http.allHeaderFields as? [String: String] ?? [:]
        if let url = request.url {
            let set = HTTPCookie.cookies(withResponseHeaderFields: fields, for: url)
            lock.withLock { for cookie in set { cookies[cookie.name] = cookie.value } }
        }
        return Answer(status: http.statusCode, body: String(decoding: data, as: UTF8.self), location: http.value(forHTTPHeaderField: "Location"))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
