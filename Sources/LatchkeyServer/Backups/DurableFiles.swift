import Foundation

/// The file steps that make a backup or a restore survive a crash: flushed to disk before it is
/// renamed into place, and the rename itself flushed with its directory.
enum DurableFiles {
    /// Makes `path` private (0600) and flushes its contents.
    static func seal(_ path: String) throws {
        guard chmod(path, 0o600) == 0 else { throw BackupProblem.io(path: path, reason: "cannot make it private: \(errorText())") }
        try flush(path, directory: false)
    }

    /// Renames `source` to `destination` (replacing it) and flushes the directory, so the new name
    /// outlives a crash; a reader sees the old file or the whole new one.
    static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw BackupProblem.io(path: destination, reason: "cannot rename \(source) to it: \(errorText())")
        }
        try flush(URL(fileURLWithPath: destination).deletingLastPathComponent().path, directory: true)
    }

    /// Removes `path` when it exists.
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw BackupProblem.io(path: path, reason: "cannot remove it: \(errorText())") }
    }

    private static func flush(_ path: String, directory: Bool) throws {
        let descriptor = open(path, directory ? O_RDONLY | O_DIRECTORY : O_RDWR)
        guard descriptor >= 0 else { throw BackupProblem.io(path: path, reason: "cannot open it: \(errorText())") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BackupProblem.io(path: path, reason: "cannot flush it: \(errorText())") }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
