import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey backup --to FILE`: a consistent, verified copy of the embedded store, taken while the
/// server serves. The secret key stays out of it, as docs/deploy.md asks: a backup stored with
/// its key would protect nothing, so the output says where the key is to be kept instead.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the embedded database consistently while the server runs, and check the copy.",
        discussion: "On PostgreSQL use pg_dump or point-in-time recovery instead (docs/deploy.md, Backup and restore)."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .customLong("to"), help: "The backup file to write; it must not exist.") var destination: String

    /// What `--json` prints: the backup and where the key it needs lives.
    struct Result: Encodable {
        var backup: SQLiteBackup.Report
        var secretKey: String
    }

    func run() async throws {
        let configuration = try await store.configuration()
        guard configuration.databaseURL == nil else { throw BackupProblem.postgres }
        let report = try await SQLiteBackup.take(from: configuration.databasePath, to: destination)
        let key = Self.keyNote(configuration)
        let tables = report.verification.tables.map { "  \($0.name): \($0.rows) rows" }.joined(separator: "\n")
        let text = """
            backup written to \(report.path) (\(report.bytes) bytes, \(String(format: "%.2f", report.seconds)) s)
            checked: integrity ok, \(report.verification.migrations.count) migrations recorded
            \(tables)
            \(key)
            """
        try output.print(Result(backup: report, secretKey: key), text: text)
    }

    /// Where the secret key is, and that the backup does not hold it.
    static func keyNote(_ configuration: LatchkeyConfiguration) -> String {
        let source =
            configuration.secretKey != nil
            ? "the key given in LATCHKEY_SECRET_KEY" : configuration.secretKeyFile ?? configuration.secretKeyPath
        return "the secret key is not in the backup: store \(source) separately, somewhere else; a restore needs it"
    }
}

/// `latchkey restore --from FILE`: puts a backup in place of a stopped installation's database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Check a backup and put it in place of the embedded database (the server must be stopped).",
        discussion: """
            The database it replaces is kept beside it as latchkey.sqlite.before-restore-<time>. \
            On PostgreSQL use pg_restore (docs/deploy.md, Backup and restore).
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .customLong("from"), help: "The backup file to restore.") var source: String

    func run() async throws {
        let configuration = try await store.configuration()
        guard configuration.databaseURL == nil else { throw BackupProblem.postgres }
        let report = try BackupRestorer.restore(from: source, dataDirectory: configuration.dataDirectory)
        let text = """
            restored \(source) as \(report.database) (\(report.verification.migrations.count) migrations, \
            \(report.verification.tables.count) tables)
            \(report.previous.map { "the database it replaced is kept as \($0)" } ?? "there was no database to replace")
            start the server with the secret key the backup's installation used
            """
        try output.print(report, text: text)
    }
}
