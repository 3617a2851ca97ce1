import Foundation
import LatchkeyWire
import Testing

@testable import Latchkey

/// The Keychain store's logic, through an in-memory Keychain that answers as the Security
/// framework does (Linux has no Keychain; Apple builds use `SecItem*` through the same protocol).
@Suite struct SDKKeychainTests {
    /// A Keychain in memory: items by service, account and access group, every call recorded, and
    /// a status to fail the next call of a kind with.
    final class FakeKeychain: KeychainAccess, @unchecked Sendable {
        // @unchecked: everything mutable is behind `lock`.
        private let lock = NSLock()
        private var items: [KeychainItem: Data] = [:]
        private(set) var calls: [String] = []
        /// Statuses to answer instead, by call name, used once each in order.
        var failures: [String: [Int32]] = [:]
        /// Called at the start of every call, to act as another process would in between.
        var interleave: ((String) -> Void)?

        private func record(_ call: String) -> Int32? {
            interleave?(call)
            return lock.withLock {
                calls.append(call)
                guard var queued = failures[call], !queued.isEmpty else { return nil }
                let status = queued.removeFirst()
                failures[call] = queued
                return status
            }
        }

        func put(_ item: KeychainItem, _ data: Data?) { lock.withLock { items[item] = data } }
        func stored(_ item: KeychainItem) -> Data? { lock.withLock { items[item] } }

        func read(_ item: KeychainItem) -> KeychainRead {
            if let status = record("read") { return .failed(status) }
            return lock.withLock { items[item].map(KeychainRead.found) ?? .notFound }
        }

        func update(_ item: KeychainItem, data: Data) -> Int32 {
            if let status = record("update") { return status }
            return lock.withLock {
                guard items[item] != nil else { return KeychainError.itemNotFound }
                items[item] = data
                return KeychainError.success
            }
        }

        func add(_ item: KeychainItem, data: Data) -> Int32 {
            if let status = record("add") { return status }
            return lock.withLock {
                guard items[item] == nil else { return KeychainError.duplicateItem }
                items[item] = data
                return KeychainError.success
            }
        }

        func delete(_ item: KeychainItem) -> Int32 {
            if let status = record("delete") { return status }
            return lock.withLock { items.removeValue(forKey: item) == nil ? KeychainError.itemNotFound : KeychainError.success }
        }
    }

    private static func user(_ name: String) -> CurrentUser {
        let claims = AccessTokenClaims(
            iss: "https://auth.example.com",
            sub: "u-\(name)",
            aud: "lk_app",
            exp: 2_000_000_000,
            iat: 1_900_000_000,
            nbf: 1_900_000_000,
            jti: name,
            sid: "s-\(name)",
            scope: "openid profile",
            appId: "a",
            clientId: "lk_app"
        )
        return CurrentUser(
            profile: UserRecord(
                id: "u-\(name)",
                uid: "password:u-\(name)",
                username: name,
                createdAt: Date(timeIntervalSince1970: 1_900_000_000),
                updatedAt: Date(timeIntervalSince1970: 1_900_000_000)
            ),
            accessToken: "a.\(name).c",
            refreshToken: "lkr_\(name)",
            expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
            loginDate: Date(timeIntervalSince1970: 1_900_000_000),
            claims: claims
        )
    }

    @Test func savesReplaceTheItemInPlace() throws {
        let keychain = FakeKeychain()
        let store = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: nil, keychain: keychain)
        let item = KeychainItem(service: "svc", account: "acct", accessGroup: nil)
        #expect(store.load() == nil)
        try store.save(Self.user("first"))
        #expect(keychain.calls == ["read", "update", "add"])
        // Another reader looks at the item during every later call: it is never missing.
        let sawGap = Locked(false)
        keychain.interleave = { _ in if keychain.stored(item) == nil { sawGap.withLock { $0 = true } } }
        try store.save(Self.user("second"))
        #expect(store.load() == Self.user("second"))
        #expect(!sawGap.withLock { $0 })
        #expect(!keychain.calls.dropFirst(3).contains("delete"))
        try store.save(nil)
        #expect(store.load() == nil)
        try store.save(nil)  // nothing to delete is fine
    }

    /// The device id has an item of its own, which signing out (saving nil) leaves.
    @Test func theDeviceIDOutlivesTheSession() throws {
        let keychain = FakeKeychain()
        let store = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: nil, keychain: keychain)
        #expect(store.loadDeviceID() == nil)
        try store.save(Self.user("guest"))
        try store.saveDeviceID("8F14E45F-CEEA-467A-9575-2E2E2A5B1C3D")
        #expect(keychain.stored(KeychainItem(service: "svc", account: "acct.device-id", accessGroup: nil)) != nil)
        try store.save(nil)
        #expect(store.load() == nil)
        #expect(store.loadDeviceID() == "8F14E45F-CEEA-467A-9575-2E2E2A5B1C3D")
    }

    @Test func aConcurrentAddIsReplaced() throws {
        let keychain = FakeKeychain()
        let store = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: nil, keychain: keychain)
        let item = KeychainItem(service: "svc", account: "acct", accessGroup: nil)
        // Another process adds the item between our update (not found) and our add.
        keychain.interleave = { call in if call == "add" { keychain.put(item, Data("other".utf8)) } }
        try store.save(Self.user("mine"))
        #expect(keychain.calls == ["update", "add", "update"])
        keychain.interleave = nil
        #expect(store.load() == Self.user("mine"))
    }

    @Test func keychainFailuresAreThrownWithTheirStatus() throws {
        let keychain = FakeKeychain()
        let store = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: "TEAM.shared", keychain: keychain)
        keychain.failures["update"] = [-25308]  // errSecInteractionNotAllowed: the device is locked
        #expect(throws: KeychainError(status: -25308)) { try store.save(Self.user("locked")) }
        keychain.failures["add"] = [-34018]  // errSecMissingEntitlement: an access group the app may not use
        #expect(throws: KeychainError(status: -34018)) { try store.save(Self.user("group")) }
        try store.save(Self.user("ok"))
        keychain.failures["delete"] = [-25308]
        #expect(throws: KeychainError(status: -25308)) { try store.save(nil) }
        keychain.failures["read"] = [-25308]
        #expect(store.load() == nil)
        #expect(store.load() == Self.user("ok"))
    }

    @Test func theAccessGroupSeparatesAndSharesSessions() throws {
        let keychain = FakeKeychain()
        let app = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: "TEAM.shared", keychain: keychain)
        let widget = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: "TEAM.shared", keychain: keychain)
        let privateStore = KeychainCredentialStore(service: "svc", account: "acct", accessGroup: nil, keychain: keychain)
        try app.save(Self.user("shared"))
        #expect(widget.load() == Self.user("shared"))
        #expect(privateStore.load() == nil)
        #expect(keychain.stored(KeychainItem(service: "svc", account: "acct", accessGroup: "TEAM.shared")) != nil)
    }
}
