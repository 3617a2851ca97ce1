public import Foundation
public import LatchkeyWire

extension AuthClient {
    /// The WebAuthn options for a new passkey of the signed-in user, for clients that drive the
    /// ceremony themselves (a browser's `navigator.credentials.create`, Android's Credential
    /// Manager, a security-key library). On Apple platforms, ``registerPasskey(name:presentationAnchor:)``
    /// does the whole ceremony. The app must have `passkey` in its `signInMethods`.
    public func passkeyCreationOptions() async throws -> PasskeyCreationOptions {
        try await transport.decode(PasskeyCreationOptions.self, .post, "v1/me/passkeys/options")
    }

    /// Registers the credential an authenticator made for ``passkeyCreationOptions()``. The
    /// passkey becomes one of the user's ways to sign in — a guest is upgraded in place and
    /// ``CurrentUser/isAnonymous`` turns false. Needs a recent sign-in
    /// (`.reauthenticationRequired` otherwise); a credential that does not
    /// verify throws ``LatchkeyError/Kind/invalidPasskey(reason:)``.
    @discardableResult
    public func registerPasskey(_ credential: PasskeyRegistrationCredential, name: String? = nil) async throws -> PasskeyRecord {
        let record = try await transport.decode(
            PasskeyRecord.self,
            .post,
            "v1/me/passkeys",
            body: PasskeyRegistrationRequest(credential: credential, name: name)
        )
        _ = try await reloadUser()
        return record
    }

    /// The signed-in user's passkeys, oldest first.
    public func passkeys() async throws -> [PasskeyRecord] {
        try await transport.decode(PasskeyList.self, .get, "v1/me/passkeys").passkeys
    }

    /// Removes one of the user's passkeys; it signs in no more. The user's last way to sign in
    /// cannot be removed (``LatchkeyError/Kind/lastIdentity``).
    public func deletePasskey(id: String) async throws {
        _ = try await transport.send(.delete, "v1/me/passkeys/\(id)")
        _ = try await reloadUser()
    }

    /// The WebAuthn options for signing in with a passkey and no username, for clients that
    /// drive the ceremony themselves; on Apple platforms ``signInWithPasskey(presentationAnchor:)``
    /// does the whole ceremony.
    public func passkeySignInOptions() async throws -> PasskeyRequestOptions {
        try await transport.decode(PasskeyRequestOptions.self, .post, "v1/auth/passkey/options", as: .none)
    }

    /// Signs in with a passkey's answer to ``passkeySignInOptions()``. An answer that does not
    /// verify — a passkey the server does not know, an expired challenge — throws
    /// ``LatchkeyError/Kind/invalidPasskey(reason:)``.
    @discardableResult
    public func signIn(passkey credential: PasskeyAssertionCredential) async throws -> CurrentUser {
        try signedIn(
            try await transport.decode(AuthResponse.self, .post, "v1/auth/passkey", body: PasskeySignInRequest(credential: credential), as: .none)
        )
    }
}

extension Latchkey {
    /// ``AuthClient/passkeyCreationOptions()``.
    @available(*, deprecated, message: "use auth.passkeyCreationOptions")
    public func passkeyCreationOptions() async throws -> PasskeyCreationOptions {
        try await auth.passkeyCreationOptions()
    }

    /// ``AuthClient/registerPasskey(_:name:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.registerPasskey")
    public func registerPasskey(_ credential: PasskeyRegistrationCredential, name: String? = nil) async throws -> PasskeyRecord {
        try await auth.registerPasskey(credential, name: name)
    }

    /// ``AuthClient/passkeys()``.
    @available(*, deprecated, message: "use auth.passkeys")
    public func passkeys() async throws -> [PasskeyRecord] {
        try await auth.passkeys()
    }

    /// ``AuthClient/deletePasskey(id:)``.
    @available(*, deprecated, message: "use auth.deletePasskey")
    public func deletePasskey(id: String) async throws {
        try await auth.deletePasskey(id: id)
    }

    /// ``AuthClient/passkeySignInOptions()``.
    @available(*, deprecated, message: "use auth.passkeySignInOptions")
    public func passkeySignInOptions() async throws -> PasskeyRequestOptions {
        try await auth.passkeySignInOptions()
    }

    /// ``AuthClient/signIn(passkey:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(passkey credential: PasskeyAssertionCredential) async throws -> CurrentUser {
        try await auth.signIn(passkey: credential)
    }
}
