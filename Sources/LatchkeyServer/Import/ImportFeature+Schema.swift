extension ImportFeature {
    static let migrations = [
        Migration(
            1,
            [
                // Which user each external id of an app became, and digests of the line last imported.
                """
                CREATE TABLE user_imports (
                    app_id TEXT NOT NULL,
                    external_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    line_digest TEXT NOT NULL,
                    password_digest TEXT,
                    imported_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, external_id)
                )
                """,
                "CREATE INDEX user_imports_user ON user_imports(user_id)",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "user_imports",
            userData: .owned(column: "user_id", section: "user"),
            merge: .dropped(why: "an imported user has a credential: no guest")
        )
    ]
}
