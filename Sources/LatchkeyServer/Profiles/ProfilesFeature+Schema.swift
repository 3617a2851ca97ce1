import Foundation
import LatchkeyWire

extension ProfilesFeature {
    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE profiles (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    app_id TEXT NOT NULL,
                    first_name TEXT,
                    gender TEXT,
                    avatar_url TEXT,
                    invite_code TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX profiles_invite_code ON profiles(app_id, invite_code)",
                // One row per invitee: a user redeems one code. The inviter's deletion keeps the
                // invitee's redemption (so it stays once) without naming who it was.
                """
                CREATE TABLE profile_invites (
                    invitee_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    inviter_id TEXT REFERENCES users(id) ON DELETE SET NULL,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX profile_invites_inviter ON profile_invites(inviter_id)",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(name: "profiles", userData: .owned(column: "user_id", section: "profile"), merge: .merged),
        OwnedTable(name: "profile_invites", userData: .owned(column: "invitee_id", section: "invites"), merge: .merged),
    ]

    static let errorCodes: [ErrorCode] = [
        .invalidFirstName, .invalidGender, .invalidDisplayName, .invalidAvatarURL, .profileRestricted, .unknownInviteCode,
        .inviteAlreadyRedeemed, .ownInviteCode,
    ]

    /// The user's invitations in the export: the code they redeemed, if any, and who redeemed theirs.
    struct ExportedInvites: Encodable, Sendable {
        /// When the user redeemed an invite code, and the inviter's id (nil once that user is deleted).
        var redeemedAt: Date?
        var invitedBy: String?
        /// How many users redeemed this user's code.
        var invitedCount: Int
    }

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let store = ProfileStore(driver: sources.driver)
        let (row, invites, redemption) = try await sources.driver.read { db in
            (
                try await store.find(userID: user.userID, in: db), try await store.invites(userID: user.userID, in: db),
                try await store.redemption(userID: user.userID, in: db)
            )
        }
        var sections: [String: any Encodable & Sendable] = [
            "invites": ExportedInvites(redeemedAt: redemption?.at, invitedBy: redemption?.inviterID, invitedCount: invites.invited)
        ]
        if let row {
            sections["profile"] = ExportedProfile(
                firstName: row.firstName,
                gender: row.gender,
                avatarURL: row.avatarURL,
                inviteCode: row.inviteCode
            )
        }
        return sections
    }

    /// The profile row in the export (date of birth and display name are in the `user` section).
    struct ExportedProfile: Encodable, Sendable {
        var firstName: String?
        var gender: Gender?
        var avatarURL: String?
        var inviteCode: String
    }
}
