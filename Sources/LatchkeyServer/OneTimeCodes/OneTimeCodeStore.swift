import Foundation
import SQLKit

/// Single-use codes: phone PINs (looked up by request id, at most a few checks), email links
/// (looked up by the hash of their token) and email sign-in codes (both: a code checked by
/// address, and a link). Only digests are stored. Every consuming statement is
/// one conditional `UPDATE`, so a code is used once however many requests race for it.
struct OneTimeCodeStore: Sendable {
    /// What a code is for; a code is only ever accepted for its own purpose.
    enum Purpose: String, Sendable {
        case phoneSignIn = "phone_sign_in"
        /// A PIN proving a number the signed-in user adds to their account (``PhoneLink``).
        case linkPhone = "link_phone"
        /// A sign-in code and link by email, one credential: using either uses both.
        case emailSignIn = "email_sign_in"
        case verifyEmail = "verify_email"
        case changeEmail = "change_email"
        case resetPassword = "reset_password"
        /// The undo link an email change sends to the address it replaced.
        case restoreEmail = "restore_email"
        /// Not a code: the notice a sign-up with a taken email sends to the address's owner.
        case signUpAttempt = "sign_up_attempt"
        /// The link asking a child's parent to grant or deny consent.
        case parentConsent = "parent_consent"
        /// The link letting a parent review, revoke or delete a child's account.
        case parentManage = "parent_manage"

        /// The links whose power is holding the user's address: they die when the address, the
        /// password or the account's standing changes.
        static let addressLinks: [Purpose] = [.verifyEmail, .changeEmail, .resetPassword]
    }

    /// A code that was just used.
    struct Used: Sendable {
        var appID: String
        var purpose: Purpose
        var recipient: String
        var userID: String?
    }

    /// Stores a code.
    func create(
        id: String,
        appID: String,
        purpose: Purpose,
        recipient: String,
        userID: String?,
        codeHash: String,
        expiresAt: Date,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        try await db.raw(
            """
            INSERT INTO one_time_codes (id, app_id, purpose, recipient, user_id, code_hash, created_at, expires_at)
            VALUES (\(bind: id), \(bind: appID), \(bind: purpose.rawValue), \(bind: recipient), \(bind: userID),
                    \(bind: codeHash), \(bind: now.epochSeconds), \(bind: expiresAt.epochSeconds))
            """
        ).run()
    }

    /// A live code that a check was just counted against.
    struct Checked: Sendable {
        var id: String
        var codeHash: String
    }

    /// Counts one check of the live `purpose` codes to `recipient` that have checks left — the
    /// one of request `id` when given, else every one (a new code revokes the older ones, so
    /// that is one but for racing sends), and only those sent for `userID` when given — and
    /// returns them; empty when none is unused, unexpired and within `maximumChecks`.
    func countCheck(
        _ purpose: Purpose,
        id: String? = nil,
        userID: String? = nil,
        appID: String,
        recipient: String,
        maximumChecks: Int,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> [Checked] {
        let request: SQLQueryString = id.map { "AND id = \(bind: $0)" } ?? ""
        let user: SQLQueryString = userID.map { "AND user_id = \(bind: $0)" } ?? ""
        return try await db.raw(
            """
            UPDATE one_time_codes SET attempts = attempts + 1
            WHERE app_id = \(bind: appID) AND purpose = \(bind: purpose.rawValue) AND recipient = \(bind: recipient) \(request) \(user)
                AND used_at IS NULL AND expires_at > \(bind: now.epochSeconds) AND attempts < \(bind: maximumChecks)
            RETURNING id, code_hash
            """
        ).all().map { Checked(id: try $0.decode(column: "id", as: String.self), codeHash: try $0.decode(column: "code_hash", as: String.self)) }
    }

    /// Marks a code used; false when it was used already (someone else won the race).
    func markUsed(id: String, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            "UPDATE one_time_codes SET used_at = \(bind: now.epochSeconds) WHERE id = \(bind: id) AND used_at IS NULL RETURNING id"
        ).first() != nil
    }

    /// Uses the live link token whose digest is `tokenHash`, if it is for one of `purposes`. The
    /// link of an email sign-in code whose checks are spent is spent with it: the code and the
    /// link are one credential (no other link is ever checked, so none other is spent so).
    func use(tokenHash: String, purposes: [Purpose], at now: Date, in db: any SQLDatabase) async throws -> Used? {
        guard
            let row = try await db.raw(
                """
                UPDATE one_time_codes SET used_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: tokenHash) AND used_at IS NULL AND expires_at > \(bind: now.epochSeconds)
                    AND attempts < \(bind: RecipientCodeCheck.maximumChecks) AND purpose IN (\(binds: purposes.map(\.rawValue)))
                RETURNING app_id, purpose, recipient, user_id
                """
            ).first(),
            let purpose = Purpose(rawValue: try row.decode(column: "purpose", as: String.self))
        else { return nil }
        return Used(
            appID: try row.decode(column: "app_id", as: String.self),
            purpose: purpose,
            recipient: try row.decode(column: "recipient", as: String.self),
            userID: try row.decode(column: "user_id", as: String?.self)
        )
    }

    /// The live, unused link token whose digest is `tokenHash`, if it is for `purpose` (not used by this).
    func pending(tokenHash: String, purpose: Purpose, at now: Date, in db: any SQLDatabase) async throws -> Used? {
        try await find(
            tokenHash: tokenHash,
            purposes: [purpose],
            where: "used_at IS NULL AND expires_at > \(bind: now.epochSeconds)",
            in: db
        )
    }

    /// The link token whose digest is `tokenHash`, live or not — used, expired or replaced — if
    /// it is for one of `purposes` and still on record (the janitor deletes it a day after it
    /// expires): what a page needs to offer a fresh link in place of a spent one.
    func spent(tokenHash: String, purposes: [Purpose], in db: any SQLDatabase) async throws -> Used? {
        try await find(tokenHash: tokenHash, purposes: purposes, where: "1 = 1", in: db)
    }

    private func find(tokenHash: String, purposes: [Purpose], where condition: SQLQueryString, in db: any SQLDatabase) async throws -> Used? {
        guard
            let row = try await db.raw(
                """
                SELECT app_id, purpose, recipient, user_id FROM one_time_codes
                WHERE id = \(bind: tokenHash) AND purpose IN (\(binds: purposes.map(\.rawValue))) AND \(condition)
                """
            ).first(),
            let purpose = Purpose(rawValue: try row.decode(column: "purpose", as: String.self))
        else { return nil }
        return Used(
            appID: try row.decode(column: "app_id", as: String.self),
            purpose: purpose,
            recipient: try row.decode(column: "recipient", as: String.self),
            userID: try row.decode(column: "user_id", as: String?.self)
        )
    }

    /// Ends every unused `purpose` code sent to `recipient` in the app: a new sign-in code replaces
    /// the older ones, even before the address has a user.
    func revokeUnused(appID: String, recipient: String, purpose: Purpose, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE one_time_codes SET used_at = \(bind: now.epochSeconds)
            WHERE app_id = \(bind: appID) AND recipient = \(bind: recipient) AND purpose = \(bind: purpose.rawValue) AND used_at IS NULL
            """
        ).run()
    }

    /// Ends every unused code of `purposes` for a user: a new link replaces the old ones, and a
    /// change of address, password or standing ends the ``Purpose/addressLinks``.
    func revokeUnused(userID: String, purposes: [Purpose], at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE one_time_codes SET used_at = \(bind: now.epochSeconds)
            WHERE user_id = \(bind: userID) AND purpose IN (\(binds: purposes.map(\.rawValue))) AND used_at IS NULL
            """
        ).run()
    }
}
