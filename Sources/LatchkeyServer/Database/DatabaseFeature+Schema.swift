/// The tree's tables: one row per leaf (scalar) value, keyed by its path, so a read or a write of
/// a location touches only the rows of its subtree (a range of the primary key), and a head row
/// per app whose revision every write takes first.
///
/// `path` is the leaf's keys joined by `/` with a leading `/` (`/users/ann/name`); `value` the
/// scalar's JSON text. The subtree at `P` is `path = P OR (path >= P || '/' AND path < P || '0')`
/// (`0` follows `/`), which needs a bytewise order: SQLite's default `BINARY`, PostgreSQL's
/// `COLLATE "C"`. A priority is the leaf `<node>/.priority` (no key holds a `.`).
///
/// The head also counts the app's leaves and their bytes (paths and values in UTF-8), which each
/// write updates by what it removed and added, so the app's quota is checked without a count.
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
                ]
            ),
            Migration(
                3,
                [
                    "ALTER TABLE database_heads ADD COLUMN leaves BIGINT NOT NULL DEFAULT 0",
                    "ALTER TABLE database_heads ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0",
                    """
                    UPDATE database_heads SET
                        leaves = (SELECT COUNT(*) FROM database_nodes n WHERE n.app_id = database_heads.app_id),
                        bytes = (
                            SELECT COALESCE(SUM(octet_length(n.path) + octet_length(n.value)), 0)
                            FROM database_nodes n WHERE n.app_id = database_heads.app_id)
                    """,
                ]
            ),
        ]
    }

    static var treeTables: [OwnedTable] {
        [
            .shared("database_heads", why: "each app's tree revision and usage"),
            .shared(
                "database_nodes",
                why: "the apps' data trees, laid out by their rules; a user's /users/<uid> is exported and deleted by the feature's export and delete"
            ),
        ]
    }
}
