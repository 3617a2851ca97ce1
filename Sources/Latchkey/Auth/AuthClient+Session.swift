import Foundation

/// The session's tokens: a valid access token for your own backend, and a refresh on demand.
extension AuthClient {
    /// A valid access token for the signed-in user, refreshed first when it expires within
    /// ``Latchkey/Options/refreshMargin`` — or always with `forcingRefresh` — like Firebase's
    /// `getIDToken(forcingRefresh:)` and supabase's `session`. Send it to your own backend, which
    /// verifies it against `/.well-known/jwks.json`. Throws ``LatchkeyError/notSignedIn`` when
    /// signed out, ``LatchkeyError/sessionExpired`` (and signs out) when the server ended the
    /// session, and a network error (keeping the session) when the server cannot be reached.
    public func accessToken(forcingRefresh: Bool = false) async throws -> String {
        try await (forcingRefresh ? refreshSession() : client.freshUser()).session.accessToken
    }

    /// Refreshes the session now, whatever the access token's expiry, and returns the user with
    /// the new tokens (observers get ``AuthEvent/tokenRefreshed(_:)``). Concurrent refreshes share
    /// one request.
    @discardableResult
    public func refreshSession() async throws -> CurrentUser {
        guard let user = client.currentUser else { throw LatchkeyError.notSignedIn }
        return try await client.refreshTokens(of: Latchkey.SessionStamp(key: user.sessionKey), replacing: user.session.accessToken, force: true)
    }
}
