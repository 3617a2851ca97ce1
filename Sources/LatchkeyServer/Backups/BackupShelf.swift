import Foundation

/// The directory scheduled backups live in: names that sort by the UTC time they were taken
/// (`latchkey-20260102T030405.678Z.sqlite`), so the newest is the last by name and retention is
/// "all but the last `keep`". Only names of that form count: a half-written copy (hidden,
/// `.partial`) or a file the operator put there is never taken for a backup, nor deleted.
struct BackupShelf {
    let directory: String

    private static let prefix = "latchkey-"
    private static let suffix = ".sqlite"

    private static func stampFormat() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter
    }

    /// Creates the directory (0700) when missing, and removes copies a crash left half-written.
    func prepare() throws {
        try PrivateFiles.prepare(directory: directory, files: [])
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasPrefix(".") && name.hasSuffix(".partial") {
            try DurableFiles.remove(path(name))
        }
    }

    /// The path of a new backup taken at `date`.
    func newBackupPath(at date: Date) -> String {
        path(Self.prefix + Self.stampFormat().string(from: date) + Self.suffix)
    }

    /// The backups' names, oldest first.
    func backups() throws -> [String] {
        let format = Self.stampFormat()
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { Self.takenAt($0, format: format) != nil }.sorted()
    }

    /// When the newest backup was taken, nil when there is none.
    func newestTakenAt() throws -> Date? {
        try backups().last.flatMap { Self.takenAt($0, format: Self.stampFormat()) }
    }

    /// Deletes the oldest backups beyond `keep`; returns their names.
    @discardableResult
    func prune(keep: Int) throws -> [String] {
        let expired = Array(try backups().dropLast(keep))
        for name in expired { try DurableFiles.remove(path(name)) }
        return expired
    }

    private static func takenAt(_ name: String, format: DateFormatter) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return format.date(from: String(name.dropFirst(prefix.count).dropLast(suffix.count)))
    }

    private func path(_ name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }
}
