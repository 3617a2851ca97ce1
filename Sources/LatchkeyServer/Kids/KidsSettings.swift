/// Parental consent's app settings: the consent ages, how long an account may wait, and the consent mail limits.
public struct KidsSettings: FeatureSettings {
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

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Parental consent's settings.
    public var kids: KidsSettings {
        get { self[KidsSettings.self] }
        set { self[KidsSettings.self] = newValue }
    }
}
