import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) and Kurogo's Session API.
extension HostedLoginFeature {
    /// The parameters of the end-session endpoint.
    static let logoutParameters: Set<String> = ["id_token_hint", "client_id", "post_logout_redirect_uri", "state", "ui_locales"]

    /// What a logout request names, once checked.
    private struct Logout {
        var app: App
        /// Where to send the browser after, when the request named a registered URI.
        var redirectURI: String?
        var state: String?
        /// The session of the ID token hint (its access tokens end with the browser session).
        var hintedSessionID: String?
        /// The user of the ID token hint, when an ID token of this server named the app.
        var hintedUserID: String?
    }

    /// `GET /oauth/logout`: with an ID token of this server as `id_token_hint` naming the user
    /// the browser is signed in as (or a browser signed in to no one), the browser's session of
    /// the app ends at once; otherwise a page asks the user to confirm. A link alone, or one
    /// carrying someone else's ID token, must not sign anyone out (RP-Initiated Logout 1.0 §2:
    /// a hint that is not the current user's makes the request suspect).
    func endSession(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        let fields = AuthorizationRequest.fields(of: AuthorizationRequest.query(of: request)) ?? [:]
        let parameters = fields.compactMapValues { $0.count == 1 ? $0[0] : nil }
        guard let logout = try await checkedLogout(parameters) else { return try errorPage("logout", request: request, status: .badRequest) }
        let signedIn = try await browser.find(cookie: context.browserSessionCookie, app: logout.app, at: time.now())?.userID
        guard let hinted = logout.hintedUserID, signedIn == nil || signedIn == hinted else {
            var page = Page("login/logout", title: "login.logout.title", language: Language(uiLocales: parameters["ui_locales"], of: request))
            page.brand(logout.app)
            page.values["fields"] = parameters.filter { Self.logoutParameters.contains($0.key) }.sorted { $0.key < $1.key }
                .map { ["name": $0.key, "value": $0.value] }
            page.csrf = csrf.issue(for: request)
            page.formActions = logout.redirectURI.flatMap(RedirectURIRule.formActionSource).map { [$0] } ?? []
            page.headers = [.cacheControl: "no-store"]
            return try pages.render(page)
        }
        return try await end(logout, request: request, browserCookie: context.browserSessionCookie)
    }

    /// `POST /oauth/logout`: the confirmation's form.
    func endSessionConfirmed(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        guard let logout = try await checkedLogout(context.form) else { return try errorPage("logout", request: request, status: .badRequest) }
        return try await end(logout, request: request, browserCookie: context.browserSessionCookie)
    }

    private func end(_ logout: Logout, request: Request, browserCookie: String?) async throws -> Response {
        let now = time.now()
        try await browser.end(cookie: browserCookie, app: logout.app, at: now)
        if let sessionID = logout.hintedSessionID { try await accounts.revoke(sessionID: sessionID) }
        if let uri = logout.redirectURI {
            var parameters: [String: String] = [:]
            parameters["state"] = logout.state
            return Self.redirect(to: AuthorizationRequest.redirect(to: uri, parameters))
        }
        var page = Page("login/message", title: "login.logout.done_title", language: Language(of: request))
        page.brand(logout.app)
        page.values["message"] = text("login.logout.done", page.language)
        page.headers = [.cacheControl: "no-store"]
        return try pages.render(page)
    }

    /// The app of a logout request (the ID token's audience, which `client_id` must agree with)
    /// and its `post_logout_redirect_uri`, which must be one of the app's redirect URIs by the
    /// authorization request's rule (exact, a loopback IP literal with any port); nil when either is wrong.
    private func checkedLogout(_ parameters: [String: String]) async throws -> Logout? {
        var clientID = parameters["client_id"]
        var hint: [String: Any]?
        if let token = parameters["id_token_hint"] {
            guard let claims = await idTokens.hintClaims(token), let audience = claims["aud"] as? String,
                clientID == nil || clientID == audience
            else { return nil }
            clientID = audience
            hint = claims
        }
        guard let clientID, let app = try await apps.app(clientID: clientID) else { return nil }
        let redirectURI = parameters["post_logout_redirect_uri"]
        if let redirectURI, !RedirectURIRule.allows(redirectURI, registered: app.settings.oauth.redirectURIs) { return nil }
        var hintedSession: String?
        if let hint, let sid = hint["sid"] as? String, let session = try await sessions.find(id: sid),
            session.userID == hint["sub"] as? String, session.appID == app.id
        {
            hintedSession = sid
        }
        return Logout(
            app: app,
            redirectURI: redirectURI,
            state: parameters["state"],
            hintedSessionID: hintedSession,
            hintedUserID: hint.map { $0["sub"] as? String ?? "" }
        )
    }

    /// `GET /v1/auth/browser-session` (Kurogo's Session API): whether the browser that sends the
    /// `lk_session` cookie has a live session of the app, and whose.
    func browserSessionStatus(_ request: Request, app: App) async throws -> Response {
        guard let session = try await browser.find(cookie: BrowserSessionStore.cookie(of: request), app: app, at: time.now()),
            let account = try await userCache.account(id: session.userID, appID: app.id), !account.disabled
        else { return try JSONResponse.make(BrowserSessionStatus(active: false), headers: [.cacheControl: "no-store"]) }
        return try JSONResponse.make(
            BrowserSessionStatus(active: true, user: account.record, authenticatedAt: session.authenticatedAt, expiresAt: session.expiresAt),
            headers: [.cacheControl: "no-store"]
        )
    }
}

/// The Session API's answer.
struct BrowserSessionStatus: Encodable, Sendable {
    /// Whether the browser is signed in to the app.
    var active: Bool
    /// Who, when it is.
    var user: UserRecord? = nil
    /// When they last signed in.
    var authenticatedAt: Date? = nil
    /// When the session ends at the latest.
    var expiresAt: Date? = nil
}
