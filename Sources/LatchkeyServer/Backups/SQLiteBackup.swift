import Foundation
import SQLiteNIO

/// A consistent copy of the embedded store taken while the server serves.
///
/// SQLite's `VACUUM INTO` reads one snapshot on a connection of its own, so the copy holds every
/// write committed before it began and none after, and — the store being in WAL mode — the
/// server's writer and readers go on meanwhile. The copy is written under a hidden temporary name,
/// checked (``BackupVerification``), flushed and only then renamed to its name, so a file with a
/// backup's name is always a whole, checked backup. The secret key is not in it.
public enum SQLiteBackup {
    /// A backup taken.
    public struct Report: Codable, Sendable {
        /// The backup file.
        public var path: String
        /// Its size.
        public var bytes: Int64
        /// How long taking and checking it took.
        public var seconds: Double
        /// What checking it found.
        public var verification: BackupVerification
    }

    /// Copies the database at `databasePath` into `destination`, which must not exist. The work
    /// runs on a thread of its own, never on the caller's executor: a large copy stalls no request.
    public static func take(from databasePath: String, to destination: String) async throws -> Report {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw BackupProblem.noDatabase(path: databasePath) }
        guard !FileManager.default.fileExists(atPath: destination) else { throw BackupProblem.destinationExists(path: destination) }
        let thread = DedicatedThreadExecutor(name: "latchkey-backup")
        defer { thread.stop() }
        return try await Task(executorPreference: thread) { try takeHere(from: databasePath, to: destination) }.value
    }

    private static func takeHere(from databasePath: String, to destination: String) throws -> Report {
        let started = ContinuousClock.now
        let url = URL(fileURLWithPath: destination)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
        try DurableFiles.remove(partial)
        do {
            let source = try SQLiteHandle(path: databasePath, busyTimeoutMilliseconds: 10_000)
            defer { source.close() }
            try source.execute("VACUUM INTO ?", binds: [.text(partial)]) { _ in }
            let verification = try BackupVerification.check(partial)
            try DurableFiles.seal(partial)
            try DurableFiles.move(partial, to: destination)
            let bytes = (try FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value ?? 0
            return Report(path: destination, bytes: bytes, seconds: (ContinuousClock.now - started).timeInterval, verification: verification)
        } catch {
            try? DurableFiles.remove(partial)
            throw error
        }
    }
}
