import LatchkeyWire
import SQLKit

/// The apps' trees in the database (``DatabaseFeature`` `treeMigrations`): leaf rows read and
/// replaced a subtree at a time, and each app's head revision.
struct TreeStore: Sendable {
    /// Rows one `INSERT` carries (three parameters each, well under SQLite's limit).
    private static let insertBatch = 500

    /// The value at `path` without priorities; nil when nothing is stored there.
    func value(app appID: String, at path: DataPath, in db: any SQLDatabase) async throws -> JSONValue? {
        TreeLeaf.value(of: try await snapshot(app: appID, under: path, in: db).0, at: path, priorities: false)
    }

    /// Replaces the subtree at `path` (and any leaf at an ancestor of it, which a child cannot
    /// sit under) with `leaves`, which all lie at or below `path`.
    func replace(app appID: String, at path: DataPath, with leaves: [TreeLeaf], in db: any SQLDatabase) async throws {
        let key = path.storageKey
        var ancestors = [""]
        for depth in stride(from: 1, to: path.keys.count, by: 1) {
            ancestors.append(DataPath(validated: Array(path.keys.prefix(depth))).storageKey)
        }
        try await db.raw(
            """
            DELETE FROM database_nodes
            WHERE app_id = \(bind: appID) AND (path = \(bind: key) OR (path >= \(bind: key + "/") AND path < \(bind: key + "0")))
            """
        ).run()
        if !path.isRoot {
            try await db.raw(
                "DELETE FROM database_nodes WHERE app_id = \(bind: appID) AND path IN (\(binds: ancestors))"
            ).run()
        }
        for start in stride(from: 0, to: leaves.count, by: Self.insertBatch) {
            let rows = leaves[start..<min(start + Self.insertBatch, leaves.count)].map { leaf -> SQLQueryString in
                "(\(bind: appID), \(bind: leaf.path), \(bind: leaf.value))"
            }
            try await db.raw("INSERT INTO database_nodes (app_id, path, value) VALUES " + rows.joined(separator: ", ")).run()
        }
    }

    /// Takes the app's next tree revision: the head row's update locks it to the commit, so the
    /// app's writes run one at a time and commit in revision order.
    func nextRevision(app appID: String, in db: any SQLDatabase) async throws -> Int64 {
        guard
            let revision = try await db.raw(
                """
                INSERT INTO database_heads (app_id, revision) VALUES (\(bind: appID), 1)
                ON CONFLICT (app_id) DO UPDATE SET revision = database_heads.revision + 1 RETURNING revision
                """
            ).first()?.decode(column: "revision", as: Int64.self)
        else { throw MissingHead() }
        return revision
    }

    /// The head upsert returned no row.
    struct MissingHead: Error {}

    /// The leaves under `path` and the app's revision, read by one statement so that they agree.
    func snapshot(app appID: String, under path: DataPath, in db: any SQLDatabase) async throws -> ([TreeLeaf], Int64) {
        let key = path.storageKey
        let rows = try await db.raw(
            """
            SELECT head.revision AS revision, n.path AS path, n.value AS value
            FROM (SELECT COALESCE((SELECT revision FROM database_heads WHERE app_id = \(bind: appID)), 0) AS revision) head
            LEFT JOIN database_nodes n ON n.app_id = \(bind: appID)
                AND (n.path = \(bind: key) OR (n.path >= \(bind: key + "/") AND n.path < \(bind: key + "0")))
            ORDER BY n.path
            """
        ).all()
        var revision: Int64 = 0
        var leaves: [TreeLeaf] = []
        for row in rows {
            revision = try row.decode(column: "revision", as: Int64.self)
            if let path = try row.decode(column: "path", as: String?.self) {
                leaves.append(TreeLeaf(path: path, value: try row.decode(column: "value", as: String.self)))
            }
        }
        return (leaves, revision)
    }
}

/// The tree as a write's or read's transaction sees it, for rule expressions.
struct TransactionTreeReader: TreeReader {
    let store: TreeStore
    let appID: String
    let db: any SQLDatabase

    func value(at path: DataPath) async throws -> JSONValue? {
        try await store.value(app: appID, at: path, in: db)
    }
}
