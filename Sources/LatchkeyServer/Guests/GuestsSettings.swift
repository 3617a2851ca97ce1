/// Guest accounts' app settings: how many the app holds and how long an idle one is kept.
public struct GuestsSettings: FeatureSettings {
    /// The most guests (anonymous and device accounts not upgraded yet) the app holds; a new
    /// guest past it gets `403 guest_limit_reached` (default 100 000).
    public var guestLimit: Int = 100_000
    /// Days a guest may go without signing in before the janitor deletes it with everything it
    /// owns (default 30); upgraded accounts are never purged.
    public var guestIdleDays: Int = 30

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Guest accounts' settings.
    public var guests: GuestsSettings {
        get { self[GuestsSettings.self] }
        set { self[GuestsSettings.self] = newValue }
    }
}
