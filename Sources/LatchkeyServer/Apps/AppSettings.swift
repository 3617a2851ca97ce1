/// An app's settings, stored as JSON with the app: one flat object whose members each feature's
/// ``AppSetting`` declarations read and write (a missing member keeps its default, an unknown one is
/// ignored). The values are each feature's own ``FeatureSettings``, in the feature's folder and read
/// through its accessor (`settings.auth.sessionTTL`); this container holds no setting of its own.
public struct AppSettings: Sendable {
    /// The features' settings by type; a type not set here has its defaults.
    private var values: [ObjectIdentifier: any FeatureSettings] = [:]

    /// The default settings.
    public init() {}

    /// One feature's settings, its defaults until set. A look-up, not a decoding: requests read
    /// settings on every call (the session TTL on each refresh).
    public subscript<Settings: FeatureSettings>(_ type: Settings.Type) -> Settings {
        get { values[ObjectIdentifier(type)] as? Settings ?? Settings() }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    /// The settings types the features declare settings of, each once.
    static let types: [any FeatureSettings.Type] = declarations.reduce(into: []) { types, setting in
        if !types.contains(where: { $0 == setting.owner }) { types.append(setting.owner) }
    }
}

extension AppSettings: Equatable {
    /// Equal when every feature's settings are, so a feature never set equals one set to its defaults.
    public static func == (lhs: AppSettings, rhs: AppSettings) -> Bool {
        types.allSatisfy { lhs.agrees(with: rhs, on: $0) }
    }

    private func agrees<Settings: FeatureSettings>(with other: AppSettings, on type: Settings.Type) -> Bool {
        self[type] == other[type]
    }
}

extension AppSettings: Codable {
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: AppSettingKey.self)
        for setting in Self.declarations { try setting.decode(&self, container) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AppSettingKey.self)
        for setting in Self.declarations { try setting.encode(self, &container) }
    }
}
