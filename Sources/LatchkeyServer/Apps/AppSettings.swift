import Foundation

/// An app's settings, stored as JSON with the app. Defaults follow the seeds (24 h sessions, as KWS
/// and Wilddog) and SECURITY.md (8-character passwords, bcrypt cost 11). Each property is declared
/// by the feature that reads it (an ``AppSetting``), which decodes, validates and parses it.
public struct AppSettings: Codable, Sendable, Equatable {
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
    /// Age below which parental consent is needed where the country has no age of its own in
    /// ``consentAgeByCountry`` or the built-in table, or no country is given (default 13).
    public var consentAge: Int = 13
    /// The app's own consent ages by ISO 3166-1 alpha-2 country, over the built-in table.
    public var consentAgeByCountry: [String: Int] = [:]
    /// Days a child's account may wait for (or stay without, once denied or withdrawn) parental consent
    /// before it is purged with everything it owns (default 30).
    public var pendingConsentDays: Int = 30
    /// Consent emails to one parent address per day (default 10).
    public var parentEmailLimit: Int = 10
    /// Consent requests for one child per day, the sign-up's included (default 3).
    public var consentRequestLimit: Int = 3
    /// Allowed OAuth redirect URIs (exact match).
    public var redirectURIs: [String] = []
    /// Whether the app is the installation's own client (first party): the hosted login signs its
    /// users in without asking them to consent. A third-party app's users are asked once per scope.
    public var firstParty: Bool = true
    /// An https URL of the app's logo, shown on the hosted login pages; nil shows the name alone.
    public var logoURL: String? = nil
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
    /// Wrong PINs for one phone number (or sign-in codes for one email address), across all its
    /// codes, within the failure window before it is locked (default 10: two codes' worth of checks).
    public var pinFailureLimit: Int = 10
    /// Sign-up attempts from one IP (an IPv6 /64) per hour before it gets 429 (default 30).
    public var ipSignUpLimit: Int = 30
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
    /// The largest app-data value one key holds, in bytes (default 64 KiB).
    public var appDataMaxValueBytes: Int = 65_536
    /// The most app data one user holds, in bytes over all keys (default 1 MiB).
    public var appDataMaxBytesPerUser: Int = 1_048_576
    /// Whether accounts awaiting parental consent may read and write app data (off by default).
    public var appDataForPendingAccounts: Bool = false
    /// The most leaves (scalar values) the app's data tree holds (default 10 000 000).
    public var databaseMaxLeaves: Int = 10_000_000
    /// The most the app's data tree holds in bytes, its leaves' paths and JSON values in UTF-8
    /// (default 1 GiB).
    public var databaseMaxBytes: Int = 1_073_741_824
    /// A host name that names the app's data tree: a tree request with neither a token nor `ns`
    /// whose `Host` is this reaches this app, as Firebase clients that know a database only by
    /// its URL (`https://<name>.firebaseio.com`) expect. Nil: none.
    public var databaseHost: String? = nil
    /// The wallet's currencies (default `kredits`); entries name one of them.
    public var walletCurrencies: [String] = ["kredits"]
    /// Whether users may spend from their own wallet (`POST /v1/me/wallet/spend`); off by default:
    /// only the app's server (scope `wallet:write`) moves balances.
    public var walletSelfSpend: Bool = false
    /// Whether users may transfer from their wallet to another user's (off by default).
    public var walletUserTransfers: Bool = false
    /// Whether a debit may take a balance below zero (off by default: `insufficient_funds`).
    public var walletAllowNegative: Bool = false
    /// The most guests (anonymous and device accounts not upgraded yet) the app holds; a new
    /// guest past it gets `403 guest_limit_reached` (default 100 000).
    public var guestLimit: Int = 100_000
    /// Days a guest may go without signing in before the janitor deletes it with everything it
    /// owns (default 30); upgraded accounts are never purged.
    public var guestIdleDays: Int = 30
    /// The WebAuthn RP ID the app's passkeys are scoped to (a domain its origins are under); nil
    /// uses the server's host.
    public var passkeyRPID: String? = nil
    /// Origins allowed to use the app's passkeys besides the server's own and `https://<RP ID>`:
    /// the app's website, or `android:apk-key-hash:…` origins.
    public var passkeyOrigins: [String] = []
    /// Whether passkeys must verify the user (default `preferred`).
    public var passkeyUserVerification: PasskeyUserVerification = .preferred
    /// The app's iOS apps as `TEAMID.bundle.id`, listed in `/.well-known/apple-app-site-association`
    /// for passkeys (`webcredentials`) and universal links (`applinks`).
    public var appleAppIDs: [String] = []
    /// The app's Android apps, listed in `/.well-known/assetlinks.json`.
    public var androidApps: [AndroidApp] = []
    /// Whether every user of the app (guests aside) signs in with a second factor: one without an
    /// authenticator is asked to enroll one at sign-in. Off by default: users who enroll one are
    /// asked for it either way.
    public var totpRequired: Bool = false

    /// The default settings.
    public init() {}

    /// The floor for `bcryptCost` (OWASP).
    public static let minimumBcryptCost = 10
}

/// A way users of an app may sign in.
public enum SignInMethod: String, Codable, Sendable, CaseIterable {
    /// Username and password (KWS, Kii).
    case username
    /// Email and password (Wilddog).
    case email
    /// Phone number and an SMS PIN (Kuggle).
    case phone
    /// A guest without any credential (Firebase and Supabase anonymous sign-in); off by default.
    case anonymous
    /// A guest keyed by a random id the app keeps (Nakama device authentication); off by default.
    case device
    /// A passkey (WebAuthn): registered by a signed-in user, then signing in without a username
    /// or password; off by default.
    case passkey
    /// A one-time code or link by email, no password (Supabase's email OTP and magic link,
    /// Firebase's email link); off by default, as both ship it.
    case emailCode
}
