/// The CORS middleware's app settings: which browsers' origins may call the API.
public struct CORSSettings: FeatureSettings {
    /// Allowed CORS origins.
    public var corsOrigins: [String] = []

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// The CORS middleware's settings.
    public var cors: CORSSettings {
        get { self[CORSSettings.self] }
        set { self[CORSSettings.self] = newValue }
    }
}
