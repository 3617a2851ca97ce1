import Foundation

/// `POST /v1/auth/external` (sign in with a provider) and `POST /v1/me/identities` (link a
/// provider to the signed-in user): a token the app got from an external provider.
public struct ExternalSignInRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["provider", "token", "nonce"]
    /// The app's name for the provider (`google`, `apple`, `facebook`, …).
    public var provider: String
    /// An OpenID Connect ID token, or a Facebook user access token.
    public var token: String
    /// The nonce the app put in the provider's authorization request; when given, the ID
    /// token's `nonce` claim must equal it.
    public var nonce: String?

    /// Creates an external sign-in (or link) request.
    public init(provider: String, token: String, nonce: String? = nil) {
        self.provider = provider
        self.token = token
        self.nonce = nonce
    }
}
