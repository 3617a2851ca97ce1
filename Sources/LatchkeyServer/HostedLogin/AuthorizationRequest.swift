import Foundation
import Hummingbird

/// An authorization request (RFC 6749 §4.1.1 with RFC 7636 §4.3 and OpenID Connect Core
/// §3.1.2.1), checked in RFC 6749 §4.1.2.1's two stages: until the client and its redirect URI
/// are established nothing may be sent to the URI (a ``AuthorizationFailure/untrusted(_:)``
/// renders an error page); after, every problem goes back to the client
/// (``AuthorizationFailure/redirect(_:_:to:state:)``).
///
/// The hosted login's pages carry the request's query string in their forms and check it again
/// at every step, so no state lives on the server between the pages.
struct AuthorizationRequest: Sendable {
    /// The client.
    var app: App
    /// The redirect URI, as the client sent it.
    var redirectURI: String
    /// The client's `state`, returned as given.
    var state: String?
    /// OpenID Connect's `nonce`, put in the ID token.
    var nonce: String?
    /// The PKCE challenge (S256).
    var codeChallenge: String
    /// The scopes asked for, sorted.
    var scopes: [String]
    /// `prompt`.
    var prompt: Prompt?
    /// `max_age` in seconds: sign in again when the last sign-in is older.
    var maxAge: Int?
    /// `login_hint`: the sign-in form's username or email, prefilled.
    var loginHint: String?
    /// `ui_locales`.
    var uiLocales: String?
    /// The query string as received, which the pages' forms carry.
    var query: String

    /// The `prompt` values the server acts on (OpenID Connect Core §3.1.2.1).
    enum Prompt: String, Sendable {
        /// Sign in even when the browser session could sign the user in.
        case login
        /// `prompt=none`: never show a page — `login_required` when there is no usable browser
        /// session, `consent_required` when a third-party app lacks the user's consent. (Not
        /// named `none`, which an optional prompt would confuse with `Optional.none`.)
        case noInteraction = "none"
    }

    /// The scopes a client may ask for (OpenID Connect's `openid` among them).
    static let supportedScopes: Set<String> = ["openid", "profile", "public", "email"]
    /// The parameters the endpoint reads; others are ignored (RFC 6749 §3.1).
    static let parameters: Set<String> = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "nonce", "code_challenge", "code_challenge_method",
        "prompt", "max_age", "login_hint", "ui_locales", "response_mode",
    ]

    /// Checks the query `query` of an authorization request against the app it names.
    static func parse(query: String, apps: AppDirectory) async throws(AuthorizationFailure) -> AuthorizationRequest {
        guard let fields = Self.fields(of: query) else { throw .untrusted("malformed") }
        func single(_ name: String) throws(AuthorizationFailure) -> String? {
            guard let values = fields[name] else { return nil }
            guard values.count == 1 else { throw .untrusted("malformed") }
            return values[0]
        }
        guard let clientID = try single("client_id"), !clientID.isEmpty else { throw .untrusted("client_missing") }
        let found: App?
        do { found = try await apps.app(clientID: clientID) } catch { throw .untrusted("client_unknown") }
        guard let app = found else { throw .untrusted("client_unknown") }
        guard let redirectURI = try single("redirect_uri"), RedirectURIRule.allows(redirectURI, registered: app.settings.oauth.redirectURIs) else {
            throw .untrusted("redirect_uri")
        }
        // From here on the client hears of every problem at its redirect URI.
        let state = fields["state"]?.first
        func refuse(_ error: String, _ description: String) -> AuthorizationFailure {
            .redirect(error, description, to: redirectURI, state: state)
        }
        for name in parameters where (fields[name]?.count ?? 0) > 1 {
            throw refuse("invalid_request", "\(name) is repeated.")
        }
        // OpenID Connect Core §6: request objects are not supported, and saying so beats acting on
        // the plain parameters a request object was meant to replace.
        if fields["request"] != nil { throw refuse("request_not_supported", "Request objects are not supported.") }
        if fields["request_uri"] != nil { throw refuse("request_uri_not_supported", "request_uri is not supported.") }
        guard let responseType = fields["response_type"]?.first else { throw refuse("invalid_request", "response_type is required.") }
        guard responseType == "code" else { throw refuse("unsupported_response_type", "Only response_type=code is supported.") }
        if let mode = fields["response_mode"]?.first, mode != "query" {
            throw refuse("invalid_request", "Only response_mode=query is supported.")
        }
        guard let challenge = fields["code_challenge"]?.first else { throw refuse("invalid_request", "code_challenge is required (PKCE).") }
        guard fields["code_challenge_method"]?.first == "S256" else {
            throw refuse("invalid_request", "code_challenge_method must be S256.")
        }
        guard PKCE.isWellFormedChallenge(challenge) else { throw refuse("invalid_request", "code_challenge is malformed.") }
        let scopes = Set((fields["scope"]?.first ?? "openid").split(separator: " ").map(String.init))
        guard !scopes.isEmpty, scopes.isSubset(of: supportedScopes) else {
            throw refuse("invalid_scope", "The requested scope is unknown.")
        }
        var prompt: Prompt?
        if let value = fields["prompt"]?.first {
            guard let known = Prompt(rawValue: value) else { throw refuse("invalid_request", "prompt must be login or none.") }
            prompt = known
        }
        var maxAge: Int?
        if let value = fields["max_age"]?.first {
            guard let seconds = Int(value), seconds >= 0 else { throw refuse("invalid_request", "max_age must be a number of seconds.") }
            maxAge = seconds
        }
        let nonce = fields["nonce"]?.first
        if let nonce, nonce.utf8.count > 512 { throw refuse("invalid_request", "nonce is too long.") }
        if let state, state.utf8.count > 2048 { throw refuse("invalid_request", "state is too long.") }
        return AuthorizationRequest(
            app: app,
            redirectURI: redirectURI,
            state: state,
            nonce: nonce,
            codeChallenge: challenge,
            scopes: scopes.sorted(),
            prompt: prompt,
            maxAge: maxAge,
            loginHint: fields["login_hint"]?.first.map { String($0.prefix(256)) },
            uiLocales: fields["ui_locales"]?.first,
            query: query
        )
    }

    /// The request's own query string, from a request to the authorization endpoint or a page.
    static func query(of request: Request) -> String {
        request.uri.query ?? ""
    }

    /// The language of the pages: `ui_locales`, else `Accept-Language`.
    func language(of request: Request) -> Language {
        Language(uiLocales: uiLocales, of: request)
    }

    /// The `form-action` sources of the request's pages: the redirect URI's origin, where a
    /// form's answer may redirect.
    var formActions: [String] {
        RedirectURIRule.formActionSource(of: redirectURI).map { [$0] } ?? []
    }

    /// The URI the client gets the answer at: `parameters` (and `state`, and `iss` per RFC 9207)
    /// added to the redirect URI's query.
    func redirect(_ parameters: [String: String], issuer: String) -> String {
        var all = parameters
        all["state"] = state
        all["iss"] = issuer
        return Self.redirect(to: redirectURI, all)
    }

    /// `uri` with `parameters` appended to its query.
    static func redirect(to uri: String, _ parameters: [String: String]) -> String {
        var components = URLComponents(string: uri) ?? URLComponents()
        var items = components.queryItems ?? []
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { items.append(URLQueryItem(name: name, value: value)) }
        components.percentEncodedQuery = items.map { "\(FormEncoding.encode($0.name))=\(FormEncoding.encode($0.value ?? ""))" }
            .joined(separator: "&")
        return components.string ?? uri
    }

    /// The fields of a query string, each name with every value it was given; nil when malformed.
    static func fields(of query: String) -> [String: [String]]? {
        var fields: [String: [String]] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = FormEncoding.decode(parts[0]), let value = FormEncoding.decode(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            fields[name, default: []].append(value)
        }
        return fields
    }
}

/// Why an authorization request cannot go on.
enum AuthorizationFailure: Error {
    /// The client or its redirect URI is not established: an error page (`page.login.error.<reason>`),
    /// never a redirect.
    case untrusted(String)
    /// An RFC 6749 §4.1.2.1 error for the client, at its redirect URI.
    case redirect(_ error: String, _ description: String, to: String, state: String?)
}
