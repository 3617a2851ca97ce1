import LatchkeyWire

/// Who is calling, as established once per request before the handler runs (see ``Access``).
enum Principal: Sendable {
    /// A public client that named its app.
    case app(App)
    /// A signed-in user.
    case user(UserPrincipal)
    /// A confidential client with a `client_credentials` token.
    case client(ClientPrincipal)
    /// An operator of the installation, signed in with password and TOTP.
    case `operator`(OperatorPrincipal)
    /// An operator halfway through the console's sign-in: password proven, TOTP code not yet.
    case operatorSigningIn(OperatorSigningIn)
    /// A browser of the hosted login; its session cookie when it brought a well-formed one.
    case browser(sessionCookie: String?)
    /// A caller of the data tree, as its protocol names it, with the verified claims of the token
    /// it called with (nil without one).
    case treeCaller(DatabaseCaller, token: AccessTokenClaims?)

    /// The app the principal belongs to; nil for an operator, who administers every app.
    var app: App? {
        switch self {
        case .app(let app): app
        case .user(let user): user.app
        case .client(let client): client.app
        case .treeCaller(let caller, _): caller.app
        case .operator, .operatorSigningIn, .browser: nil
        }
    }
}

/// A signed-in operator and the session they called with.
struct OperatorPrincipal: Sendable {
    /// The operator, as stored when the request arrived.
    var `operator`: Operator
    /// Their session.
    var sessionID: String
}

/// An operator who has proved their password in the console and owes the TOTP code, with the
/// session that proves it.
struct OperatorSigningIn: Sendable {
    /// The operator's stored row, which the code is checked against.
    var row: OperatorStore.Row
    /// The password-only session.
    var sessionID: String
}

/// A signed-in user: verified token claims, their app and live session.
struct UserPrincipal: Sendable {
    /// The verified claims.
    var claims: AccessTokenClaims
    /// The app the token belongs to.
    var app: App

    /// The user id.
    var userID: String { claims.sub }
    /// The session id (user tokens always have one).
    var sessionID: String { claims.sid ?? "" }
    /// True when the token lacks ``Scope/public``: a child's account awaiting parental consent.
    /// Features answer such a user with what a pending account may do (nothing public).
    var isRestricted: Bool { !Scope.parse(claims.scope).contains(.public) }
}

/// A confidential client (an app's backend holding its client secret), calling with a
/// `client_credentials` access token.
struct ClientPrincipal: Sendable {
    /// The app whose secret obtained the token.
    var app: App
    /// The scopes the token carries.
    var scopes: Set<Scope>
}

extension ClientPrincipal {
    /// The `sub` of an app's `client_credentials` tokens.
    static func subject(of app: App) -> String { "client:\(app.clientID)" }
}
