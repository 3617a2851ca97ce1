public import Foundation

/// One sign-in through the server's hosted login page in a browser: the OAuth 2.0 authorization
/// code flow with PKCE (RFC 6749 §4.1, RFC 7636), as RFC 8252 asks of native apps. Make it with
/// ``AuthClient/webLoginRequest(redirectURI:prompt:loginHint:)``, open ``url`` in any browser
/// (`ASWebAuthenticationSession`, Custom Tabs, the system browser), and hand the URL the browser
/// is redirected to back to ``AuthClient/signIn(webLogin:callback:)``; on Apple platforms
/// ``AuthClient/signInWithWebLogin(redirectURI:prompt:loginHint:prefersEphemeralSession:)`` does
/// all three. Keep the request until the callback arrives: its PKCE verifier, `state` and `nonce`
/// are what make the code the browser brings back this app's and this request's.
public struct WebLoginRequest: Sendable, Equatable {
    /// The hosted login page to open: `/oauth/authorize` with the app's client id, the redirect
    /// URI, the scope, `state`, `nonce` and the PKCE challenge.
    public let url: URL
    /// Where the server sends the browser back: an app's private-use scheme
    /// (`com.example.app:/callback`), a loopback `http://127.0.0.1:PORT/…`, or an https URL
    /// registered for the app (`latchkey apps update ID --redirect-uri …`).
    public let redirectURI: String
    /// The scope asked for: `openid profile`, an ID token and the user's own account.
    public let scope: String
    /// The random value the callback must carry back unchanged (RFC 6749 §10.12: a callback
    /// that another site started is refused).
    public let state: String
    /// The random value the ID token must carry (OpenID Connect Core §3.1.2.1).
    public let nonce: String
    /// The PKCE pair; the verifier goes to the token endpoint with the code.
    public let pkce: PKCE

    /// A request to the server at `server` for the app `clientID`. `prompt` (`login`: ask for the
    /// password even with a browser session; `none`: never show a page) and `loginHint` (the
    /// identifier to fill in) are sent when given; `languages` become `ui_locales`.
    init(
        server: URL,
        clientID: String,
        redirectURI: String,
        prompt: String? = nil,
        loginHint: String? = nil,
        languages: [String] = [],
        scope: String = "openid profile",
        state: String = PKCE.randomToken(),
        nonce: String = PKCE.randomToken(),
        pkce: PKCE = PKCE()
    ) throws {
        var parameters = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("scope", scope), ("state", state),
            ("nonce", nonce), ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
        ]
        if let prompt { parameters.append(("prompt", prompt)) }
        if let loginHint { parameters.append(("login_hint", loginHint)) }
        if !languages.isEmpty { parameters.append(("ui_locales", languages.joined(separator: " "))) }
        var components = URLComponents(url: server.appendingPathComponent("oauth/authorize"), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = parameters.map { "\($0.0)=\(Self.queryEncoded($0.1))" }.joined(separator: "&")
        guard let url = components?.url, Self.components(of: redirectURI) != nil else {
            throw LatchkeyError.invalidOperation("the redirect URI \(redirectURI) is not a URL")
        }
        self.url = url
        self.redirectURI = redirectURI
        self.scope = scope
        self.state = state
        self.nonce = nonce
        self.pkce = pkce
    }

    /// The authorization code in `callback`, the URL the browser was sent back to. Throws
    /// ``LatchkeyError/Kind/webLoginStateMismatch`` when its `state` is not this request's (a
    /// callback this request did not start: checked before anything else),
    /// ``LatchkeyError/Kind/webLoginRefused(error:description:)`` for the server's OAuth error
    /// (`access_denied`, `login_required` after `prompt=none`, …), and
    /// ``LatchkeyError/Kind/invalidOperation(_:)`` for a URL that is not a callback to
    /// ``redirectURI`` with a code.
    public func code(from callback: URL) throws -> String {
        guard let received = URLComponents(url: callback, resolvingAgainstBaseURL: false), let expected = Self.components(of: redirectURI),
            received.scheme?.lowercased() == expected.scheme?.lowercased(), received.host?.lowercased() == expected.host?.lowercased(),
            received.port == expected.port, received.path == expected.path
        else { throw LatchkeyError.invalidOperation("\(callback) is not a callback to \(redirectURI)") }
        let parameters = Dictionary((received.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        guard parameters["state"] == state else { throw LatchkeyError.webLoginStateMismatch }
        if let error = parameters["error"] {
            throw LatchkeyError.webLoginRefused(error: error, description: parameters["error_description"])
        }
        guard let code = parameters["code"], !code.isEmpty else { throw LatchkeyError.invalidOperation("the callback carries no code") }
        return code
    }

    private static func components(of uri: String) -> URLComponents? {
        guard let components = URLComponents(string: uri), components.scheme != nil else { return nil }
        return components
    }

    /// `value` for a query: everything but `A–Z a–z 0–9 - . _ ~` percent-encoded (so `+`, `&`
    /// and `=` in a redirect URI survive).
    private static func queryEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: PKCE.unreserved) ?? value
    }
}
