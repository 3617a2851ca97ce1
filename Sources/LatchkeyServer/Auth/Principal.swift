import LatchkeyWire

/// The signed-in caller of a request: verified token claims, their app and live session.
struct Principal: Sendable {
    /// The verified claims.
    var claims: AccessTokenClaims
    /// The app the token belongs to.
    var app: App

    /// The user id.
    var userID: String { claims.sub }
    /// The session id (user tokens always have one).
    var sessionID: String { claims.sid ?? "" }
}
