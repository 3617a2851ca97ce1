import Foundation
import LatchkeyWire

/// Mints access tokens for sessions and clients: the claims, signed with the current key.
struct TokenMinter: Sendable {
    let issuer: Issuer
    let codec: AccessTokenCodec
    let time: any TimeSource

    /// The scope every user session gets.
    static let userScope = "openid profile public"

    /// Access token plus the refresh token, as the API returns a session.
    func sessionTokens(app: App, userID: String, sessionID: String, refreshToken: String) throws -> SessionTokens {
        let (token, expiresAt) = try accessToken(app: app, subject: userID, sessionID: sessionID, scope: Self.userScope)
        return SessionTokens(
            accessToken: token, refreshToken: refreshToken, expiresIn: app.settings.accessTokenTTL, expiresAt: expiresAt)
    }

    /// A signed access token for `subject` in `app`.
    func accessToken(app: App, subject: String, sessionID: String?, scope: String) throws -> (String, Date) {
        let now = time.now()
        let issuedAt = Int(now.timeIntervalSince1970)
        let expiry = issuedAt + app.settings.accessTokenTTL
        let claims = AccessTokenClaims(
            iss: issuer.current, sub: subject, aud: app.clientID, exp: expiry, iat: issuedAt, nbf: issuedAt,
            jti: SecureRandom.identifier(), sid: sessionID, scope: scope, appId: app.id, clientId: app.clientID)
        return (try codec.sign(claims), Date(timeIntervalSince1970: TimeInterval(expiry)))
    }
}
