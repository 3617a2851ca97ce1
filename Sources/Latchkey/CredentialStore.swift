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
    /// The id this installation signs in with by ``AuthClient/signInWithDevice()``; nil until one
    /// is saved. Kept apart from the user, so signing out does not forget the device's guest.
    func loadDeviceID() -> String?
    /// Keeps the installation's device id for good.
    func saveDeviceID(_ deviceID: String) throws
}

extension CredentialStore {
    /// No device id: a store written before device sign-in keeps none.
    public func loadDeviceID() -> String? { nil }
    /// Refuses, so ``AuthClient/signInWithDevice()`` fails loudly rather than making a new guest
    /// at every launch; implement both device-id methods to use it with a store of your own.
    public func saveDeviceID(_ deviceID: String) throws { throw CocoaError(.featureUnsupported) }
}

/// Keeps the user in memory only (tests, previews).
public final class InMemoryCredentialStore: CredentialStore, @unchecked Sendable {
    // @unchecked: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: CurrentUser?
    private var deviceID: String?

    /// An empty store.
    public init() {}

    public func load() -> CurrentUser? { lock.withLock { stored } }
    public func save(_ user: CurrentUser?) throws { lock.withLock { stored = user } }
    public func loadDeviceID() -> String? { lock.withLock { deviceID } }
    public func saveDeviceID(_ deviceID: String) throws { lock.withLock { self.deviceID = deviceID } }
}

/// Keeps the user in a JSON file readable only by its owner (0600), for Linux and command-line
/// apps; the device id goes in a file beside it, named after it with `.device-id` appended.
public struct FileCredentialStore: CredentialStore {
    /// The file.
    public let url: URL
    private var deviceIDURL: URL { url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".device-id") }

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
        try Self.write(try JSONEncoder().encode(user), to: url)
    }

    public func loadDeviceID() -> String? {
        (try? Data(contentsOf: deviceIDURL)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func saveDeviceID(_ deviceID: String) throws {
        try Self.write(Data(deviceID.utf8), to: deviceIDURL)
    }

    /// Replaces the file at `url` with `data` in one rename, readable by its owner only.
    private static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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
