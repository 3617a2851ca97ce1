/// The tree's tables: one row per leaf (scalar) value, keyed by its path, so a read or a write of
/// a location touches only the rows of its subtree (a range of the primary key), and a head row
/// per app whose revision every write takes first.
///
/// `path` is the leaf's keys joined by `/` with a leading `/` (`/users/ann/name`); `value` the
/// scalar's JSON text. The subtree at `P` is `path = P OR (path >= P || '/' AND path < P || '0')`
/// (`0` follows `/`), which needs a bytewise order: SQLite's default `BINARY`, PostgreSQL's
/// `COLLATE "C"`. A priority is the leaf `<node>/.priority` (no key holds a `.`).
extension DatabaseFeature {
    static var treeMigrations: [Migration] {
        let heads = """
            CREATE TABLE database_heads (
                app_id TEXT PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
                revision BIGINT NOT NULL
            )
            """
        return [
            Migration(
                1,
                sqlite: [
                    heads,
                    """
                    CREATE TABLE database_nodes (
                        app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                        path TEXT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (app_id, path)
                    ) WITHOUT ROWID
                    """,
                ],
                postgres: [
                    heads,
                    """
                    CREATE TABLE database_nodes (
                        app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                        path TEXT COLLATE "C" NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (app_id, path)
                    )
                    """,
                ])
        ]
    }

    static var treeTables: [OwnedTable] {
        [
            .shared("database_heads", why: "each app's tree revision"),
            .shared(
                "database_nodes",
                why: "the apps' data trees, laid out by their rules; a user's /users/<uid> is exported and deleted by the feature's export and delete"),
        ]
    }
}
