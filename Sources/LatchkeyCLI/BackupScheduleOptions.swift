import ArgumentParser
import Foundation
import LatchkeyServer

/// `serve`'s three backup settings, read together into one ``BackupSchedule`` so they are checked
/// as one: an interval or a count without a directory is an error, not a silent no-op.
struct BackupScheduleOptions: ParsableArguments {
    @Option(
        name: .customLong("backup-dir"),
        help: "Take verified backups of the embedded store into this directory while serving (env LATCHKEY_BACKUP_DIR)."
    )
    var directory: String?
    @Option(name: .customLong("backup-every"), help: "Time between backups: 30m, 6h, 1d (default 6h, env LATCHKEY_BACKUP_EVERY).")
    var every: String?
    @Option(name: .customLong("backup-keep"), help: "Backups kept; older ones are deleted (default 14, env LATCHKEY_BACKUP_KEEP).")
    var keep: String?

    /// The schedule from these flags, else the `LATCHKEY_BACKUP_*` variables; nil when neither
    /// names a directory. Errors name the flag or variable that is wrong.
    func schedule(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BackupSchedule? {
        let directory = Setting(flag: "backup-dir", variable: "LATCHKEY_BACKUP_DIR", given: directory, environment: environment)
        let every = Setting(flag: "backup-every", variable: "LATCHKEY_BACKUP_EVERY", given: every, environment: environment)
        let keep = Setting(flag: "backup-keep", variable: "LATCHKEY_BACKUP_KEEP", given: keep, environment: environment)
        guard let path = directory.value else {
            if let stray = [every, keep].first(where: { $0.value != nil }) {
                throw ValidationError("\(stray.source) needs --backup-dir (or LATCHKEY_BACKUP_DIR) to say where backups go")
            }
            return nil
        }
        let interval = try every.value.map { text in
            do { return try Duration(parsing: text) } catch { throw ValidationError("\(every.source): \(error)") }
        }
        let count = try keep.value.map { text in
            guard let count = Int(text), count >= 1 else { throw ValidationError("\(keep.source): '\(text)' is not a whole number of at least 1") }
            return count
        }
        do {
            return try BackupSchedule(
                directory: path,
                interval: interval ?? BackupSchedule.defaultInterval,
                keep: count ?? BackupSchedule.defaultKeep
            )
        } catch {
            throw ValidationError("\(directory.source): \(error)")
        }
    }

    /// One setting's value and where it came from, for error messages.
    private struct Setting {
        var value: String?
        var source: String

        init(flag: String, variable: String, given: String?, environment: [String: String]) {
            if let given {
                (value, source) = (given, "--\(flag)")
            } else {
                (value, source) = (environment[variable].flatMap { $0.isEmpty ? nil : $0 }, variable)
            }
        }
    }
}
