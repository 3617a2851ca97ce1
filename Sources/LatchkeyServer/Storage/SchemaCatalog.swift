import SQLKit

/// What the database itself says about its schema: its tables, their columns and primary keys.
/// Installation copies read columns from here rather than from a hand-kept list, so a column a
/// migration adds is copied without anyone remembering to.
struct SchemaCatalog: Sendable {
    let family: SQLFamily

    /// A column and whether it holds integers (else text).
    struct Column: Sendable, Equatable {
        var name: String
        var isInteger: Bool
        /// The position in the primary key, nil when not part of it.
        var primaryKeyPosition: Int?
    }

    /// The tables of the database, sorted by name.
    func tables(in db: any SQLDatabase) async throws -> [String] {
        let query: SQLQueryString =
            family == .postgres
            ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        return try await db.raw(query).all().map { try $0.decode(column: "name", as: String.self) }.sorted()
    }

    /// The columns of `table` in their order.
    func columns(of table: String, in db: any SQLDatabase) async throws -> [Column] {
        if family == .postgres {
            let keys = try await db.raw(
                """
                SELECT a.attname AS name, array_position(i.indkey, a.attnum) AS position
                FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
                WHERE i.indrelid = to_regclass(\(bind: table)) AND i.indisprimary
                """
            ).all().reduce(into: [String: Int]()) { keys, row in
                keys[try row.decode(column: "name", as: String.self)] = try row.decode(column: "position", as: Int.self) + 1
            }
            return try await db.raw(
                """
                SELECT column_name AS name, data_type AS type FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = \(bind: table) ORDER BY ordinal_position
                """
            ).all().map { row in
                let name = try row.decode(column: "name", as: String.self)
                let type = try row.decode(column: "type", as: String.self)
                return Column(name: name, isInteger: ["bigint", "integer", "smallint"].contains(type), primaryKeyPosition: keys[name])
            }
        }
        return try await db.raw("SELECT name, type, pk FROM pragma_table_info(\(bind: table)) ORDER BY cid").all().map { row in
            let type = try row.decode(column: "type", as: String.self).uppercased()
            let position = try row.decode(column: "pk", as: Int.self)
            return Column(
                name: try row.decode(column: "name", as: String.self),
                isInteger: type.contains("INT"),
                primaryKeyPosition: position > 0 ? position : nil
            )
        }
    }
}
