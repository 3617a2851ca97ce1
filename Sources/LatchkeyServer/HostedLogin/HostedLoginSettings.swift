/// The hosted login's app settings: whether it asks for consent and the logo it shows.
public struct HostedLoginSettings: FeatureSettings {
    /// Whether the app is the installation's own client (first party): the hosted login signs its
    /// users in without asking them to consent. A third-party app's users are asked once per scope.
    public var firstParty: Bool = true
    /// An https URL of the app's logo, shown on the hosted login pages; nil shows the name alone.
    public var logoURL: String? = nil

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// The hosted login's settings.
    public var hostedLogin: HostedLoginSettings {
        get { self[HostedLoginSettings.self] }
        set { self[HostedLoginSettings.self] = newValue }
    }
}
