/// Email links' app settings: where the links point.
public struct EmailSettings: FeatureSettings {
    /// Where email links point, with `mode` and `token` appended as query parameters; nil uses
    /// the server's own page, `<public URL>/v1/auth/action`.
    public var emailActionURL: String? = nil

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Email links' settings.
    public var email: EmailSettings {
        get { self[EmailSettings.self] }
        set { self[EmailSettings.self] = newValue }
    }
}
