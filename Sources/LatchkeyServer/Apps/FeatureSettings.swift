/// One feature's app settings: a value in the feature's own folder, held by ``AppSettings`` and
/// read as `settings[WalletSettings.self]` or the feature's accessor (`settings.wallet`), so a new
/// setting touches only its feature. Its members are stored as members of the app's one flat
/// settings object, each written and read by the feature's ``AppSetting`` declaration under its
/// property's name; the type itself is not `Codable`, so it has no second stored form.
public protocol FeatureSettings: Sendable, Equatable {
    /// The defaults, which a stored object without a member falls back to.
    init()
}
