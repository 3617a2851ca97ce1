/// Message delivery's app settings: how many PINs and links one recipient or address may ask for.
public struct DeliverySettings: FeatureSettings {
    /// PINs and links sent to one recipient within the send window (default 5).
    public var recipientSendLimit: Int = 5
    /// PINs and links requested from one IP within the send window (default 20).
    public var ipSendLimit: Int = 20
    /// The send window in seconds (default 3 600).
    public var sendWindowSeconds: Int = 3_600

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// Message delivery's settings.
    public var delivery: DeliverySettings {
        get { self[DeliverySettings.self] }
        set { self[DeliverySettings.self] = newValue }
    }
}
