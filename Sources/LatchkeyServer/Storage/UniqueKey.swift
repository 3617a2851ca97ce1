/// A unique index or primary key, named as the migration that created it names it. Drivers tell
/// which key refused a write from what the database reports about the constraint — PostgreSQL's
/// constraint name, SQLite's exact list of `table.column`s — never from text that may contain
/// the refused value (an email such as `username_canonical@example.com` must not read as a
/// username clash).
public struct UniqueKey: Sendable, Equatable {
    /// The index or constraint name.
    public var name: String
    /// The table.
    public var table: String
    /// The indexed columns, in index order.
    public var columns: [String]

    /// SQLite's message for a violation of this key.
    var sqliteMessage: String {
        "UNIQUE constraint failed: " + columns.map { "\(table).\($0)" }.joined(separator: ", ")
    }
}
