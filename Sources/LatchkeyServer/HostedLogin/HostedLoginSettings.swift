/// The hosted login's app settings: whether it asks for consent (its logo is the app's brand).
public struct HostedLoginSettings: FeatureSettings {
    /// Whether the app is the installation's own client (first party): the hosted login signs its
    /// users in without asking them to consent. A third-party app's users are asked once per scope.
    public var firstParty: Bool = true

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
