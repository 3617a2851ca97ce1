import Foundation

/// Files only the server's own user may read: the embedded database, its write-ahead log and
/// shared memory, and the secret key. A local user who can read `latchkey.sqlite-wal` reads
/// every password hash and session in it, so a directory or file that group or others may access
/// stops the server at start — with the `chmod` that fixes it — instead of being served from.
enum PrivateFiles {
    /// Makes the process's umask 077, so every file made from now on (SQLite's `-wal` and `-shm`,
    /// a generated key file) is 0600 and every directory 0700.
    static func restrictNewFiles() {
        umask(0o077)
    }

    /// Creates `directory` (0700) if it is missing; refuses it, or any of `files` in it, when group
    /// or others have any access.
    static func prepare(directory: String, files: [String]) throws {
        restrictNewFiles()
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        try requirePrivate(directory, directory: true)
        let directoryURL = URL(fileURLWithPath: directory)
        for file in files {
            let path = directoryURL.appendingPathComponent(file).path
            if FileManager.default.fileExists(atPath: path) { try requirePrivate(path, directory: false) }
        }
    }

    /// Refuses `path` when group or others have any access to it.
    static func requirePrivate(_ path: String, directory: Bool) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else { return }
        guard mode & 0o077 != 0 else { return }
        let shown = URL(fileURLWithPath: path).standardizedFileURL.path
        throw ConfigurationProblem(
            description: """
                \(shown) is accessible to other users (mode \(String(mode & 0o777, radix: 8))); \
                Latchkey keeps its data private to its own user. Fix it with: chmod \(directory ? "700" : "600") '\(shown)'
                """
        )
    }
}
