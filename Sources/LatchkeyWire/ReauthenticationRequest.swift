import Foundation

/// `POST /v1/me/reauthenticate`: the signed-in user proves who they are again, with exactly one
/// of their password, a provider token of an identity they hold, or a PIN sent to their own
/// number (`POST /v1/auth/phone/start`). Email change, provider linking and account deletion need
/// a sign-in or a re-authentication within the last few minutes.
public struct ReauthenticationRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["password", "provider", "token", "nonce", "requestId", "pin"]
    /// The user's password.
    public var password: String?
    /// The app's name for the provider whose `token` is given.
    public var provider: String?
    /// An ID token (or Facebook access token) of an identity the user holds.
    public var token: String?
    /// The nonce of the provider request, when the token carries one.
    public var nonce: String?
    /// The `requestId` of a PIN sent to the user's number.
    public var requestId: String?
    /// The PIN.
    public var pin: String?

    /// Re-authenticates with the password.
    public static func password(_ password: String) -> ReauthenticationRequest {
        ReauthenticationRequest(password: password)
    }

    /// Re-authenticates with a provider token of an identity the user holds.
    public static func provider(_ provider: String, token: String, nonce: String? = nil) -> ReauthenticationRequest {
        ReauthenticationRequest(provider: provider, token: token, nonce: nonce)
    }

    /// Re-authenticates with a PIN sent to the user's number.
    public static func pin(_ pin: String, requestId: String) -> ReauthenticationRequest {
        ReauthenticationRequest(requestId: requestId, pin: pin)
    }

    private init(
        password: String? = nil,
        provider: String? = nil,
        token: String? = nil,
        nonce: String? = nil,
        requestId: String? = nil,
        pin: String? = nil
    ) {
        self.password = password
        self.provider = provider
        self.token = token
        self.nonce = nonce
        self.requestId = requestId
        self.pin = pin
    }
}
