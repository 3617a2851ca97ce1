import CLatchkeySQLite

/// Statements run on an SQLite file directly, as another program (or another version of
/// Latchkey) would: for tests that need a database in a state this binary would not make.
enum SQLiteFile {
    /// Runs `sql` (one or more statements) on the database at `path`.
    static func execute(_ sql: String, in path: String) throws {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw HarnessError.unexpected("cannot open \(path)")
        }
        sqlite3_busy_timeout(database, 10_000)
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw HarnessError.unexpected("\(sql): \(text)")
        }
    }
}
