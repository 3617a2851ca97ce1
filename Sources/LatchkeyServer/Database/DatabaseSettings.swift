/// The data tree's app settings: its quotas and the host name that names it.
public struct DatabaseSettings: FeatureSettings {
    /// The most leaves (scalar values) the app's data tree holds (default 10 000 000).
    public var databaseMaxLeaves: Int = 10_000_000
    /// The most the app's data tree holds in bytes, its leaves' paths and JSON values in UTF-8
    /// (default 1 GiB).
    public var databaseMaxBytes: Int = 1_073_741_824
    /// A host name that names the app's data tree: a tree request with neither a token nor `ns`
    /// whose `Host` is this reaches this app, as Firebase clients that know a database only by
    /// its URL (`https://<name>.firebaseio.com`) expect. Nil: none.
    public var databaseHost: String? = nil

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// The data tree's settings.
    public var database: DatabaseSettings {
        get { self[DatabaseSettings.self] }
        set { self[DatabaseSettings.self] = newValue }
    }
}
