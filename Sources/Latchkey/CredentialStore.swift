public import Foundation

/// Where the signed-in user is kept between launches (Kii's stored credentials). The built-in
/// stores write JSON with Foundation's default date coding, which keeps dates exact.
///
/// The client calls `save` under the same lock as it changes its own state, so the store always
/// holds the latest session; a store must therefore not call back into the client.
public protocol CredentialStore: Sendable {
    /// The stored user, if any.
    func load() -> CurrentUser?
    /// Replaces the stored user (nil clears it).
    func save(_ user: CurrentUser?) throws
}

/// Keeps the user in memory only (tests, previews).
public final class InMemoryCredentialStore: CredentialStore, @unchecked Sendable {
    // @unchecked: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: CurrentUser?

    /// An empty store.
    public init() {}

    public func load() -> CurrentUser? { lock.withLock { stored } }
    public func save(_ user: CurrentUser?) throws { lock.withLock { stored = user } }
}

/// Keeps the user in a JSON file readable only by its owner (0600), for Linux and command-line apps.
public struct FileCredentialStore: CredentialStore {
    /// The file.
    public let url: URL

    /// A store at `url`; its directory is created (0700) on first save.
    public init(url: URL) { self.url = url }

    public func load() -> CurrentUser? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(CurrentUser.self, from: data)
    }

    public func save(_ user: CurrentUser?) throws {
        guard let user else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(user)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission)
        }
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
    }
}
