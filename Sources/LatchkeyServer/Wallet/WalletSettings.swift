/// The wallet's app settings: its currencies and what users may do with their balances.
public struct WalletSettings: FeatureSettings {
    /// The wallet's currencies (default `kredits`); entries name one of them.
    public var walletCurrencies: [String] = ["kredits"]
    /// Whether users may spend from their own wallet (`POST /v1/me/wallet/spend`); off by default:
    /// only the app's server (scope `wallet:write`) moves balances.
    public var walletSelfSpend: Bool = false
    /// Whether users may transfer from their wallet to another user's (off by default).
    public var walletUserTransfers: Bool = false
    /// Whether a debit may take a balance below zero (off by default: `insufficient_funds`).
    public var walletAllowNegative: Bool = false

    /// The defaults.
    public init() {}
}

extension AppSettings {
    /// The wallet's settings.
    public var wallet: WalletSettings {
        get { self[WalletSettings.self] }
        set { self[WalletSettings.self] = newValue }
    }
}
