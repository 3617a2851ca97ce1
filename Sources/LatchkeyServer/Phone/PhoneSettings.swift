/// Phone sign-in's app settings: how many wrong PINs lock a number.
public struct PhoneSettings: FeatureSettings {
    /// Wrong PINs for one phone number (or sign-in codes for one email address), across all its
    /// codes, within the failure window before it is locked (default 10: two codes' worth of checks).
    public var pinFailureLimit: Int = 10

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Phone sign-in's settings.
    public var phone: PhoneSettings {
        get { self[PhoneSettings.self] }
        set { self[PhoneSettings.self] = newValue }
    }
}
