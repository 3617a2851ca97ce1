/// Who a provider says a token's holder is, after the token checked out.
struct ProviderProfile: Sendable, Equatable {
    /// The user's id at the provider (`sub`, or Facebook's `user_id`).
    var subject: String
    /// The email the provider reports, if any.
    var email: String?
    /// Whether the provider says it verified that email.
    var emailVerified: Bool
    /// The user's name at the provider.
    var name: String?
}

/// Why a provider token could not be used. Every `rejected` reason answers the same
/// `401 invalid_provider_token`; the reason is only logged.
enum ProviderCheckFailure: Error, Equatable {
    /// The token failed a check (signature, issuer, audience, expiry, nonce, Graph API verdict).
    case rejected(String)
    /// The provider could not be reached or answered nonsense about its own keys.
    case unreachable(String)
}
