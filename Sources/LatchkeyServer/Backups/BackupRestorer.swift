import Foundation

/// Puts a backup in place as an embedded installation's database.
///
/// It holds the installation's lock exclusively (refused while a server runs), checks the backup
/// as ``SQLiteBackup`` checks a new one, copies it beside the database and renames it over it in
/// one step. The database it replaces stays as `latchkey.sqlite.before-restore-<time>` (with its
/// `-wal`, which may hold committed writes), and no `-wal` or `-shm` of the old database is left
/// for SQLite to apply to the restored one.
public enum BackupRestorer {
    /// A restore done.
    public struct Report: Codable, Sendable {
        /// The database now in place.
        public var database: String
        /// Where the database it replaced was kept; nil when there was none.
        public var previous: String?
        /// What checking the backup found.
        public var verification: BackupVerification
    }

    /// Restores `backup` into the installation at `dataDirectory` (created when missing).
    public static func restore(from backup: String, dataDirectory: String) throws -> Report {
        var configuration = LatchkeyConfiguration()
        configuration.dataDirectory = dataDirectory
        let database = configuration.databasePath
        let lock = try InstallationLock(dataDirectory: dataDirectory, purpose: .restoring)
        defer { withExtendedLifetime(lock) {} }
        let verification = try BackupVerification.check(backup)
        let incoming = database + ".restoring"
        try DurableFiles.remove(incoming)
        do {
            try FileManager.default.copyItem(atPath: backup, toPath: incoming)
            try DurableFiles.seal(incoming)
        } catch {
            try? DurableFiles.remove(incoming)
            throw BackupProblem.io(path: backup, reason: "cannot copy it into \(dataDirectory): \(error)")
        }
        let previous = try keepPrevious(database)
        for suffix in ["-wal", "-shm", "-journal"] { try DurableFiles.remove(database + suffix) }
        try DurableFiles.move(incoming, to: database)
        return Report(database: database, previous: previous, verification: verification)
    }

    /// Links the current database (and moves its `-wal`) to a side name; nil when there is none.
    private static func keepPrevious(_ database: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: database) else { return nil }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let side = "\(database).before-restore-\(stamp)"
        guard link(database, side) == 0 else {
            throw BackupProblem.io(path: side, reason: "cannot keep the current database there: \(String(cString: strerror(errno)))")
        }
        if FileManager.default.fileExists(atPath: database + "-wal") { try DurableFiles.move(database + "-wal", to: side + "-wal") }
        return side
    }
}
