import Foundation
import LatchkeyWire

extension AppDataFeature {
    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE app_data (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    data_key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    revision TEXT NOT NULL,
                    size BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, data_key)
                )
                """
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(name: "app_data", userData: .owned(column: "user_id", section: "appData"), merge: .merged)
    ]

    static let errorCodes: [ErrorCode] = [
        .invalidAppDataKey, .appDataValueTooLarge, .appDataQuotaExceeded, .etagMismatch, .appDataRestricted,
    ]

    static let settingsSection: SettingSection? = .dataTree

    static let settings: [AppSetting] = [
        .integer(
            "appDataMaxValueBytes",
            \AppDataSettings.appDataMaxValueBytes,
            flag: "app-data-max-value-bytes",
            help: "Largest app-data value per key, in bytes.",
            unit: .bytes,
            range: 1_024...1_048_576,
            rule: "app-data value limit must be 1 KiB to 1 MiB"
        ),
        .integer(
            "appDataMaxBytesPerUser",
            \AppDataSettings.appDataMaxBytesPerUser,
            flag: "app-data-max-bytes-per-user",
            help: "Most app data one user keeps, in bytes.",
            unit: .bytes,
            range: 1_024...1_073_741_824,
            rule: "app-data per-user limit must be 1 KiB to 1 GiB"
        ),
        .rule("A user's app-data limit holds at least one value of the largest size.", over: AppDataSettings.self) { settings in
            settings.appDataMaxBytesPerUser < settings.appDataMaxValueBytes
                ? "app-data per-user limit must be at least the value limit" : nil
        },
        .boolean(
            "appDataForPendingAccounts",
            \AppDataSettings.appDataForPendingAccounts,
            flag: "app-data-for-pending-accounts",
            help: "Let accounts awaiting parental consent keep app data."
        ).shown(in: .kids),
    ]

    /// One stored value in the export: the JSON as stored, with its tag and time.
    struct ExportedValue: Encodable, Sendable {
        var key: String
        var etag: String
        var updatedAt: Date
        /// The value's JSON text, as it was stored.
        var json: String
    }

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let values = try await AppDataStore(driver: sources.driver).all(userID: user.userID)
        return ["appData": values.map { ExportedValue(key: $0.entry.key, etag: $0.entry.etag, updatedAt: $0.entry.updatedAt, json: $0.value) }]
    }
}
