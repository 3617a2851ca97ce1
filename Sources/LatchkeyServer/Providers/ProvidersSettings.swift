/// External sign-in's app settings: the providers and whether a verified email links them.
public struct ProvidersSettings: FeatureSettings {
    /// External sign-in providers, by the name clients use (`google`, `apple`, `facebook`, …).
    public var providers: [String: ProviderSettings] = [:]
    /// Whether a provider sign-in whose *verified* email matches an account's *verified* email
    /// links to that account (off by default: the user must sign in and link explicitly).
    public var linkProvidersByVerifiedEmail: Bool = false

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// External sign-in's settings.
    public var signInProviders: ProvidersSettings {
        get { self[ProvidersSettings.self] }
        set { self[ProvidersSettings.self] = newValue }
    }
}
