/// When and where `serve` backs up the embedded store, and how many backups it keeps: the three
/// backup settings as one value, so they are checked together and travel together.
public struct BackupSchedule: Sendable, Equatable {
    /// The directory the backups are written to.
    public var directory: String
    /// The time from one backup to the next.
    public var interval: Duration
    /// How many backups stay; the oldest beyond this are deleted.
    public var keep: Int

    /// Every six hours, the last fourteen kept: three and a half days to notice a mistake.
    public static let defaultInterval = Duration.seconds(6 * 3_600)
    /// See ``defaultInterval``.
    public static let defaultKeep = 14

    /// A schedule; `keep` below one would delete the backup just taken, so it is refused.
    public init(directory: String, interval: Duration = defaultInterval, keep: Int = defaultKeep) throws(BackupScheduleError) {
        guard !directory.isEmpty else { throw .noDirectory }
        guard keep >= 1 else { throw .keepTooSmall(keep) }
        self.directory = directory
        self.interval = interval
        self.keep = keep
    }
}

/// A backup schedule that cannot work.
public enum BackupScheduleError: Error, CustomStringConvertible, Equatable {
    /// No directory to write the backups to.
    case noDirectory
    /// Fewer than one backup to keep.
    case keepTooSmall(Int)

    public var description: String {
        switch self {
        case .noDirectory: "scheduled backups need a directory to write them to"
        case .keepTooSmall(let keep): "backups to keep must be at least 1, not \(keep)"
        }
    }
}
