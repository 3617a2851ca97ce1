public import Foundation
public import LatchkeyWire

/// The session a sign-in made on this device: its tokens, when the access token expires, when the
/// user signed in, and the access token's claims (KWS `metadata`). The SDK refreshes it; an app
/// reads it to call its own backend (``AuthClient/accessToken(forcingRefresh:)`` hands out a valid
/// token) or to show when the user signed in.
public struct Session: Codable, Sendable, Equatable {
    /// The access token (sent as `Authorization: Bearer`).
    public var accessToken: String
    /// The refresh token (nil when signed in with an access token alone).
    public var refreshToken: String?
    /// When the access token expires.
    public var expiresAt: Date
    /// When the user signed in on this device.
    public var loginDate: Date
    /// The access token's claims.
    public var claims: AccessTokenClaims

    /// The session's id on the server (what ``AuthClient/sessions()`` lists and
    /// ``AuthClient/revokeSession(_:)`` takes); nil for an access token without one.
    public var id: String? { claims.sid }
}

/// The session's fields as the user had them before ``CurrentUser/session`` held them apart.
extension CurrentUser {
    @available(*, deprecated, message: "use session.accessToken")
    public var accessToken: String {
        get { session.accessToken }
        set { session.accessToken = newValue }
    }

    @available(*, deprecated, message: "use session.refreshToken")
    public var refreshToken: String? {
        get { session.refreshToken }
        set { session.refreshToken = newValue }
    }

    @available(*, deprecated, message: "use session.expiresAt")
    public var expiresAt: Date {
        get { session.expiresAt }
        set { session.expiresAt = newValue }
    }

    @available(*, deprecated, message: "use session.loginDate")
    public var loginDate: Date {
        get { session.loginDate }
        set { session.loginDate = newValue }
    }

    @available(*, deprecated, message: "use session.claims")
    public var claims: AccessTokenClaims {
        get { session.claims }
        set { session.claims = newValue }
    }

    @available(*, deprecated, message: "use session.id")
    public var sessionID: String? { session.id }
}
