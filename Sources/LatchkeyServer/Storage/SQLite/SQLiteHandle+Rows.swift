extension SQLiteHandle {
    /// Runs one statement without binds and collects its rows: for the few statements outside the
    /// request path (checks of a backup file) that read small results.
    func rows(_ sql: String) throws -> [SQLiteValuesRow] {
        var rows: [SQLiteValuesRow] = []
        try execute(sql, binds: []) { rows.append($0) }
        return rows
    }
}
