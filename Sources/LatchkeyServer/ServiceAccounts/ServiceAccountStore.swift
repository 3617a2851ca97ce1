import Foundation
import SQLKit

/// Service-account keys in the database, by id or by client email, with the app's client id they
/// belong to; and the ids of assertions already used. One row per key; a revoked key keeps its row
/// (so `list` shows when it stopped) and is never live again.
struct ServiceAccountStore: Sendable {
    let driver: any StoreDriver

    /// A live key with its public key (SubjectPublicKeyInfo PEM) and the app's client id.
    struct LiveKey: Sendable {
        var key: ServiceAccountKey
        var publicKeyPEM: String
        var clientID: String
    }

    func insert(_ key: ServiceAccountKey, publicKeyPEM: String) async throws {
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO service_account_keys (id, app_id, client_email, public_key, created_at)
                VALUES (\(bind: key.id), \(bind: key.appID), \(bind: key.clientEmail), \(bind: publicKeyPEM),
                        \(bind: key.createdAt.epochSeconds))
                """
            ).run()
        }
    }

    /// The app's keys, live and revoked, oldest first.
    func keys(appID: String) async throws -> [ServiceAccountKey] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT id, app_id, client_email, created_at, revoked_at FROM service_account_keys
                WHERE app_id = \(bind: appID) ORDER BY created_at, id
                """
            ).all().map(Self.key(from:))
        }
    }

    /// Revokes the app's live key `id` at `now`; false when the app has no such live key.
    func revoke(id: String, appID: String, at now: Date) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                """
                UPDATE service_account_keys SET revoked_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: id) AND app_id = \(bind: appID) AND revoked_at IS NULL RETURNING id
                """
            ).first() != nil
        }
    }

    /// The live key with this id, or with this client email when `id` is nil.
    func liveKey(id: String?, clientEmail: String) async throws -> LiveKey? {
        try await driver.read { db in
            let match: SQLQueryString = id.map { "k.id = \(bind: $0)" } ?? "k.client_email = \(bind: clientEmail)"
            guard
                let row = try await db.raw(
                    """
                    SELECT k.id, k.app_id, k.client_email, k.created_at, k.revoked_at, k.public_key, a.client_id
                    FROM service_account_keys k JOIN apps a ON a.id = k.app_id
                    WHERE \(match) AND k.revoked_at IS NULL
                    """
                ).first()
            else { return nil }
            return LiveKey(
                key: try Self.key(from: row),
                publicKeyPEM: try row.decode(column: "public_key", as: String.self),
                clientID: try row.decode(column: "client_id", as: String.self)
            )
        }
    }

    /// Records an assertion id as used until `expiresAt`; false when it was used before.
    func claimAssertion(digest: String, expiresAt: Date) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO service_account_assertions_used (digest, expires_at)
                VALUES (\(bind: digest), \(bind: expiresAt.epochSeconds))
                ON CONFLICT (digest) DO NOTHING RETURNING digest
                """
            ).first() != nil
        }
    }

    private static func key(from row: any SQLRow) throws -> ServiceAccountKey {
        ServiceAccountKey(
            id: try row.decode(column: "id", as: String.self),
            appID: try row.decode(column: "app_id", as: String.self),
            clientEmail: try row.decode(column: "client_email", as: String.self),
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(epochSeconds:))
        )
    }
}
