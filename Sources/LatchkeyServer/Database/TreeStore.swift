import LatchkeyWire
import SQLKit

/// The apps' trees in the database (``DatabaseFeature`` `treeMigrations`): leaf rows read and
/// replaced a subtree at a time, and each app's head: its revision and what its tree stores.
///
/// Every statement reaches rows through a range of the primary key `(app_id, path)`: the subtree
/// at `P` is the row `P` plus the rows in `[P/, P0)`, asked for as two arms of a `UNION ALL` (or
/// two statements) rather than one `OR`, which SQLite plans as a scan of the app's whole tree. A
/// write's cost so follows the rows it reads, removes and adds, never the size of the tree.
struct TreeStore: Sendable {
    /// Rows one `INSERT` carries (three parameters each, well under SQLite's limit).
    private static let insertBatch = 500

    /// The value at `path` without priorities; nil when nothing is stored there.
    func value(app appID: String, at path: DataPath, in db: any SQLDatabase) async throws -> JSONValue? {
        TreeLeaf.value(of: try await snapshot(app: appID, under: path, in: db).0, at: path, priorities: false)
    }

    /// Whether anything is stored at or below `path`: at most one row below it is read.
    func holds(app appID: String, at path: DataPath, in db: any SQLDatabase) async throws -> Bool {
        try await usage(app: appID, paths: [path.storageKey], under: path.storageKey, atMost: 0, in: db).leaves > 0
    }

    /// Replaces the subtree at `path` (and any leaf at an ancestor of it, which a child cannot
    /// sit under) with `leaves`, which all lie at or below `path`, and returns what it removed.
    /// Throws ``TooManyRows`` before removing anything when the rows to remove exceed
    /// `removableRows`, so a write that would delete a huge subtree costs a bounded count.
    func replace(
        app appID: String,
        at path: DataPath,
        with leaves: [TreeLeaf],
        removableRows: Int,
        in db: any SQLDatabase
    ) async throws -> TreeUsage {
        let key = path.storageKey
        var exact = [key]
        for depth in stride(from: 0, to: path.keys.count, by: 1) {
            exact.append(DataPath(validated: Array(path.keys.prefix(depth))).storageKey)
        }
        let removed = try await usage(app: appID, paths: exact, under: key, atMost: removableRows, in: db)
        guard removed.leaves <= removableRows else { throw TooManyRows() }
        if removed.leaves > 0 {
            try await db.raw("DELETE FROM database_nodes WHERE app_id = \(bind: appID) AND path IN (\(binds: exact))").run()
            try await db.raw(
                """
                DELETE FROM database_nodes
                WHERE app_id = \(bind: appID) AND path >= \(bind: key + "/") AND path < \(bind: key + "0")
                """
            ).run()
        }
        for start in stride(from: 0, to: leaves.count, by: Self.insertBatch) {
            let rows = leaves[start..<min(start + Self.insertBatch, leaves.count)].map { leaf -> SQLQueryString in
                "(\(bind: appID), \(bind: leaf.path), \(bind: leaf.value))"
            }
            try await db.raw("INSERT INTO database_nodes (app_id, path, value) VALUES " + rows.joined(separator: ", ")).run()
        }
        return removed
    }

    /// A replacement would remove more rows than it may.
    struct TooManyRows: Error {}

    /// The rows at `paths` and below `key`, counting at most `limit + 1` of the latter.
    private func usage(app appID: String, paths: [String], under key: String, atMost limit: Int, in db: any SQLDatabase) async throws -> TreeUsage {
        let row = try await db.raw(
            """
            SELECT COUNT(*) AS leaves, COALESCE(SUM(octet_length(path) + octet_length(value)), 0) AS bytes FROM (
                SELECT path, value FROM database_nodes WHERE app_id = \(bind: appID) AND path IN (\(binds: paths))
                UNION ALL
                SELECT * FROM (
                    SELECT path, value FROM database_nodes
                    WHERE app_id = \(bind: appID) AND path >= \(bind: key + "/") AND path < \(bind: key + "0")
                    LIMIT \(bind: limit + 1)
                ) below
            ) removed
            """
        ).first()
        return TreeUsage(
            leaves: try row?.decode(column: "leaves", as: Int64.self) ?? 0,
            bytes: try row?.decode(column: "bytes", as: Int64.self) ?? 0
        )
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

    /// Adds `change` to what the app's tree stores (the head row this write locked) and returns
    /// the new total.
    func record(_ change: TreeUsage, app appID: String, in db: any SQLDatabase) async throws -> TreeUsage {
        guard
            let row = try await db.raw(
                """
                UPDATE database_heads SET leaves = leaves + \(bind: change.leaves), bytes = bytes + \(bind: change.bytes)
                WHERE app_id = \(bind: appID) RETURNING leaves, bytes
                """
            ).first()
        else { throw MissingHead() }
        return TreeUsage(leaves: try row.decode(column: "leaves", as: Int64.self), bytes: try row.decode(column: "bytes", as: Int64.self))
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
            LEFT JOIN (
                SELECT path, value FROM database_nodes WHERE app_id = \(bind: appID) AND path = \(bind: key)
                UNION ALL
                SELECT path, value FROM database_nodes
                WHERE app_id = \(bind: appID) AND path >= \(bind: key + "/") AND path < \(bind: key + "0")
            ) n ON 1 = 1
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

/// What rows of a tree hold: how many leaves, and the UTF-8 bytes of their paths and values.
struct TreeUsage: Sendable, Equatable {
    var leaves: Int64 = 0
    var bytes: Int64 = 0

    /// The usage of `leaves` as rows.
    init(of leaves: [TreeLeaf]) {
        self.leaves = Int64(leaves.count)
        bytes = leaves.reduce(0) { $0 + Int64($1.path.utf8.count + $1.value.utf8.count) }
    }

    init(leaves: Int64 = 0, bytes: Int64 = 0) {
        self.leaves = leaves
        self.bytes = bytes
    }

    static func + (lhs: TreeUsage, rhs: TreeUsage) -> TreeUsage {
        TreeUsage(leaves: lhs.leaves + rhs.leaves, bytes: lhs.bytes + rhs.bytes)
    }

    static func - (lhs: TreeUsage, rhs: TreeUsage) -> TreeUsage {
        TreeUsage(leaves: lhs.leaves - rhs.leaves, bytes: lhs.bytes - rhs.bytes)
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
