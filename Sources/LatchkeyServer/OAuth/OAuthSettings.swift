/// OAuth's app settings: the redirect URIs and the password grant.
public struct OAuthSettings: FeatureSettings {
    /// Allowed OAuth redirect URIs (exact match).
    public var redirectURIs: [String] = []
    /// Whether the OAuth `password` grant is on (RFC 9700 discourages it; off by default).
    public var passwordGrantEnabled: Bool = false

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// OAuth's settings.
    public var oauth: OAuthSettings {
        get { self[OAuthSettings.self] }
        set { self[OAuthSettings.self] = newValue }
    }
}
