import Foundation
import SQLKit

/// Apps and their client secrets in the database. Client secrets are stored as hashes; the
/// secrets in an app's settings (a provider's app secret) are sealed with the installation's
/// secret key (``SecretBox``), bound to their app and place.
public struct AppStore: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource
    let box: SecretBox

    /// Creates an app with default settings and one client secret.
    public func create(name: String, settings: AppSettings = AppSettings()) async throws -> AppCredentials {
        let now = time.now()
        let app = App(
            id: SecureRandom.identifier(),
            clientID: "lk_" + SecureRandom.identifier(),
            name: name,
            settings: settings,
            createdAt: now,
            secretCount: 1
        )
        let secret = SecureRandom.token(prefix: "lks_")
        let settingsJSON = try encode(settings, appID: app.id)
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO apps (id, client_id, name, settings, created_at, updated_at)
                VALUES (\(bind: app.id), \(bind: app.clientID), \(bind: name), \(bind: settingsJSON),
                        \(bind: now.epochSeconds), \(bind: now.epochSeconds))
                """
            ).run()
            try await Self.insertSecret(secret, appID: app.id, at: now, in: db)
        }
        return AppCredentials(app: app, clientSecret: secret)
    }

    /// Every app, oldest first.
    public func list() async throws -> [App] {
        try await driver.read { db in
            try await db.raw("\(unsafeRaw: Self.selectApps) ORDER BY a.created_at, a.id").all().map(app(from:))
        }
    }

    /// The app with this id or client id.
    public func find(_ idOrClientID: String) async throws -> App? {
        try await driver.read { db in
            try await db.raw(
                "\(unsafeRaw: Self.selectApps) WHERE a.id = \(bind: idOrClientID) OR a.client_id = \(bind: idOrClientID)"
            ).first().map(app(from:))
        }
    }

    /// Replaces an app's name and settings.
    public func update(_ app: App) async throws {
        let settingsJSON = try encode(app.settings, appID: app.id)
        let now = time.now().epochSeconds
        try await driver.write { db in
            try await db.raw(
                """
                UPDATE apps SET name = \(bind: app.name), settings = \(bind: settingsJSON), updated_at = \(bind: now)
                WHERE id = \(bind: app.id)
                """
            ).run()
        }
    }

    /// Replaces every client secret of the app with a new one, returned in clear this once.
    public func rotateSecret(appID: String) async throws -> String {
        let secret = SecureRandom.token(prefix: "lks_")
        let now = time.now()
        try await driver.write { db in
            try await db.raw("DELETE FROM client_secrets WHERE app_id = \(bind: appID)").run()
            try await Self.insertSecret(secret, appID: appID, at: now, in: db)
        }
        return secret
    }

    /// Whether `secret` is a current client secret of the app.
    func verifySecret(_ secret: String, appID: String) async throws -> Bool {
        let hash = Digest.sha256Hex(secret)
        return try await driver.read { db in
            try await db.raw(
                "SELECT id FROM client_secrets WHERE app_id = \(bind: appID) AND secret_hash = \(bind: hash)"
            ).first() != nil
        }
    }

    private static let selectApps = """
        SELECT a.id, a.client_id, a.name, a.settings, a.created_at,
               (SELECT COUNT(*) FROM client_secrets s WHERE s.app_id = a.id) AS secret_count,
               (SELECT MAX(s.created_at) FROM client_secrets s WHERE s.app_id = a.id AND s.created_at > a.created_at)
                   AS secret_rotated_at,
               (SELECT MAX(k.revoked_at) FROM service_account_keys k WHERE k.app_id = a.id) AS key_revoked_at
        FROM apps a
        """

    private static func insertSecret(_ secret: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO client_secrets (id, app_id, secret_hash, created_at)
            VALUES (\(bind: SecureRandom.identifier()), \(bind: appID), \(bind: Digest.sha256Hex(secret)), \(bind: now.epochSeconds))
            """
        ).run()
    }

    /// Seals the settings secrets that versions before sealing stored in clear; returns how many.
    func sealSecretsStoredInClear() async throws -> Int {
        try await driver.write { db in
            var sealed = 0
            for row in try await db.raw("SELECT id, settings FROM apps").all() {
                let id = try row.decode(column: "id", as: String.self)
                var inClear = 0
                let settings = try Self.decode(try row.decode(column: "settings", as: String.self)).mappingSecrets { secret, place in
                    guard !SecretBox.isSealed(secret) else { return secret }
                    inClear += 1
                    return try box.seal(secret, context: Self.context(appID: id, place: place))
                }
                guard inClear > 0 else { continue }
                try await db.raw("UPDATE apps SET settings = \(bind: try Self.json(settings)) WHERE id = \(bind: id)").run()
                sealed += inClear
            }
            return sealed
        }
    }

    /// The settings as stored: JSON with their secrets sealed.
    private func encode(_ settings: AppSettings, appID: String) throws -> String {
        try Self.json(settings.mappingSecrets { try box.seal($0, context: Self.context(appID: appID, place: $1)) })
    }

    private static func json(_ settings: AppSettings) throws -> String {
        String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    }

    private static func decode(_ json: String) throws -> AppSettings {
        try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
    }

    /// What a sealed settings secret is bound to: its app and its place in the settings.
    private static func context(appID: String, place: String) -> String { "apps:\(appID):\(place)" }

    private func app(from row: any SQLRow) throws -> App {
        let id = try row.decode(column: "id", as: String.self)
        let stored = try Self.decode(try row.decode(column: "settings", as: String.self))
        return App(
            id: id,
            clientID: try row.decode(column: "client_id", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            settings: try stored.mappingSecrets { try box.openString($0, context: Self.context(appID: id, place: $1)) },
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            secretCount: Int(try row.decode(column: "secret_count", as: Int64.self)),
            clientCredentialsChangedAt: [
                try row.decode(column: "secret_rotated_at", as: Int64?.self), try row.decode(column: "key_revoked_at", as: Int64?.self),
            ].compactMap { $0 }.max()
        )
    }
}
