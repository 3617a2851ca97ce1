import Foundation
import Logging
import ServiceLifecycle

/// Takes the embedded store's backups on a ``BackupSchedule`` while the server runs.
///
/// The next backup is due one interval after the newest in the directory (at once when there is
/// none), so restarting the server neither skips a backup nor takes an extra one. Each backup is
/// an ``SQLiteBackup`` on its own connection and thread, never the writer's; after each, the
/// oldest beyond `keep` are deleted. A failure is logged and recorded, and the next attempt
/// comes one interval later.
struct BackupScheduler: Service {
    let schedule: BackupSchedule
    let databasePath: String
    let monitor: BackupMonitor
    let logger: Logger

    func run() async throws {
        let shelf = BackupShelf(directory: schedule.directory)
        monitor.scheduled()
        do {
            try shelf.prepare()
        } catch {
            logger.error("scheduled backups cannot use their directory", metadata: ["directory": "\(schedule.directory)", "error": "\(error)"])
            monitor.failed(error, at: Date())
            return
        }
        var retryAt: Date?
        while !Task.isShuttingDownGracefully {
            let due = retryAt ?? (try? shelf.newestTakenAt()).map { $0.addingTimeInterval(schedule.interval.timeInterval) } ?? Date()
            let wait = due.timeIntervalSinceNow
            if wait > 0 {
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(Int64(wait * 1000))) }
                } catch {
                    return
                }
            }
            retryAt = await takeBackup(on: shelf) ? nil : Date().addingTimeInterval(schedule.interval.timeInterval)
        }
    }

    /// Takes one backup and applies retention; whether it worked.
    private func takeBackup(on shelf: BackupShelf) async -> Bool {
        let now = Date()
        do {
            let report = try await SQLiteBackup.take(from: databasePath, to: shelf.newBackupPath(at: now))
            let removed = try shelf.prune(keep: schedule.keep)
            monitor.succeeded(report, at: now)
            logger.info(
                "backup taken",
                metadata: ["path": "\(report.path)", "bytes": "\(report.bytes)", "seconds": "\(report.seconds)", "removed": "\(removed.count)"]
            )
            return true
        } catch {
            monitor.failed(error, at: now)
            logger.error("scheduled backup failed", metadata: ["error": "\(error)"])
            return false
        }
    }
}
