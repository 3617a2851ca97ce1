import Foundation
import LatchkeyWire
import SQLKit

/// The `passkeys` table — each credential's public key, signature counter and backup flags, by
/// app and credential id — and the challenges responses have used. Each passkey is also one of
/// its user's identities (provider `passkey`, the credential id as subject), so a guest with a
/// passkey is no guest and a passkey counts as a way to sign in wherever identities are counted.
struct PasskeyStore: Sendable {
    /// A stored credential.
    struct Credential: Sendable {
        var userID: String
        var publicKey: [UInt8]
        var signCount: Int64
        /// The id, name, flags and dates, as the API shows them.
        var record: PasskeyRecord

        var id: String { record.id }
    }

    /// The identity provider each passkey is linked as.
    static let identityProvider = "passkey"

    /// Records the challenge `digest` as used; false when a response used it already.
    func consume(challenge opened: PasskeyChallenges.Opened, driver: any StoreDriver, in db: any SQLDatabase) async throws -> Bool {
        do {
            try await db.raw(
                """
                INSERT INTO passkey_used_challenges (digest, expires_at)
                VALUES (\(bind: opened.digest), \(bind: opened.expiresAt.epochSeconds))
                """
            ).run()
            return true
        } catch  where driver.isUniqueViolation(error, of: .usedPasskeyChallenge) {
            return false
        }
    }

    /// The identity a credential is linked as.
    static func identity(of credentialID: String) -> UserStore.NewIdentity {
        UserStore.NewIdentity(provider: identityProvider, subject: credentialID)
    }

    /// Stores a verified new credential (its identity is linked beside it).
    func insert(_ credential: Credential, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        let record = credential.record
        try await db.raw(
            """
            INSERT INTO passkeys (app_id, credential_id, user_id, name, public_key, sign_count, backup_eligible, backed_up,
                transports, aaguid, created_at)
            VALUES (\(bind: appID), \(bind: credential.id), \(bind: credential.userID), \(bind: record.name),
                \(bind: Base64URL.encode(credential.publicKey)), \(bind: credential.signCount), \(bind: record.backupEligible ? 1 : 0),
                \(bind: record.backedUp ? 1 : 0), \(bind: record.transports.joined(separator: ",")), \(bind: record.aaguid),
                \(bind: now.epochSeconds))
            """
        ).run()
    }

    /// The credential `id` of the app.
    func find(id: String, appID: String, in db: any SQLDatabase) async throws -> Credential? {
        try await db.raw("SELECT * FROM passkeys WHERE app_id = \(bind: appID) AND credential_id = \(bind: id)").first()
            .map(Self.credential)
    }

    /// The user's passkeys, oldest first.
    func list(userID: String, appID: String, in db: any SQLDatabase) async throws -> [Credential] {
        try await db.raw(
            "SELECT * FROM passkeys WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) ORDER BY created_at, credential_id"
        ).all().map(Self.credential)
    }

    /// Moves the counter to `signCount` after a sign-in, unless another sign-in with the same
    /// credential got there first; false when the counter did not go forward (a cloned
    /// authenticator, or a replay racing the original). Counters that stay zero are
    /// authenticators without one, as synced passkeys are.
    func recordUse(
        id: String,
        appID: String,
        signCount: Int64,
        backedUp: Bool,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Bool {
        try await db.raw(
            """
            UPDATE passkeys SET sign_count = \(bind: signCount), backed_up = \(bind: backedUp ? 1 : 0),
                last_used_at = \(bind: now.epochSeconds)
            WHERE app_id = \(bind: appID) AND credential_id = \(bind: id)
                AND (sign_count < \(bind: signCount) OR (sign_count = 0 AND \(bind: signCount) = 0))
            RETURNING credential_id
            """
        ).first() != nil
    }

    /// Removes the user's passkey and its identity.
    func remove(id: String, userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            "DELETE FROM passkeys WHERE app_id = \(bind: appID) AND credential_id = \(bind: id) AND user_id = \(bind: userID)"
        ).run()
        try await db.raw(
            """
            DELETE FROM identities WHERE app_id = \(bind: appID) AND provider = \(bind: Self.identityProvider)
                AND subject = \(bind: id) AND user_id = \(bind: userID)
            """
        ).run()
        try ChangeFeed.record(.user, userID, at: now)
    }

    private static func credential(_ row: any SQLRow) throws -> Credential {
        let transports = try row.decode(column: "transports", as: String.self)
        return Credential(
            userID: try row.decode(column: "user_id", as: String.self),
            publicKey: Base64URL.decode(try row.decode(column: "public_key", as: String.self)) ?? [],
            signCount: try row.decode(column: "sign_count", as: Int64.self),
            record: PasskeyRecord(
                id: try row.decode(column: "credential_id", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                aaguid: try row.decode(column: "aaguid", as: String.self),
                backupEligible: try row.decode(column: "backup_eligible", as: Int.self) != 0,
                backedUp: try row.decode(column: "backed_up", as: Int.self) != 0,
                transports: transports.isEmpty ? [] : transports.split(separator: ",").map(String.init),
                createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                lastUsedAt: try row.decode(column: "last_used_at", as: Int64?.self).map(Date.init(epochSeconds:))
            )
        )
    }
}

extension UniqueKey {
    /// A challenge a passkey response has used.
    static let usedPasskeyChallenge = UniqueKey(
        name: "passkey_used_challenges_pkey",
        table: "passkey_used_challenges",
        columns: ["digest"]
    )
}
