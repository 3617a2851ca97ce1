import Foundation

#if canImport(Security)
import Security
#endif

/// Keeps the user in the Keychain (Apple platforms), readable after first unlock on this device
/// only; the device id in an item of its own (the account name with `.device-id` appended), which
/// signing out leaves. A save replaces the item in place (`SecItemUpdate`, then `SecItemAdd` when
/// there is none), so a crash or a concurrent reader never sees the session missing; every Keychain failure is
/// thrown as a ``KeychainError`` with its `OSStatus`. Give an `accessGroup` to share the session
/// with app extensions.
///
/// The logic talks to the Keychain through ``KeychainAccess``, so it runs (and is tested) on every
/// platform; the Security framework is the only layer used in apps.
public struct KeychainCredentialStore: CredentialStore {
    /// The Keychain service name.
    public let service: String
    /// The account name within the service.
    public let account: String
    /// The Keychain access group shared with app extensions; nil for the app's default group.
    public let accessGroup: String?
    let keychain: any KeychainAccess

    #if canImport(Security)
    /// A store under `service`/`account`, in `accessGroup` when given.
    public init(service: String = "dev.latchkey.session", account: String = "current-user", accessGroup: String? = nil) {
        self.init(service: service, account: account, accessGroup: accessGroup, keychain: SecurityKeychain())
    }
    #endif

    /// A store that reaches the Keychain through `keychain`.
    init(service: String, account: String, accessGroup: String?, keychain: any KeychainAccess) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.keychain = keychain
    }

    private var item: KeychainItem { KeychainItem(service: service, account: account, accessGroup: accessGroup) }
    private var deviceIDItem: KeychainItem { KeychainItem(service: service, account: account + ".device-id", accessGroup: accessGroup) }

    /// The stored user; nil when there is none, when the Keychain cannot be read (locked before
    /// first unlock) or when the item does not decode.
    public func load() -> CurrentUser? {
        guard case .found(let data) = keychain.read(item) else { return nil }
        return try? JSONDecoder().decode(CurrentUser.self, from: data)
    }

    /// Replaces the stored user in place, or deletes it for nil. Throws ``KeychainError``.
    public func save(_ user: CurrentUser?) throws {
        guard let user else {
            let status = keychain.delete(item)
            guard status == KeychainError.success || status == KeychainError.itemNotFound else { throw KeychainError(status: status) }
            return
        }
        try write(try JSONEncoder().encode(user), to: item)
    }

    /// The device id; nil when there is none or the Keychain cannot be read.
    public func loadDeviceID() -> String? {
        guard case .found(let data) = keychain.read(deviceIDItem) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps the device id. Throws ``KeychainError``.
    public func saveDeviceID(_ deviceID: String) throws {
        try write(Data(deviceID.utf8), to: deviceIDItem)
    }

    /// Replaces `item`'s data in place, adding the item when there is none.
    private func write(_ data: Data, to item: KeychainItem) throws {
        var status = keychain.update(item, data: data)
        if status == KeychainError.itemNotFound {
            status = keychain.add(item, data: data)
            // Another thread or process added it in between: replace that one.
            if status == KeychainError.duplicateItem { status = keychain.update(item, data: data) }
        }
        guard status == KeychainError.success else { throw KeychainError(status: status) }
    }
}

/// A Keychain call that failed, with its `OSStatus` (`errSecInteractionNotAllowed` = -25308 while
/// the device is locked, `errSecMissingEntitlement` = -34018 for an access group the app may not use).
public struct KeychainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `OSStatus` the Keychain answered.
    public let status: Int32

    /// An error for `status`.
    public init(status: Int32) { self.status = status }

    public var description: String { "Keychain error \(status)" }

    /// `errSecSuccess`.
    static let success: Int32 = 0
    /// `errSecItemNotFound`.
    static let itemNotFound: Int32 = -25300
    /// `errSecDuplicateItem`.
    static let duplicateItem: Int32 = -25299
}

/// One generic-password item: the slot a store keeps its session in.
struct KeychainItem: Hashable, Sendable {
    let service: String
    let account: String
    let accessGroup: String?
}

/// What a read found.
enum KeychainRead: Equatable, Sendable {
    case found(Data)
    case notFound
    case failed(Int32)
}

/// The four Keychain calls the store makes, each answering an `OSStatus`. The Security framework
/// implements it on Apple platforms; tests use an in-memory one.
protocol KeychainAccess: Sendable {
    func read(_ item: KeychainItem) -> KeychainRead
    func update(_ item: KeychainItem, data: Data) -> Int32
    func add(_ item: KeychainItem, data: Data) -> Int32
    func delete(_ item: KeychainItem) -> Int32
}

#if canImport(Security)
/// ``KeychainAccess`` through `SecItem*`: generic-password items, accessible after first unlock on
/// this device only.
struct SecurityKeychain: KeychainAccess {
    func read(_ item: KeychainItem) -> KeychainRead {
        var query = Self.query(item)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess: return (result as? Data).map(KeychainRead.found) ?? .failed(errSecDecode)
        case errSecItemNotFound: return .notFound
        default: return .failed(status)
        }
    }

    func update(_ item: KeychainItem, data: Data) -> Int32 {
        SecItemUpdate(Self.query(item) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
    }

    func add(_ item: KeychainItem, data: Data) -> Int32 {
        var attributes = Self.query(item)
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func delete(_ item: KeychainItem) -> Int32 {
        SecItemDelete(Self.query(item) as CFDictionary)
    }

    private static func query(_ item: KeychainItem) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: item.service,
            kSecAttrAccount as String: item.account,
        ]
        if let group = item.accessGroup { query[kSecAttrAccessGroup as String] = group }
        // macOS otherwise uses the file-based login keychain, which ignores access groups (and
        // `kSecAttrAccessible`): the data-protection keychain is iOS's, where it is the default.
        query[kSecUseDataProtectionKeychain as String] = true
        return query
    }
}
#endif
