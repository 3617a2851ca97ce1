/// The second factor's app settings: whether every user signs in with one.
public struct SecondFactorSettings: FeatureSettings {
    /// Whether every user of the app (guests aside) signs in with a second factor: one without an
    /// authenticator is asked to enroll one at sign-in. Off by default: users who enroll one are
    /// asked for it either way.
    public var totpRequired: Bool = false

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// The second factor's settings.
    public var secondFactor: SecondFactorSettings {
        get { self[SecondFactorSettings.self] }
        set { self[SecondFactorSettings.self] = newValue }
    }
}
