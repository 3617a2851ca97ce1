import Foundation

/// An advisory lock on `DATA_DIR/latchkey.lock` that says who is using an embedded installation:
/// every serving process holds it shared, a restore holds it exclusively. So a restore never
/// swaps the database under a running server, and no server starts while a restore is under way.
/// The kernel drops the lock when the process ends, however it ends: a crash leaves nothing stale.
/// The CLI's other commands take no lock: they may run beside a server, as always.
public final class InstallationLock: Sendable {
    /// What the holder is doing with the installation.
    public enum Purpose: Sendable {
        /// Serving it: many servers may share the directory.
        case serving
        /// Replacing its database: nobody else may use it.
        case restoring
    }

    /// The lock file's name in the data directory.
    public static let fileName = "latchkey.lock"

    private let descriptor: Int32

    /// Takes the lock for `purpose` without waiting, creating the directory (0700) and the lock
    /// file (0600) when missing; throws ``InstallationBusyError`` when another process holds it
    /// in a way `purpose` excludes.
    public init(dataDirectory: String, purpose: Purpose) throws {
        try PrivateFiles.prepare(directory: dataDirectory, files: [Self.fileName])
        let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BackupProblem.io(path: path, reason: "cannot open it: \(String(cString: strerror(errno)))") }
        guard flock(descriptor, (purpose == .serving ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            close(descriptor)
            throw InstallationBusyError(dataDirectory: dataDirectory, purpose: purpose)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

/// Another process holds the installation's lock.
public struct InstallationBusyError: Error, CustomStringConvertible {
    /// The installation's data directory.
    public var dataDirectory: String
    /// What this process wanted to do.
    public var purpose: InstallationLock.Purpose

    public var description: String {
        let lock = URL(fileURLWithPath: dataDirectory).appendingPathComponent(InstallationLock.fileName).path
        return switch purpose {
        case .serving:
            "a restore is under way in \(dataDirectory) (it holds \(lock)); start the server when it has finished"
        case .restoring:
            "a server is running on \(dataDirectory) (it holds \(lock)): stop it first; a restore never replaces the database of a running installation"
        }
    }
}
