import Foundation
import LatchkeyWire
import NIOConcurrencyHelpers
import SQLKit

/// Each app's provider credentials, sealed with the installation's secret key (``SecretBox``):
/// the database alone holds no usable push key. Bound to the app and provider, so a sealed value
/// copied to another row does not open. Opened credentials are kept for a few seconds, so a
/// burst of sends reads and opens them once; a change made elsewhere (the CLI, another node)
/// is used within ``openedLifetime``.
struct PushCredentialStore: Sendable {
    let driver: any StoreDriver
    let box: SecretBox
    let time: any TimeSource
    private let opened = NIOLockedValueBox<[String: (json: Data?, until: Date)]>([:])

    /// How long opened credentials are used before they are read again.
    static let openedLifetime: TimeInterval = 5

    init(driver: any StoreDriver, box: SecretBox, time: any TimeSource) {
        self.driver = driver
        self.box = box
        self.time = time
    }

    /// Stores (or replaces) the app's APNs credentials.
    func set(_ credentials: APNsCredentials, appID: String) async throws {
        try await set(try WireCoding.makeEncoder().encode(credentials), provider: .apns, appID: appID)
    }

    /// Stores (or replaces) the app's FCM credentials.
    func set(_ credentials: FCMCredentials, appID: String) async throws {
        try await set(try WireCoding.makeEncoder().encode(credentials), provider: .fcm, appID: appID)
    }

    /// Removes the app's credentials for `provider`; whether there were any.
    func remove(_ provider: PushProvider, appID: String) async throws -> Bool {
        defer { forget(provider, appID: appID) }
        return try await driver.write { db in
            try await db.raw(
                "DELETE FROM push_credentials WHERE app_id = \(bind: appID) AND provider = \(bind: provider.rawValue) RETURNING app_id"
            ).first() != nil
        }
    }

    /// The app's APNs credentials, if set.
    func apns(appID: String) async throws -> APNsCredentials? {
        try await sealed(.apns, appID: appID).map { try WireCoding.makeDecoder().decode(APNsCredentials.self, from: $0) }
    }

    /// The app's FCM credentials, if set.
    func fcm(appID: String) async throws -> FCMCredentials? {
        try await sealed(.fcm, appID: appID).map { try WireCoding.makeDecoder().decode(FCMCredentials.self, from: $0) }
    }

    /// The providers the app has credentials for.
    func providers(appID: String) async throws -> Set<PushProvider> {
        try await driver.read { db in
            Set(
                try await db.raw("SELECT provider FROM push_credentials WHERE app_id = \(bind: appID)").all().compactMap {
                    PushProvider(rawValue: try $0.decode(column: "provider", as: String.self))
                }
            )
        }
    }

    private func set(_ json: Data, provider: PushProvider, appID: String) async throws {
        defer { forget(provider, appID: appID) }
        let sealed = try box.seal(json, context: Self.context(appID: appID, provider: provider))
        let now = time.now().epochSeconds
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO push_credentials (app_id, provider, sealed, updated_at)
                VALUES (\(bind: appID), \(bind: provider.rawValue), \(bind: sealed), \(bind: now))
                ON CONFLICT (app_id, provider) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    private func sealed(_ provider: PushProvider, appID: String) async throws -> Data? {
        let key = Self.context(appID: appID, provider: provider)
        let now = time.now()
        if let kept = opened.withLockedValue({ $0[key] }), kept.until > now { return kept.json }
        let json = try await read(provider, appID: appID)
        opened.withLockedValue { $0[key] = (json, now.addingTimeInterval(Self.openedLifetime)) }
        return json
    }

    private func forget(_ provider: PushProvider, appID: String) {
        _ = opened.withLockedValue { $0.removeValue(forKey: Self.context(appID: appID, provider: provider)) }
    }

    private func read(_ provider: PushProvider, appID: String) async throws -> Data? {
        let stored = try await driver.read { db in
            try await db.raw(
                "SELECT sealed FROM push_credentials WHERE app_id = \(bind: appID) AND provider = \(bind: provider.rawValue)"
            ).first()?.decode(column: "sealed", as: String.self)
        }
        return try stored.map { try box.open($0, context: Self.context(appID: appID, provider: provider)) }
    }

    private static func context(appID: String, provider: PushProvider) -> String {
        "push_credentials:\(appID):\(provider.rawValue)"
    }
}
