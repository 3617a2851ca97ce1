/// Passkeys' app settings: the relying party, its origins and apps, and user verification.
public struct PasskeysSettings: FeatureSettings {
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

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Passkeys' settings.
    public var passkeys: PasskeysSettings {
        get { self[PasskeysSettings.self] }
        set { self[PasskeysSettings.self] = newValue }
    }
}
