import Foundation

extension ProviderSettings {
    /// The `provider` an identity of this provider is stored under: the issuer URL for OpenID
    /// Connect (users are keyed by issuer and subject), `facebook` for Facebook, the user-info
    /// URL for plain OAuth 2.0 (whose ids are unique there).
    var identityProvider: String {
        switch kind {
        case .openIDConnect: return issuer ?? ""
        case .facebook: return "facebook"
        case .oauth2: return userInfoURL ?? ""
        }
    }

    /// The identity to store for a verified profile; `name` is the app's name for the provider.
    func identity(of profile: ProviderProfile, name: String) -> UserStore.NewIdentity {
        UserStore.NewIdentity(
            provider: identityProvider,
            subject: profile.subject,
            name: kind == .facebook ? nil : name,
            email: profile.email,
            emailVerified: profile.emailVerified
        )
    }

    /// The profile a provider token proves, checked the way this provider's tokens are checked.
    /// A plain OAuth 2.0 access token is read only when `exchanged`: the server got it itself
    /// for its own code (``OAuth2UserInfo``); a client's is refused.
    func verify(
        _ token: String,
        nonce: String?,
        keys: ProviderKeyCache,
        exchanged: Bool,
        at now: Date
    ) async throws(ProviderCheckFailure)
        -> ProviderProfile
    {
        switch kind {
        case .openIDConnect:
            return try await IDTokenVerifier(keys: keys).verify(token, settings: self, nonce: nonce, at: now)
        case .facebook:
            return try await FacebookTokenChecker.verify(token, settings: self, at: now)
        case .oauth2:
            guard exchanged else { throw .rejected("an OAuth 2.0 access token names no audience: sign in through the hosted login") }
            return try await OAuth2UserInfo.profile(accessToken: token, settings: self)
        }
    }
}
