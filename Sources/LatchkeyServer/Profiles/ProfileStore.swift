import Foundation
import LatchkeyWire
import SQLKit

/// The profile fields that are not the account's own (first name, gender, avatar, invite code)
/// and who invited whom. The date of birth, display name and `profileCreated` live on the user
/// row (see `UserStore+Profile.swift`): one truth, which `GET /v1/me` shows too.
struct ProfileStore: Sendable {
    let driver: any StoreDriver

    /// A profile row.
    struct Row: Sendable, Equatable {
        var firstName: String?
        var gender: Gender?
        var avatarURL: String?
        var inviteCode: String
    }

    /// How often a fresh invite code is drawn again when it is taken (about one chance in ten
    /// billion with a million users).
    static let codeAttempts = 5

    /// The user's profile row, made with a fresh invite code (and the given fields) when there is
    /// none yet.
    @discardableResult
    func ensure(
        userID: String,
        appID: String,
        firstName: String? = nil,
        gender: Gender? = nil,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Row {
        for _ in 0..<Self.codeAttempts {
            if let row = try await find(userID: userID, in: db) { return row }
            // DO NOTHING covers both keys: a parallel first read that made the row (found on the
            // next pass) and a taken code (drawn again).
            try await db.raw(
                """
                INSERT INTO profiles (user_id, app_id, first_name, gender, avatar_url, invite_code, created_at, updated_at)
                VALUES (\(bind: userID), \(bind: appID), \(bind: firstName), \(bind: gender?.rawValue), NULL,
                        \(bind: InviteCode.generate()), \(bind: now.epochSeconds), \(bind: now.epochSeconds))
                ON CONFLICT DO NOTHING
                """
            ).run()
        }
        guard let row = try await find(userID: userID, in: db) else { throw InviteCodesExhausted() }
        return row
    }

    /// No free invite code was drawn in ``codeAttempts`` tries.
    struct InviteCodesExhausted: Error {}

    /// The user's profile row, or nil.
    func find(userID: String, in db: any SQLDatabase) async throws -> Row? {
        try await db.raw("SELECT first_name, gender, avatar_url, invite_code FROM profiles WHERE user_id = \(bind: userID)")
            .first().map { row in
                Row(
                    firstName: try row.decode(column: "first_name", as: String?.self),
                    gender: try row.decode(column: "gender", as: String?.self).flatMap(Gender.init(rawValue:)),
                    avatarURL: try row.decode(column: "avatar_url", as: String?.self),
                    inviteCode: try row.decode(column: "invite_code", as: String.self)
                )
            }
    }

    /// Stores the fields given (`.some(nil)` clears one, `nil` leaves it).
    func update(
        userID: String,
        firstName: String?,
        gender: Gender?,
        avatarURL: String??,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        var assignments: [SQLQueryString] = ["updated_at = \(bind: now.epochSeconds)"]
        if let firstName { assignments.append("first_name = \(bind: firstName)") }
        if let gender { assignments.append("gender = \(bind: gender.rawValue)") }
        if let avatarURL { assignments.append("avatar_url = \(bind: avatarURL)") }
        try await db.raw("UPDATE profiles SET \(assignments.joined(separator: ", ")) WHERE user_id = \(bind: userID)").run()
    }

    /// The user of the app whose invite code is `code` (stored form), or nil.
    func inviter(code: String, appID: String, in db: any SQLDatabase) async throws -> String? {
        try await db.raw("SELECT user_id FROM profiles WHERE app_id = \(bind: appID) AND invite_code = \(bind: code)")
            .first()?.decode(column: "user_id", as: String.self)
    }

    /// Records that `inviterID` invited `inviteeID`; false when the invitee redeemed a code already.
    func recordInvite(inviteeID: String, inviterID: String, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            INSERT INTO profile_invites (invitee_id, inviter_id, created_at)
            VALUES (\(bind: inviteeID), \(bind: inviterID), \(bind: now.epochSeconds))
            ON CONFLICT DO NOTHING RETURNING invitee_id
            """
        ).first() != nil
    }

    /// How many users the user invited, and whether they redeemed a code themselves.
    func invites(userID: String, in db: any SQLDatabase) async throws -> (invited: Int, redeemed: Bool) {
        let invited =
            try await db.raw("SELECT COUNT(*) AS n FROM profile_invites WHERE inviter_id = \(bind: userID)")
            .first()?.decode(column: "n", as: Int.self) ?? 0
        let redeemed = try await db.raw("SELECT invitee_id FROM profile_invites WHERE invitee_id = \(bind: userID)").first() != nil
        return (invited, redeemed)
    }

    /// When the user redeemed a code, and whose it was (nil when that user has been deleted).
    func redemption(userID: String, in db: any SQLDatabase) async throws -> (inviterID: String?, at: Date)? {
        guard let row = try await db.raw("SELECT inviter_id, created_at FROM profile_invites WHERE invitee_id = \(bind: userID)").first()
        else { return nil }
        return (
            try row.decode(column: "inviter_id", as: String?.self),
            Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}
