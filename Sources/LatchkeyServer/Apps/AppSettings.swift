import Foundation

/// An app's settings, stored as JSON with the app. Defaults follow the seeds (24 h sessions, as KWS
/// and Wilddog) and SECURITY.md (8-character passwords, bcrypt cost 11).
public struct AppSettings: Codable, Sendable, Equatable {
    /// Absolute session lifetime in seconds: sign-in to forced sign-out (default 86 400).
    public var sessionTTL: Int = 86_400
    /// Idle timeout in seconds: a session whose refresh token goes unused this long ends; 0 turns it off.
    public var sessionIdleTTL: Int = 0
    /// Access-token lifetime in seconds (default 3 600).
    public var accessTokenTTL: Int = 3_600
    /// How long a rotated refresh token may be retried and get the same successor (default 10 s).
    public var refreshGraceSeconds: Int = 10
    /// Minimum password length in Unicode code points (default 8).
    public var passwordMinLength: Int = 8
    /// bcrypt cost for new hashes (default 11, floor 10).
    public var bcryptCost: Int = 11
    /// Enabled sign-in methods.
    public var signInMethods: Set<SignInMethod> = [.username, .email, .phone]
    /// Age below which parental consent is needed (default 13).
    public var consentAge: Int = 13
    /// Allowed OAuth redirect URIs (exact match).
    public var redirectURIs: [String] = []
    /// Allowed CORS origins.
    public var corsOrigins: [String] = []
    /// Whether the OAuth `password` grant is on (RFC 9700 discourages it; off by default).
    public var passwordGrantEnabled: Bool = false
    /// Whether sign-up says "taken" for an email in use. Off by default: an email sign-up then
    /// answers the same for new and taken addresses and returns no session (the client signs in).
    public var revealTakenEmails: Bool = false
    /// Whether sign-in says `user_does_not_exist` for an unknown username or email (Wilddog).
    /// Off by default: unknown users and wrong passwords answer alike.
    public var revealUnknownUsers: Bool = false
    /// Failed sign-ins of one account before it is locked (default 5).
    public var accountFailureLimit: Int = 5
    /// Failed sign-ins from one IP before it gets 429 (default 50).
    public var ipFailureLimit: Int = 50
    /// How long failures are counted and a lock lasts, in seconds (default 900).
    public var failureWindowSeconds: Int = 900
    /// External sign-in providers, by the name clients use (`google`, `apple`, `facebook`, …).
    public var providers: [String: ProviderSettings] = [:]
    /// Whether a provider sign-in whose *verified* email matches an account's *verified* email
    /// links to that account (off by default: the user must sign in and link explicitly).
    public var linkProvidersByVerifiedEmail: Bool = false
    /// Where email links point, with `mode` and `token` appended as query parameters; nil uses
    /// the server's own page, `<public URL>/v1/auth/action`.
    public var emailActionURL: String? = nil
    /// PINs and links sent to one recipient within the send window (default 5).
    public var recipientSendLimit: Int = 5
    /// PINs and links requested from one IP within the send window (default 20).
    public var ipSendLimit: Int = 20
    /// The send window in seconds (default 3 600).
    public var sendWindowSeconds: Int = 3_600

    /// The default settings.
    public init() {}

    /// The floor for `bcryptCost` (OWASP).
    public static let minimumBcryptCost = 10

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AppSettings()
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        sessionTTL = try value(.sessionTTL, defaults.sessionTTL)
        sessionIdleTTL = try value(.sessionIdleTTL, defaults.sessionIdleTTL)
        accessTokenTTL = try value(.accessTokenTTL, defaults.accessTokenTTL)
        refreshGraceSeconds = try value(.refreshGraceSeconds, defaults.refreshGraceSeconds)
        passwordMinLength = try value(.passwordMinLength, defaults.passwordMinLength)
        bcryptCost = try value(.bcryptCost, defaults.bcryptCost)
        signInMethods = try value(.signInMethods, defaults.signInMethods)
        consentAge = try value(.consentAge, defaults.consentAge)
        redirectURIs = try value(.redirectURIs, defaults.redirectURIs)
        corsOrigins = try value(.corsOrigins, defaults.corsOrigins)
        passwordGrantEnabled = try value(.passwordGrantEnabled, defaults.passwordGrantEnabled)
        revealTakenEmails = try value(.revealTakenEmails, defaults.revealTakenEmails)
        revealUnknownUsers = try value(.revealUnknownUsers, defaults.revealUnknownUsers)
        accountFailureLimit = try value(.accountFailureLimit, defaults.accountFailureLimit)
        ipFailureLimit = try value(.ipFailureLimit, defaults.ipFailureLimit)
        failureWindowSeconds = try value(.failureWindowSeconds, defaults.failureWindowSeconds)
        providers = try value(.providers, defaults.providers)
        linkProvidersByVerifiedEmail = try value(.linkProvidersByVerifiedEmail, defaults.linkProvidersByVerifiedEmail)
        emailActionURL = try value(.emailActionURL, defaults.emailActionURL)
        recipientSendLimit = try value(.recipientSendLimit, defaults.recipientSendLimit)
        ipSendLimit = try value(.ipSendLimit, defaults.ipSendLimit)
        sendWindowSeconds = try value(.sendWindowSeconds, defaults.sendWindowSeconds)
    }

    /// Why a settings change is refused, or nil when the settings are acceptable.
    public func problem() -> String? {
        if sessionTTL < 60 || sessionTTL > 31_536_000 { return "session TTL must be 60 s to 365 days" }
        if sessionIdleTTL < 0 { return "session idle TTL must be 0 (off) or positive" }
        if accessTokenTTL < 30 || accessTokenTTL > 86_400 { return "access token TTL must be 30 s to 24 h" }
        if accessTokenTTL > sessionTTL { return "access token TTL must not exceed the session TTL" }
        if refreshGraceSeconds < 0 || refreshGraceSeconds > 120 { return "refresh grace must be 0 to 120 s" }
        if passwordMinLength < 8 || passwordMinLength > 64 { return "password minimum must be 8 to 64" }
        if bcryptCost < Self.minimumBcryptCost || bcryptCost > 16 { return "bcrypt cost must be 10 to 16" }
        if consentAge < 0 || consentAge > 21 { return "consent age must be 0 to 21" }
        if accountFailureLimit < 1 || ipFailureLimit < 1 || failureWindowSeconds < 1 {
            return "throttling limits must be positive"
        }
        if recipientSendLimit < 1 || ipSendLimit < 1 || sendWindowSeconds < 1 { return "send limits must be positive" }
        if let url = emailActionURL, URL(string: url)?.scheme == nil { return "email action URL must be an absolute URL" }
        for (name, provider) in providers {
            if let problem = provider.problem() { return "provider \(name): \(problem)" }
        }
        return nil
    }
}

/// A way users of an app may sign in.
public enum SignInMethod: String, Codable, Sendable, CaseIterable {
    /// Username and password (KWS, Kii).
    case username
    /// Email and password (Wilddog).
    case email
    /// Phone number and an SMS PIN (Kuggle).
    case phone
}
