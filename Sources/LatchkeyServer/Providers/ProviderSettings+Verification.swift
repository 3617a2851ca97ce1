import Foundation

extension ProviderSettings {
    /// The `provider` an identity of this provider is stored under: the issuer URL for OpenID
    /// Connect (users are keyed by issuer and subject), `facebook` for Facebook.
    var identityProvider: String {
        switch kind {
        case .openIDConnect: return issuer ?? ""
        case .facebook: return "facebook"
        }
    }

    /// The identity to store for a verified profile; `name` is the app's name for the provider.
    func identity(of profile: ProviderProfile, name: String) -> UserStore.NewIdentity {
        UserStore.NewIdentity(
            provider: identityProvider, subject: profile.subject, name: kind == .openIDConnect ? name : nil,
            email: profile.email, emailVerified: profile.emailVerified)
    }

    /// The profile a provider token proves, checked the way this provider's tokens are checked.
    func verify(_ token: String, nonce: String?, keys: ProviderKeyCache, at now: Date) async throws(ProviderCheckFailure)
        -> ProviderProfile
    {
        switch kind {
        case .openIDConnect:
            guard let issuer else { throw .rejected("no issuer configured") }
            return try await IDTokenVerifier(keys: keys).verify(token, issuer: issuer, settings: self, nonce: nonce, at: now)
        case .facebook:
            return try await FacebookTokenChecker.verify(token, settings: self, at: now)
        }
    }
}
