/// Apps and their client secrets: the tenants every other feature's rows belong to.
struct AppsFeature: Feature {
    static let id = "apps"

    static let migrations = [
        Migration(
            1,
            baseline: 1,
            [
                """
                CREATE TABLE apps (
                    id TEXT PRIMARY KEY,
                    client_id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    settings TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE client_secrets (
                    id TEXT PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    secret_hash TEXT NOT NULL UNIQUE,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX client_secrets_app ON client_secrets(app_id)",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        .shared("apps", why: "the apps of the installation and their settings"),
        .shared("client_secrets", why: "hashes of the apps' client secrets"),
    ]

    /// Browsers' origins the CORS middleware lets call the API.
    static let settingsSection: SettingSection? = .sessions

    static let settings: [AppSetting] = [
        .list("corsOrigins", \CORSSettings.corsOrigins, flag: "cors-origin", help: "Allowed CORS origin (repeatable; replaces the list).")
    ]

    init(backend: LatchkeyBackend) {}
}
