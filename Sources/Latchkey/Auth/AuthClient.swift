import Foundation
import LatchkeyWire

/// Accounts and sessions: sign-up, sign-in (password, phone PIN, external providers), sign-out,
/// the user's profile, password, email links, passkeys and tokens. Reach it as `latchkey.auth`.
/// Every call goes through the client's one ``AuthorizedTransport``, so tokens are attached and
/// refreshed the same way everywhere.
public struct AuthClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }
}

extension Latchkey {
    /// Accounts and sessions: sign-up, sign-in, sign-out, the profile, email links, tokens.
    public var auth: AuthClient { AuthClient(client: self) }
}

extension AuthClient {
    /// Creates a user with a username (KWS createUser) and signs them in. Every invalid field is
    /// reported at once: a single field error as its own case, several as ``LatchkeyError/validation(_:)``.
    @discardableResult
    public func signUp(
        username: String,
        password: String,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil
    ) async throws -> CurrentUser {
        let request = SignUpRequest(
            username: username,
            password: password,
            dateOfBirth: dateOfBirth,
            country: country,
            parentEmail: parentEmail
        )
        return try await signUp(request)
    }

    /// Creates a user with an email and password (Wilddog createUser). An app that reveals taken
    /// emails signs the user in (``EmailSignUpResult/signedIn(_:)``); one that hides them (the
    /// default) answers without a session, for a free address and a taken one alike, and this
    /// returns ``EmailSignUpResult/verificationSent(email:)``: the new account signs in once the
    /// link sent to the address verifies it. A malformed email throws ``LatchkeyError/invalidEmail``
    /// before any request.
    @discardableResult
    public func signUp(email: String, password: String) async throws -> EmailSignUpResult {
        try Self.requireWellFormed(email)
        let answer = try await signUpAnswer(SignUpRequest(email: email, password: password))
        guard answer.session != nil else { return .verificationSent(email: email) }
        return .signedIn(try signedIn(answer))
    }

    /// Signs in with a username and password (KWS authUser, Kii logIn).
    @discardableResult
    public func signIn(username: String, password: String) async throws -> CurrentUser {
        try await signIn(SignInRequest(username: username, password: password))
    }

    /// Signs in with an email and password (Wilddog authUser). A malformed email throws
    /// ``LatchkeyError/invalidEmail`` before any request: no account can have it.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> CurrentUser {
        try Self.requireWellFormed(email)
        return try await signIn(SignInRequest(email: email, password: password))
    }

    /// Throws ``LatchkeyError/invalidEmail`` for an address the server would refuse, so a typo
    /// gets Wilddog's `InvalidEmail` at once rather than a round trip.
    static func requireWellFormed(_ email: String) throws {
        guard Validation.isValidEmail(email) else { throw LatchkeyError.invalidEmail }
    }

    /// Signs in with an access token alone (Kii `authenticateWithToken`): the server says whose it
    /// is. Without a refresh token the session ends when the access token expires. A string that
    /// is not an access token at all throws ``LatchkeyError/invalidToken``; one the server refuses
    /// throws ``LatchkeyError/sessionExpired``.
    @discardableResult
    public func signIn(accessToken: String) async throws -> CurrentUser {
        guard let claims = CurrentUser.claims(of: accessToken) else { throw LatchkeyError.invalidToken }
        let answer = try await client.transport.decode(CurrentSession.self, .get, "v1/auth/session", token: accessToken)
        let user = CurrentUser(
            profile: answer.user,
            accessToken: accessToken,
            refreshToken: nil,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(claims.exp)),
            loginDate: client.options.clock(),
            claims: claims
        )
        client.transition(to: user, event: .signedIn(user))
        return user
    }

    /// Signs out: the server revokes the session (Wilddog `unauth`) so its tokens stop working,
    /// and the stored user is cleared. With `everywhere`, every session of the user ends.
    /// The local session is cleared even when the server cannot be reached; the error is rethrown.
    /// A session the server had already ended is signed out as ``SignOutReason/userInitiated`` too.
    public func signOut(everywhere: Bool = false) async throws {
        let stamp = client.sessionStamp
        guard stamp.key != nil else { return }
        do {
            _ = try await transport.send(.post, "v1/auth/signout", query: everywhere ? ["all": "true"] : [:], as: .userSigningOut)
        } catch LatchkeyError.sessionExpired {
            // Already gone on the server.
        } catch {
            client.endSession(reason: .userInitiated, ifStill: stamp)
            throw error
        }
        client.endSession(reason: .userInitiated, ifStill: stamp)
    }

    /// The user stored by a previous launch (Kii's stored credentials), restored without a
    /// network call; nil when there is none. The SDK already does this at `init`; call it after
    /// another process may have changed the store. Observers hear of a change.
    @discardableResult
    public func restoreSession() -> CurrentUser? {
        var stored: CurrentUser?
        client.transition { current in
            stored = client.credentialStore.load()
            guard stored != current else { return nil }
            return (stored, stored.map(AuthEvent.signedIn) ?? .signedOut(.userInitiated))
        }
        return stored
    }

    /// Fetches the user's full attributes from the server (Kii `refresh`).
    @discardableResult
    public func reloadUser() async throws -> CurrentUser {
        try await updatingProfile { try await transport.decode(UserRecord.self, .get, "v1/me") }
    }

    /// Runs `request` for the signed-in user and stores the profile it answers. The answer is
    /// applied only if the session it was asked for is still the current one; otherwise (signed
    /// out, or another user signed in meanwhile) it is dropped and this throws
    /// ``LatchkeyError/sessionExpired``.
    func updatingProfile(_ request: () async throws -> UserRecord) async throws -> CurrentUser {
        let stamp = client.sessionStamp
        guard stamp.key != nil else { throw LatchkeyError.notSignedIn }
        let profile = try await request()
        var updated: CurrentUser?
        client.transition(ifStill: stamp) { current in
            guard var user = current else { return nil }
            user.profile = profile
            updated = user
            return (user, .userUpdated(user))
        }
        guard let updated else { throw LatchkeyError.sessionExpired }
        return updated
    }

    private func signUp(_ request: SignUpRequest) async throws -> CurrentUser {
        try signedIn(try await signUpAnswer(request))
    }

    private func signUpAnswer(_ request: SignUpRequest) async throws -> AuthResponse {
        try await transport.decode(AuthResponse.self, .post, "v1/auth/signup", body: request, as: .none)
    }

    private func signIn(_ request: SignInRequest) async throws -> CurrentUser {
        try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/signin", body: request, as: .none))
    }

    /// Stores the user of a sign-in answer and tells observers.
    func signedIn(_ answer: AuthResponse) throws -> CurrentUser {
        let user = try client.makeUser(answer, loginDate: client.options.clock())
        client.options.log?("signed in \(user.id)")
        client.transition(to: user, event: .signedIn(user))
        return user
    }
}
