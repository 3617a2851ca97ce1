public import Foundation
#if canImport(Security)
import Security
#endif

/// Where the signed-in user is kept between launches (Kii's stored credentials). The built-in
/// stores write JSON with Foundation's default date coding, which keeps dates exact.
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

#if canImport(Security)
/// Keeps the user in the Keychain (Apple platforms), readable after first unlock on this device only.
public struct KeychainCredentialStore: CredentialStore {
    /// The Keychain service name.
    public let service: String
    /// The account name within the service.
    public let account: String

    /// A store under `service`/`account`.
    public init(service: String = "dev.latchkey.session", account: String = "current-user") {
        self.service = service
        self.account = account
    }

    public func load() -> CurrentUser? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let data = result as? Data else { return nil }
        return try? JSONDecoder().decode(CurrentUser.self, from: data)
    }

    public func save(_ user: CurrentUser?) throws {
        SecItemDelete(baseQuery as CFDictionary)
        guard let user else { return }
        var item = baseQuery
        item[kSecValueData as String] = try JSONEncoder().encode(user)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    }

    private var baseQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }
}
#endif
