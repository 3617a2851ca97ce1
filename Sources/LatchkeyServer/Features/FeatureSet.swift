/// The server's features, composed: the one place a feature is registered. Order matters only
/// for the schema — a feature's tables may reference tables of features listed before it.
enum FeatureSet {
    /// Every feature, one line each.
    static let all: [any Feature.Type] = [
        HelloFeature.self,
        AppsFeature.self,
        ServiceAccountsFeature.self,
        AuthFeature.self,
        MeFeature.self,
        TokensFeature.self,
        ChangesFeature.self,
        CodesFeature.self,
        DeliveryFeature.self,
        PhoneFeature.self,
        EmailFeature.self,
        BrandFeature.self,
        EmailTemplatesFeature.self,
        EmailSignInFeature.self,
        KidsFeature.self,
        GuestsFeature.self,
        PasskeysFeature.self,
        SecondFactorFeature.self,
        ProvidersFeature.self,
        OAuthFeature.self,
        HostedLoginFeature.self,
        AdminFeature.self,
        ProfilesFeature.self,
        AppDataFeature.self,
        LeaderboardsFeature.self,
        WalletFeature.self,
        PushFeature.self,
        PagesFeature.self,
        DatabaseFeature.self,
        OpsFeature.self,
        ConsoleFeature.self,
        ImportFeature.self,
    ]

    /// Every declared table with its owning feature, in foreign-key order.
    static var tables: [(feature: String, table: OwnedTable)] {
        all.flatMap { feature in feature.tables.map { (feature.id, $0) } }
    }
}
