import Foundation
import LatchkeyWire

/// The token endpoint's `authorization_code` grant (RFC 6749 §4.1.3 with RFC 7636 §4.6): the
/// code redeemed once, by the client it was issued to, with the redirect URI it was issued for
/// and the PKCE verifier of its challenge. It starts a session of the app like a sign-in (access
/// token and rotating refresh token) and, for scope `openid`, adds an ID token.
struct AuthorizationCodeGrant: Sendable {
    let accounts: AccountService
    let codes: AuthorizationCodeStore
    let idTokens: IDTokenMinter
    let sessions: SessionStore
    let time: any TimeSource
    let users: UserStore

    init(backend: LatchkeyBackend) {
        accounts = AccountService(backend: backend)
        codes = AuthorizationCodeStore(driver: backend.driver)
        idTokens = IDTokenMinter(keys: backend.keyRing, issuer: backend.issuer, time: backend.time)
        sessions = backend.sessions
        time = backend.time
        users = backend.users
    }

    /// What the redeeming transaction found.
    private enum Outcome: Sendable {
        case issued(UserAccount, SessionRecord, refreshToken: String)
        /// The code was good but the request does not match it (redirect URI, verifier) or the
        /// user may no longer sign in: the code is spent all the same.
        case refused(String)
    }

    /// The token response for the code in `form`.
    func tokens(form: [String: String], app: App, client: ClientInfo) async throws -> [String: Any] {
        guard let code = form["code"] else { throw OAuthError.invalidRequest("code is required.") }
        guard let verifier = form["code_verifier"] else { throw OAuthError.invalidRequest("code_verifier is required (PKCE).") }
        guard let redirectURI = form["redirect_uri"] else { throw OAuthError.invalidRequest("redirect_uri is required.") }
        let now = time.now()
        let (redemption, outcome): (AuthorizationCodeStore.Redemption, Outcome?) = try await codes.redeem(
            code,
            appID: app.id,
            at: now,
            sessions: sessions
        ) {
            [users, sessions, accounts] grant, db in
            guard grant.redirectURI == redirectURI else { return (Outcome.refused("redirect_uri does not match the authorization request."), nil) }
            guard PKCE.verifies(verifier, challenge: grant.codeChallenge) else {
                return (Outcome.refused("code_verifier does not match the code_challenge."), nil)
            }
            guard let account = try await users.find(id: grant.userID, appID: app.id, in: db), !account.disabled,
                let browser = try await sessions.find(id: grant.browserSessionID, in: db), browser.revokedAt == nil
            else { return (Outcome.refused("The sign-in behind the code has ended."), nil) }
            // The code rests on the browser's sign-in, not on this redemption: a silent
            // (`prompt=none`) authorization must not pass the recent-authentication gate.
            let (session, refreshToken) = try await accounts.startSession(
                userID: account.id,
                app: app,
                client: client,
                at: now,
                authenticatedAt: grant.authTime,
                in: db
            )
            return (Outcome.issued(account, session, refreshToken: refreshToken), session.id)
        }
        guard case .redeemed(let grant) = redemption, let outcome else {
            throw OAuthError.invalidGrant("The authorization code is invalid, expired, used or another client's.")
        }
        guard case .issued(let account, let session, let refreshToken) = outcome else {
            if case .refused(let reason) = outcome { throw OAuthError.invalidGrant(reason) }
            throw OAuthError.invalidGrant("The authorization code is invalid.")
        }
        guard let tokens = try accounts.signedIn(account, session: session, refreshToken: refreshToken, app: app).session else {
            throw OAuthError.invalidGrant("No session was issued.")
        }
        var answer: [String: Any] = [
            "access_token": tokens.accessToken, "token_type": "Bearer", "expires_in": tokens.expiresIn,
            "refresh_token": tokens.refreshToken, "scope": tokens.scope ?? TokenMinter.userScope,
        ]
        if grant.scope.split(separator: " ").contains("openid") {
            answer["id_token"] = try idTokens.idToken(
                app: app,
                account: account,
                context: .init(sessionID: session.id, authTime: grant.authTime, nonce: grant.nonce, accessToken: tokens.accessToken)
            )
        }
        return answer
    }
}
