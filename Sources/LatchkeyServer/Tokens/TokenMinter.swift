import Foundation
import LatchkeyWire

/// Mints access tokens for sessions and clients: the claims, signed with the current key.
struct TokenMinter: Sendable {
    let issuer: Issuer
    let codec: AccessTokenCodec
    let time: any TimeSource

    /// The scope of a user session.
    static let userScope = "openid profile public"
    /// The scope of a child's session while their parent has not consented: nothing public.
    static let restrictedUserScope = "openid profile"

    /// The scope `account`'s sessions get now: restricted while a child's consent is anything
    /// but granted. Read at every sign-in and refresh, so a grant shows at the next refresh.
    static func scope(of account: UserAccount) -> String {
        account.consent?.isRestricted == true ? restrictedUserScope : userScope
    }

    /// Access token plus the refresh token, as the API returns a session.
    func sessionTokens(app: App, account: UserAccount, sessionID: String, refreshToken: String) throws -> SessionTokens {
        let scope = Self.scope(of: account)
        let (token, expiresAt) = try accessToken(
            app: app,
            subject: account.id,
            sessionID: sessionID,
            scope: scope,
            isAnonymous: account.isAnonymous
        )
        return SessionTokens(
            accessToken: token,
            refreshToken: refreshToken,
            expiresIn: app.settings.auth.accessTokenTTL,
            expiresAt: expiresAt,
            scope: scope
        )
    }

    /// A signed access token for `subject` in `app`; a guest's carries `is_anonymous: true`.
    func accessToken(app: App, subject: String, sessionID: String?, scope: String, isAnonymous: Bool = false) throws -> (String, Date) {
        let claims = self.claims(app: app, subject: subject, sessionID: sessionID, scope: scope, isAnonymous: isAnonymous)
        return (try codec.sign(claims), Date(timeIntervalSince1970: TimeInterval(claims.exp)))
    }

    /// The claims an access token issued now carries; the rules simulator shows a user's without
    /// signing them.
    func claims(app: App, subject: String, sessionID: String?, scope: String, isAnonymous: Bool = false) -> AccessTokenClaims {
        let issuedAt = Int(time.now().timeIntervalSince1970)
        return AccessTokenClaims(
            iss: issuer.current,
            sub: subject,
            aud: app.clientID,
            exp: issuedAt + app.settings.auth.accessTokenTTL,
            iat: issuedAt,
            nbf: issuedAt,
            jti: SecureRandom.identifier(),
            sid: sessionID,
            scope: scope,
            appId: app.id,
            clientId: app.clientID,
            isAnonymous: isAnonymous ? true : nil
        )
    }
}
