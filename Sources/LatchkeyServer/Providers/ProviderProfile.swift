import Foundation

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
    /// What the provider says of the user's profile (first name, birthday, gender), which fills
    /// the profile of a user it signs up.
    var details = ProviderDetails()
    /// For a token that may be used once (an ID token): what names it, and until when it could
    /// be used at all. Nil for tokens that are presented again by design (Facebook access tokens).
    var singleUse: SingleUse? = nil

    /// What identifies a single-use token, and how long it must be remembered.
    struct SingleUse: Sendable, Equatable {
        /// SHA-256 of the signed part of the token (header and payload), so a re-encoded
        /// signature of the same token is the same token.
        var digest: String
        /// When the token stops being accepted anyway (its `exp` plus the leeway).
        var expiresAt: Date
    }
}

/// Profile facts a provider may give, as it gives them.
struct ProviderDetails: Sendable, Equatable {
    /// OpenID Connect `given_name`, Facebook `first_name`.
    var firstName: String?
    /// OpenID Connect `birthdate` (`YYYY-MM-DD`), Facebook `birthday` (`MM/DD/YYYY`).
    var birthday: String?
    /// OpenID Connect and Facebook `gender`.
    var gender: String?
}

/// Why a provider token could not be used. Every `rejected` reason answers the same
/// `401 invalid_provider_token`; the reason is only logged.
enum ProviderCheckFailure: Error, Equatable {
    /// The token failed a check (signature, issuer, audience, expiry, nonce, Graph API verdict).
    case rejected(String)
    /// The provider could not be reached or answered nonsense about its own keys.
    case unreachable(String)
}
