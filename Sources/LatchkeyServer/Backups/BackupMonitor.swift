public import Foundation
import NIOConcurrencyHelpers

/// How the scheduled backups have gone, for the console: the last one that worked and the last
/// failure. `/metrics` gets the same figures as they happen (``ServerMetrics``).
public struct BackupStatus: Sendable, Equatable {
    /// Whether this server takes scheduled backups at all.
    public var scheduled = false
    /// The last backup taken and checked.
    public var lastSuccess: Success?
    /// When the last attempt failed, and why.
    public var lastFailure: Failure?

    /// A backup taken and checked.
    public struct Success: Sendable, Equatable {
        /// When it was taken.
        public var at: Date
        /// The backup file.
        public var path: String
        /// Its size.
        public var bytes: Int64
        /// How long taking and checking it took.
        public var seconds: Double
    }

    /// A backup attempt that failed.
    public struct Failure: Sendable, Equatable {
        /// When it failed.
        public var at: Date
        /// The error, as the log has it.
        public var reason: String
    }
}

/// Records each scheduled backup's outcome where the console and `/metrics` read it.
final class BackupMonitor: Sendable {
    private let state = NIOLockedValueBox(BackupStatus())
    private let metrics: ServerMetrics

    init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    /// The outcomes so far.
    var status: BackupStatus { state.withLockedValue { $0 } }

    /// Backups are scheduled on this server.
    func scheduled() {
        state.withLockedValue { $0.scheduled = true }
    }

    func succeeded(_ report: SQLiteBackup.Report, at date: Date) {
        state.withLockedValue {
            $0.lastSuccess = BackupStatus.Success(at: date, path: report.path, bytes: report.bytes, seconds: report.seconds)
        }
        metrics.recordBackupSuccess(at: date, bytes: report.bytes, seconds: report.seconds)
    }

    func failed(_ error: any Error, at date: Date) {
        state.withLockedValue { $0.lastFailure = BackupStatus.Failure(at: date, reason: "\(error)") }
        metrics.recordBackupFailure(at: date)
    }
}
