/// Why a backup could not be taken, checked or restored. Each case names the file and what to do,
/// because the operator reading it is often in the middle of recovering from something else.
public enum BackupProblem: Error, CustomStringConvertible, Equatable {
    /// The installation has no embedded database to copy.
    case noDatabase(path: String)
    /// The backup would replace an existing file.
    case destinationExists(path: String)
    /// The file to check or restore is not there.
    case missing(path: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// The file is an SQLite database that fails SQLite's integrity check.
    case damaged(path: String, findings: [String])
    /// The file is an SQLite database, but not one Latchkey wrote: no migrations are recorded.
    case notLatchkey(path: String)
    /// The installation is on PostgreSQL, whose own tools make its backups.
    case postgres
    /// The copy could not be written, read or moved.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDatabase(let path):
            "there is no Latchkey database at \(path): check --data-dir"
        case .destinationExists(let path):
            "\(path) exists already; a backup never overwrites a file: choose a new name"
        case .missing(let path):
            "\(path) does not exist"
        case .notADatabase(let path):
            "\(path) is not a Latchkey backup: it is not an SQLite database"
        case .damaged(let path, let findings):
            "\(path) is damaged (SQLite's integrity check: \(findings.prefix(3).joined(separator: "; "))); nothing was changed"
        case .notLatchkey(let path):
            "\(path) is not a Latchkey backup: it has no readable feature_migrations table"
        case .postgres:
            """
            latchkey backup and restore are for the embedded SQLite store, and this installation is on PostgreSQL: \
            back it up with pg_dump (pg_dump --format=custom) or PostgreSQL's point-in-time recovery (WAL archiving), \
            restore with pg_restore, and copy it into another store with latchkey migrate --from … --to … \
            (docs/deploy.md, Backup and restore)
            """
        case .io(let path, let reason):
            "\(path): \(reason)"
        }
    }
}
