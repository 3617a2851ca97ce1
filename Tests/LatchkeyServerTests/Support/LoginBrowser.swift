import Crypto
import Foundation
import HTTPTypes
import LatchkeyServer

/// A browser's part in the hosted login, over a test client: it keeps cookies between requests
/// and reads each page's form token, and makes PKCE pairs and authorization requests as a client
/// would.
struct LoginBrowser: Sendable {
    let client: Client
    /// Cookies by name, as the server set them.
    var cookies: [String: String] = [:]

    init(_ client: Client) {
        self.client = client
    }

    /// `GET path`, with the cookies, keeping those the answer sets.
    mutating func get(_ path: String, app: String? = nil) async throws -> TestResponse {
        let response = try await client.send(.get, path, app: app, headers: cookieHeader)
        keepCookies(of: response)
        return response
    }

    /// `POST path` with `form`, with the cookies, keeping those the answer sets.
    mutating func post(_ path: String, form: [String: String]) async throws -> TestResponse {
        let response = try await client.send(.post, path, form: form, headers: cookieHeader)
        keepCookies(of: response)
        return response
    }

    /// Opens the authorization request `query` and signs in on its page with `identifier`
    /// and the tests' password; the answer to the sign-in form.
    mutating func signIn(_ query: String, as identifier: String, password: String = "correct horse battery") async throws -> TestResponse {
        let page = try await get("/oauth/authorize?" + query)
        return try await post(
            "/oauth/authorize/sign-in",
            form: ["csrf_token": Self.csrfToken(in: page) ?? "", "request": query, "identifier": identifier, "password": password]
        )
    }

    /// The form token of a page.
    static func csrfToken(in page: TestResponse) -> String? {
        guard let range = page.text.range(of: #"name="csrf_token" value="([^"]+)""#, options: .regularExpression) else { return nil }
        return String(page.text[range].dropFirst(#"name="csrf_token" value=""#.count).dropLast())
    }

    /// The query parameters of a redirect's `Location`.
    static func redirectParameters(_ response: TestResponse) -> [String: String] {
        guard let location = response.headers[.location], let items = URLComponents(string: location)?.queryItems else { return [:] }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    private var cookieHeader: HTTPFields {
        guard !cookies.isEmpty else { return [:] }
        return [.cookie: cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }

    private mutating func keepCookies(of response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            if header.lowercased().contains("max-age=0") { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = String(pair[1]) }
        }
    }
}

/// A client's PKCE pair (RFC 7636 S256) and authorization request.
struct LoginRequest: Sendable {
    var verifier = JWT.encode(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) })
    var clientID: String
    var redirectURI: String
    var state = "st-\(UUID().uuidString)"
    var nonce = "n-\(UUID().uuidString)"
    var scope = "openid profile"
    var extra: [String: String] = [:]

    var challenge: String { JWT.encode(bytes: Array(SHA256.hash(data: Array(verifier.utf8)))) }

    /// The authorization request's query string.
    var query: String {
        var parameters = [
            "response_type": "code", "client_id": clientID, "redirect_uri": redirectURI, "code_challenge": challenge,
            "code_challenge_method": "S256", "state": state, "nonce": nonce, "scope": scope,
        ]
        parameters.merge(extra) { _, new in new }
        var components = URLComponents()
        components.queryItems = parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    /// The token request that redeems `code`.
    func tokenForm(code: String) -> [String: String] {
        ["grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "code_verifier": verifier, "client_id": clientID]
    }
}
