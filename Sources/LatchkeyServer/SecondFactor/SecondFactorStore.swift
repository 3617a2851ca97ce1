import Foundation
import LatchkeyWire
import SQLKit

/// The `user_totp`, `recovery_codes` and `mfa_challenges` tables. A user's authenticator secret
/// is sealed with the installation's ``SecretBox`` (bound to the user's row), recovery codes are
/// kept as SHA-256 digests, and a challenge's row only counts its attempts and its one use — the
/// challenge itself is a sealed token (``MFAChallenge``).
///
/// Every "use it once" is one conditional `UPDATE … RETURNING` inside the caller's transaction,
/// so parallel uses on any number of nodes find one row to change between them.
struct SecondFactorStore: Sendable {
    /// A user's authenticator: its sealed secret, and whether a first code confirmed it.
    struct Authenticator: Sendable {
        var sealedSecret: String
        var confirmed: Bool
    }

    /// The user's authenticator, confirmed or waiting for its first code.
    func authenticator(userID: String, in db: any SQLDatabase) async throws -> Authenticator? {
        guard let row = try await db.raw("SELECT secret, confirmed_at FROM user_totp WHERE user_id = \(bind: userID)").first() else {
            return nil
        }
        return Authenticator(
            sealedSecret: try row.decode(column: "secret", as: String.self),
            confirmed: try row.decode(column: "confirmed_at", as: Int64?.self) != nil
        )
    }

    /// Stores a new unconfirmed secret for the user, replacing an unconfirmed one; false (nothing
    /// changed) when a confirmed authenticator exists.
    func storePending(sealedSecret: String, userID: String, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            INSERT INTO user_totp (user_id, secret, created_at) VALUES (\(bind: userID), \(bind: sealedSecret), \(bind: now.epochSeconds))
            ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at, last_step = NULL
            WHERE user_totp.confirmed_at IS NULL
            RETURNING user_id
            """
        ).first() != nil
    }

    /// Accepts `step` of the user's authenticator once: true when it is later than every step
    /// accepted before (a code cannot be replayed within its window), confirming the authenticator
    /// when `confirming`; false otherwise, or when the authenticator is not confirmed and `confirming` is not set.
    func useStep(_ step: Int64, userID: String, confirming: Bool, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            UPDATE user_totp SET last_step = \(bind: step), confirmed_at = COALESCE(confirmed_at, \(bind: now.epochSeconds))
            WHERE user_id = \(bind: userID) AND (last_step IS NULL OR last_step < \(bind: step))
                AND (confirmed_at IS NOT NULL OR \(bind: confirming ? 1 : 0) = 1)
            RETURNING user_id
            """
        ).first() != nil
    }

    /// Removes the user's authenticator and recovery codes; whether there was an authenticator.
    func remove(userID: String, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw("DELETE FROM recovery_codes WHERE user_id = \(bind: userID)").run()
        return try await db.raw("DELETE FROM user_totp WHERE user_id = \(bind: userID) RETURNING user_id").first() != nil
    }

    /// Replaces the user's recovery codes with these digests.
    func replaceRecoveryCodes(_ digests: [String], userID: String, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM recovery_codes WHERE user_id = \(bind: userID)").run()
        for digest in digests {
            try await db.raw("INSERT INTO recovery_codes (user_id, code_hash) VALUES (\(bind: userID), \(bind: digest))").run()
        }
    }

    /// Uses up the recovery code with this digest; false when the user has no such unused code.
    func useRecoveryCode(digest: String, userID: String, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            UPDATE recovery_codes SET used_at = \(bind: now.epochSeconds)
            WHERE user_id = \(bind: userID) AND code_hash = \(bind: digest) AND used_at IS NULL
            RETURNING user_id
            """
        ).first() != nil
    }

    /// The user's second factor as the user sees it; `required` is the user's own (an enrolled
    /// authenticator), for the caller to widen with the app's requirement.
    func status(userID: String, in db: any SQLDatabase) async throws -> SecondFactorStatus {
        let enrolled = try await authenticator(userID: userID, in: db)?.confirmed ?? false
        let left =
            try await db.raw(
                "SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = \(bind: userID) AND used_at IS NULL"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        return SecondFactorStatus(totpEnrolled: enrolled, recoveryCodesLeft: left, required: enrolled)
    }

    /// Counts one attempt at the challenge with this id: true when the challenge is unused and had
    /// attempts left. Its row is made on the first attempt.
    func spendAttempt(challengeID: String, userID: String, expiresAt: Date, limit: Int, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            INSERT INTO mfa_challenges (id, user_id, expires_at, attempts) VALUES (\(bind: challengeID), \(bind: userID), \(bind: expiresAt.epochSeconds), 0)
            ON CONFLICT (id) DO NOTHING
            """
        ).run()
        return try await db.raw(
            """
            UPDATE mfa_challenges SET attempts = attempts + 1
            WHERE id = \(bind: challengeID) AND used_at IS NULL AND attempts < \(bind: limit)
            RETURNING id
            """
        ).first() != nil
    }

    /// Marks the challenge used: no later attempt finds it usable.
    func markUsed(challengeID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw("UPDATE mfa_challenges SET used_at = \(bind: now.epochSeconds) WHERE id = \(bind: challengeID)").run()
    }
}
