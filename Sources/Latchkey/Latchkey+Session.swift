import Foundation
import LatchkeyWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Latchkey {
    /// Runs `call` with the signed-in user's access token: refreshed first when it is about to
    /// expire, and once more (single-flight) when the server refuses it, then `call` runs again. A
    /// session the server says is gone signs the user out with reason ``SignOutReason/revoked``; a
    /// network failure never signs anyone out.
    func withAccessToken<T>(_ call: (String) async throws -> T) async throws -> T {
        var user = try await freshUser()
        do {
            return try await call(user.accessToken)
        } catch LatchkeyError.sessionExpired {
            user = try await refreshTokens(replacing: user.accessToken, force: true)
            do {
                return try await call(user.accessToken)
            } catch LatchkeyError.sessionExpired {
                endSession(reason: .revoked)
                throw LatchkeyError.sessionExpired
            }
        }
    }

    /// The current user, refreshed first if its access token expires within the margin.
    func freshUser() async throws -> CurrentUser {
        guard let user = currentUser else { throw LatchkeyError.notSignedIn }
        if user.expiresAt.timeIntervalSince(options.clock()) > options.refreshMargin { return user }
        return try await refreshTokens(replacing: user.accessToken, force: false)
    }

    /// Refreshes the session's tokens, single-flight. A caller whose token was already replaced
    /// by a concurrent refresh gets the new user without another request.
    func refreshTokens(replacing staleToken: String, force: Bool) async throws -> CurrentUser {
        try await refresher.refresh { [self] in
            guard let user = currentUser else { throw LatchkeyError.notSignedIn }
            if user.accessToken != staleToken,
                force || user.expiresAt.timeIntervalSince(options.clock()) > options.refreshMargin
            {
                return user
            }
            guard let refreshToken = user.refreshToken else {
                endSession(reason: .expired)
                throw LatchkeyError.sessionExpired
            }
            do {
                let answer = try await transport.decode(
                    AuthResponse.self, .post, "v1/auth/refresh", body: RefreshRequest(refreshToken: refreshToken))
                let updated = try makeUser(answer, loginDate: user.loginDate)
                options.log?("tokens refreshed")
                transition(to: updated, event: .tokenRefreshed(updated))
                return updated
            } catch LatchkeyError.sessionExpired {
                endSession(reason: .revoked)
                throw LatchkeyError.sessionExpired
            }
        }
    }

    /// Builds the current user from a sign-in, sign-up or refresh answer.
    func makeUser(_ answer: AuthResponse, loginDate: Date) throws -> CurrentUser {
        guard let session = answer.session, let claims = CurrentUser.claims(of: session.accessToken) else {
            throw LatchkeyError.server(code: "unexpected_response", message: "the answer holds no session")
        }
        return CurrentUser(
            profile: answer.user, accessToken: session.accessToken, refreshToken: session.refreshToken,
            expiresAt: session.expiresAt, loginDate: loginDate, claims: claims)
    }

    /// Forgets the signed-in user locally.
    func endSession(reason: SignOutReason) {
        guard currentUser != nil else { return }
        options.log?("signed out (\(reason))")
        transition(to: nil, event: .signedOut(reason))
    }
}
