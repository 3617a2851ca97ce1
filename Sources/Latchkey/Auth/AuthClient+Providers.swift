import Foundation
import LatchkeyWire

extension AuthClient {
    /// Signs in with a token from an external provider the app configured under `provider`
    /// (`google`, `apple`, `facebook`, …): an OpenID Connect ID token, or a Facebook access
    /// token (Kuggle's `fbtoken`). The first sign-in creates the user with the provider's
    /// profile. Give `nonce` when the app put one in the provider's request; the ID token must
    /// then carry it. A token the server refuses throws `.server(code: "invalid_provider_token")`;
    /// an email that belongs to another account throws `.server(code: "account_exists")`.
    @discardableResult
    public func signIn(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        let request = ExternalSignInRequest(provider: provider, token: token, nonce: nonce)
        return try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/external", body: request, as: .none))
    }

    /// Links a provider to the signed-in user, so they can sign in with it too, and returns the
    /// user with the new identity. An identity of another user throws
    /// `.server(code: "identity_in_use")`.
    @discardableResult
    public func link(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        let request = ExternalSignInRequest(provider: provider, token: token, nonce: nonce)
        return try await updatingProfile { try await transport.decode(UserRecord.self, .post, "v1/me/identities", body: request) }
    }

    /// Unlinks a provider from the signed-in user and returns the user without it. The user's
    /// only way to sign in cannot be unlinked: that throws `.server(code: "last_identity")`.
    @discardableResult
    public func unlink(provider: String) async throws -> CurrentUser {
        try await updatingProfile { try await transport.decode(UserRecord.self, .delete, "v1/me/identities/\(provider)") }
    }
}
