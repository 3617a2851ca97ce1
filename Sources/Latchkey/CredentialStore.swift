public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// A store at `url`; its directory is created on first save and kept at 0700.
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
        try Self.replace(url, with: try JSONEncoder().encode(user))
    }

    public func loadDeviceID() -> String? {
        (try? Data(contentsOf: deviceIDURL)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func saveDeviceID(_ deviceID: String) throws {
        try Self.replace(deviceIDURL, with: Data(deviceID.utf8))
    }

    /// Replaces the file at `url` with `data` in one `rename(2)`, readable by its owner only: the
    /// bytes go to a new file created 0600 (so they are never readable by others, not even before
    /// a chmod), are flushed to disk, and the rename swaps it in, so a crash leaves the old file or
    /// the new one, never neither. Foundation's `replaceItemAt` is not used: on Linux it removed
    /// the original and then failed, losing the session at every second save.
    private static func replace(_ url: URL, with data: Data) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A folder that existed already (made by another program, or with a laxer umask) is
        // narrowed too: the session's name and timing are no one else's business.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError.current }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { throw POSIXError.current }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw POSIXError.current }
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError.current }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }
}

extension POSIXError {
    /// The error `errno` names now.
    static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
