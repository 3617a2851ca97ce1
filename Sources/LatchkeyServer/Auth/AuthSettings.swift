/// Sign-up and sign-in's app settings: sessions, passwords, sign-in methods, what answers reveal and
/// throttling. Defaults follow the seeds (24 h sessions, as KWS and Wilddog) and SECURITY.md
/// (8-character passwords, bcrypt cost 11).
public struct AuthSettings: FeatureSettings {
    /// Absolute session lifetime in seconds: sign-in to forced sign-out (default 86 400).
    public var sessionTTL: Int = 86_400
    /// Idle timeout in seconds: a session whose refresh token goes unused this long ends; 0 turns it off.
    public var sessionIdleTTL: Int = 0
    /// Access-token lifetime in seconds (default 3 600).
    public var accessTokenTTL: Int = 3_600
    /// Minimum password length in Unicode code points (default 8).
    public var passwordMinLength: Int = 8
    /// bcrypt cost for new hashes (default 11, floor 10).
    public var bcryptCost: Int = 11
    /// Enabled sign-in methods.
    public var signInMethods: Set<SignInMethod> = [.username, .email, .phone]
    /// Whether sign-up says "taken" for an email in use. Off by default: an email sign-up then
    /// answers the same for new and taken addresses and returns no session (the client signs in).
    public var revealTakenEmails: Bool = false
    /// Whether sign-in says `user_does_not_exist` for an unknown username or email (Wilddog).
    /// Off by default: unknown users and wrong passwords answer alike.
    public var revealUnknownUsers: Bool = false
    /// How recently, in seconds, a session must have proved its user (sign-in or
    /// `POST /v1/me/reauthenticate`) to change the email, link a provider or delete the account
    /// (default 300): a stolen access token alone cannot take the account over.
    public var reauthenticationWindowSeconds: Int = 300
    /// Failed sign-ins of one name from one address (an IPv6 /64) before that address is locked
    /// out of it (default 5); the name stays open to every other address.
    public var accountFailureLimit: Int = 5
    /// Failed sign-ins from one IP before it gets 429 (default 50).
    public var ipFailureLimit: Int = 50
    /// How long failures are counted and a lock lasts, in seconds (default 900).
    public var failureWindowSeconds: Int = 900
    /// Sign-up attempts from one IP (an IPv6 /64) per hour before it gets 429 (default 30).
    public var ipSignUpLimit: Int = 30

    /// The defaults.
    public init() {}

    /// The floor for `bcryptCost` (OWASP).
    public static let minimumBcryptCost = 10
}

extension AppSettings {
    /// Sign-up and sign-in's settings.
    public var auth: AuthSettings {
        get { self[AuthSettings.self] }
        set { self[AuthSettings.self] = newValue }
    }
}
