import Foundation
import SQLKit

/// `user_imports`: which user each external id of an app became, and the digests of what was
/// imported last, so a re-run changes only what the file changed.
struct UserImportStore: Sendable {
    let driver: any StoreDriver

    /// A user an earlier import made (or an export's user id names).
    struct Imported: Sendable {
        var userID: String
        var digest: String?
        var passwordDigest: String?
    }

    /// The user the external id became, or the app's user whose id it is (an export of this app
    /// re-imported); nil for a new one.
    func find(appID: String, externalId: String, in db: any SQLDatabase) async throws -> Imported? {
        if let row = try await db.raw(
            """
            SELECT user_id, line_digest, password_digest FROM user_imports
            WHERE app_id = \(bind: appID) AND external_id = \(bind: externalId)
            """
        ).first() {
            return Imported(
                userID: try row.decode(column: "user_id", as: String.self),
                digest: try row.decode(column: "line_digest", as: String.self),
                passwordDigest: try row.decode(column: "password_digest", as: String?.self)
            )
        }
        let own = try await db.raw("SELECT id FROM users WHERE id = \(bind: externalId) AND app_id = \(bind: appID)").first()
        return try own.map { Imported(userID: try $0.decode(column: "id", as: String.self)) }
    }

    /// The id of the app's user with this username or email (canonical), or nil: one indexed
    /// read, not the whole account.
    func holder(appID: String, username: String? = nil, email: String? = nil, in db: any SQLDatabase) async throws -> String? {
        let row: (any SQLRow)?
        if let username {
            row = try await db.raw(
                "SELECT id FROM users WHERE app_id = \(bind: appID) AND username_canonical = \(bind: Canonical.username(username))"
            ).first()
        } else if let email {
            row = try await db.raw("SELECT id FROM users WHERE app_id = \(bind: appID) AND email_canonical = \(bind: Canonical.email(email))")
                .first()
        } else {
            row = nil
        }
        return try row?.decode(column: "id", as: String.self)
    }

    /// The id of the user holding the identity in the app, or nil.
    func holder(appID: String, identity: UserStore.NewIdentity, in db: any SQLDatabase) async throws -> String? {
        try await db.raw(
            """
            SELECT user_id FROM identities
            WHERE app_id = \(bind: appID) AND provider = \(bind: identity.provider) AND subject = \(bind: identity.subject)
            """
        ).first()?.decode(column: "user_id", as: String.self)
    }

    /// Records what `plan` made of the external id.
    func record(_ plan: UserImportPlan, userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO user_imports (app_id, external_id, user_id, line_digest, password_digest, imported_at)
            VALUES (\(bind: appID), \(bind: plan.externalId), \(bind: userID), \(bind: plan.digest), \(bind: plan.passwordDigest),
                    \(bind: now.epochSeconds))
            ON CONFLICT (app_id, external_id) DO UPDATE SET user_id = excluded.user_id, line_digest = excluded.line_digest,
                password_digest = excluded.password_digest, imported_at = excluded.imported_at
            """
        ).run()
    }

    /// Applies a changed line to its user: names, addresses and flags as the file has them, the
    /// hash only when `replaceHash`; throws ``UserStore/Taken`` on a unique-index conflict.
    func update(userID: String, with plan: UserImportPlan, replaceHash: Bool, at now: Date, in db: any SQLDatabase) async throws {
        var assignments: [SQLQueryString] = [
            "username = \(bind: plan.username)", "username_canonical = \(bind: plan.username.map(Canonical.username))",
            "email = \(bind: plan.email)", "email_canonical = \(bind: plan.email.map(Canonical.email))",
            "email_verified = \(bind: plan.emailVerified ? 1 : 0)", "phone = \(bind: plan.phone)",
            "display_name = \(bind: plan.displayName)", "updated_at = \(bind: now.epochSeconds)",
        ]
        if replaceHash { assignments.append("password_hash = \(bind: plan.passwordHash)") }
        do {
            try await db.raw("UPDATE users SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: userID)").run()
        } catch  where driver.isUniqueViolation(error, of: .username) {
            throw UserStore.Taken(field: "username")
        } catch  where driver.isUniqueViolation(error, of: .email) {
            throw UserStore.Taken(field: "email")
        } catch  where driver.isUniqueViolation(error, of: .phone) {
            throw UserStore.Taken(field: "phone")
        }
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// The external id each of `userIDs` was imported under.
    func externalIds(of userIDs: [String], in db: any SQLDatabase) async throws -> [String: String] {
        guard !userIDs.isEmpty else { return [:] }
        let list = SQLList(userIDs.map { SQLBind($0) })
        var ids: [String: String] = [:]
        for row in try await db.raw("SELECT user_id, external_id FROM user_imports WHERE user_id IN (\(list))").all() {
            ids[try row.decode(column: "user_id", as: String.self)] = try row.decode(column: "external_id", as: String.self)
        }
        return ids
    }
}
