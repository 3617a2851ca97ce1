import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Latchkey {
    /// Runs `call` with the signed-in user's access token: refreshed first when it is about to
    /// expire, and once more (single-flight) when the server refuses it, then `call` runs again. A
    /// session the server says is gone signs the user out with `refusal` (``SignOutReason/revoked``
    /// unless the call is a sign-out); a network failure never signs anyone out. Nothing here
    /// touches a session other than the one the call started with.
    func withAccessToken<T>(onRefusal refusal: SignOutReason = .revoked, _ call: (String) async throws -> T) async throws -> T {
        var user = try await freshUser(onRefusal: refusal)
        let stamp = SessionStamp(key: user.sessionKey)
        do {
            return try await call(user.session.accessToken)
        } catch LatchkeyError.sessionExpired {
            user = try await refreshTokens(of: stamp, replacing: user.session.accessToken, force: true, onRefusal: refusal)
            do {
                return try await call(user.session.accessToken)
            } catch LatchkeyError.sessionExpired {
                endSession(reason: refusal, ifStill: stamp)
                throw LatchkeyError.sessionExpired
            }
        }
    }

    /// The current user, refreshed first if its access token expires within the margin.
    func freshUser(onRefusal refusal: SignOutReason = .revoked) async throws -> CurrentUser {
        guard let user = currentUser else { throw LatchkeyError.notSignedIn }
        if user.session.expiresAt.timeIntervalSince(options.clock()) > options.refreshMargin { return user }
        return try await refreshTokens(of: SessionStamp(key: user.sessionKey), replacing: user.session.accessToken, force: false, onRefusal: refusal)
    }

    /// Refreshes the tokens of the session `stamp` names, single-flight per session. A caller
    /// whose token was already replaced by a concurrent refresh gets the new user without another
    /// request. A network error is retried (the answer may have been lost after the server
    /// rotated: the server gives a retry the same successor); if the session is no longer current
    /// when the answer arrives — signed out, or another user signed in — the answer is dropped and
    /// this throws ``LatchkeyError/sessionExpired`` without touching the current user.
    func refreshTokens(
        of stamp: SessionStamp,
        replacing staleToken: String,
        force: Bool,
        onRefusal refusal: SignOutReason = .revoked
    ) async throws -> CurrentUser {
        guard let key = stamp.key else { throw LatchkeyError.notSignedIn }
        return try await refresher.refresh(session: key) { [self] in
            guard let user = currentUser, user.sessionKey == key else { throw LatchkeyError.sessionExpired }
            if user.session.accessToken != staleToken,
                force || user.session.expiresAt.timeIntervalSince(options.clock()) > options.refreshMargin
            {
                return user
            }
            guard let refreshToken = user.session.refreshToken else {
                endSession(reason: .expired, ifStill: stamp)
                throw LatchkeyError.sessionExpired
            }
            do {
                let answer = try await retryingNetworkErrors {
                    try await transport.decode(AuthResponse.self, .post, "v1/auth/refresh", body: RefreshRequest(refreshToken: refreshToken))
                }
                let updated = try makeUser(answer, loginDate: user.session.loginDate)
                guard transition(to: updated, event: .tokenRefreshed(updated), ifStill: stamp) else {
                    throw LatchkeyError.sessionExpired
                }
                options.log?("tokens refreshed")
                if user.isRestricted && !updated.isRestricted {
                    transition(to: updated, event: .consentGranted(updated), ifStill: stamp)
                }
                return updated
            } catch LatchkeyError.sessionExpired {
                endSession(reason: refusal, ifStill: stamp)
                throw LatchkeyError.sessionExpired
            }
        }
    }

    /// How many times a refresh is sent before its network error is thrown.
    static let refreshAttempts = 3
    /// The pause before the first retry of a refresh, doubled before each further one.
    static let firstRefreshRetryPause: Duration = .milliseconds(300)

    /// Runs `send`, and again after a network error, up to ``refreshAttempts`` times with growing
    /// pauses; any other error, and cancellation, ends it at once.
    private func retryingNetworkErrors<T>(_ send: () async throws -> T) async throws -> T {
        var pause = Self.firstRefreshRetryPause
        for _ in 1..<Self.refreshAttempts {
            do {
                return try await send()
            } catch let error as LatchkeyError {
                guard case .network = error.kind else { throw error }
                options.log?("refresh failed (\(error)); retrying")
            }
            try await Task.sleep(for: pause)
            pause *= 2
        }
        return try await send()
    }

    /// Builds the current user from a sign-in, sign-up or refresh answer.
    func makeUser(_ answer: AuthResponse, loginDate: Date) throws -> CurrentUser {
        guard let session = answer.session, let claims = CurrentUser.claims(of: session.accessToken) else {
            throw LatchkeyError.server(code: "unexpected_response", message: "the answer holds no session")
        }
        return CurrentUser(
            profile: answer.user,
            accessToken: session.accessToken,
            refreshToken: session.refreshToken,
            expiresAt: session.expiresAt,
            loginDate: loginDate,
            claims: claims
        )
    }

    /// Forgets the signed-in user locally — only while the session `stamp` names is still
    /// current, when given.
    func endSession(reason: SignOutReason, ifStill stamp: SessionStamp? = nil) {
        let ended = transition(ifStill: stamp) { current in current == nil ? nil : (nil, .signedOut(reason)) }
        if ended { options.log?("signed out (\(reason))") }
    }
}
