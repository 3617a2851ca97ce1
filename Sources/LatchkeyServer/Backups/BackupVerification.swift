import CLatchkeySQLite
import Foundation

/// What checking a backup file found: SQLite's integrity check passed, the migrations it records
/// (all known to this binary) and how many rows each table holds — the figures an operator
/// compares with the live installation to trust the copy before needing it.
public struct BackupVerification: Codable, Sendable, Equatable {
    /// A table and its row count.
    public struct Table: Codable, Sendable, Equatable {
        /// The table's name.
        public var name: String
        /// Its rows.
        public var rows: Int
    }

    /// The migrations the backup records, as `feature.version`.
    public var migrations: [String]
    /// Every table, by name, with its rows.
    public var tables: [Table]

    /// Checks the SQLite file at `path` as a Latchkey backup, reading only.
    ///
    /// Throws ``BackupProblem`` for a file that is missing, not SQLite, damaged or not Latchkey's,
    /// and ``NewerDatabaseError`` for one written by a newer version than this binary.
    public static func check(_ path: String) throws -> BackupVerification {
        guard FileManager.default.fileExists(atPath: path) else { throw BackupProblem.missing(path: path) }
        let handle = try SQLiteHandle(path: path, busyTimeoutMilliseconds: 10_000)
        defer { handle.close() }
        do {
            return try check(handle, path: path)
        } catch let failure as SQLiteFailure where failure.code == SQLITE_NOTADB {
            throw BackupProblem.notADatabase(path: path)
        } catch let failure as SQLiteFailure {
            throw BackupProblem.damaged(path: path, findings: [failure.message])
        }
    }

    private static func check(_ handle: SQLiteHandle, path: String) throws -> BackupVerification {
        let findings = try handle.rows("PRAGMA integrity_check").map { try $0.decode(column: "integrity_check", as: String.self) }
        guard findings == ["ok"] else { throw BackupProblem.damaged(path: path, findings: findings) }
        let names = try handle.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            .map { try $0.decode(column: "name", as: String.self) }
        guard names.contains("feature_migrations") else { throw BackupProblem.notLatchkey(path: path) }
        let recorded = try handle.rows("SELECT feature, version FROM feature_migrations ORDER BY feature, version").map {
            MigrationName(feature: try $0.decode(column: "feature", as: String.self), version: try $0.decode(column: "version", as: Int.self))
        }
        guard !recorded.isEmpty else { throw BackupProblem.notLatchkey(path: path) }
        try Migrations.refuseUnknown(recorded)
        let tables = try names.map { name in
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let rows = try handle.rows("SELECT COUNT(*) AS n FROM \(quoted)").first?.decode(column: "n", as: Int.self) ?? 0
            return Table(name: name, rows: rows)
        }
        return BackupVerification(migrations: recorded.map(\.description), tables: tables)
    }
}
