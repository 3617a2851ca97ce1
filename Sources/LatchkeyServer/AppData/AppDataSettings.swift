/// App data's app settings: its size limits and who may keep it.
public struct AppDataSettings: FeatureSettings {
    /// The largest app-data value one key holds, in bytes (default 64 KiB).
    public var appDataMaxValueBytes: Int = 65_536
    /// The most app data one user holds, in bytes over all keys (default 1 MiB).
    public var appDataMaxBytesPerUser: Int = 1_048_576
    /// Whether accounts awaiting parental consent may read and write app data (off by default).
    public var appDataForPendingAccounts: Bool = false

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// App data's settings.
    public var appData: AppDataSettings {
        get { self[AppDataSettings.self] }
        set { self[AppDataSettings.self] = newValue }
    }
}
