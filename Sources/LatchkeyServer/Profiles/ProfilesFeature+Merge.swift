import Foundation
import LatchkeyWire
import SQLKit

extension ProfilesFeature {
    /// The account keeps its profile and takes from the guest's only what it lacks (first name,
    /// gender, avatar, display name), or the guest's whole profile when it has none. The guest's
    /// redeemed invite moves when the account redeemed none and the code is not the account's
    /// own (else it is reported and goes), and users who redeemed the guest's code now count as
    /// the account's invitees.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        var report: [String: GuestMergeSection] = [:]
        if let profile = try await mergeProfile(merge, in: db) { report["profile"] = profile }
        if let invites = try await mergeInvites(merge, in: db) { report["invites"] = invites }
        return report
    }

    /// The fields the account lacked and took from the guest.
    private static func mergeProfile(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> GuestMergeSection? {
        let (guest, target) = (merge.guest.id, merge.target.id)
        let fields = ["first_name", "gender", "avatar_url"]
        let select = "SELECT \(fields.joined(separator: ", ")) FROM profiles WHERE user_id = "
        guard let theirs = try await db.raw("\(unsafeRaw: select)\(bind: guest)").first() else { return nil }
        var filled: [String] = []
        if let mine = try await db.raw("\(unsafeRaw: select)\(bind: target)").first() {
            for field in fields {
                guard try mine.decode(column: field, as: String?.self) == nil, let value = try theirs.decode(column: field, as: String?.self)
                else { continue }
                filled.append(field)
                try await db.raw(
                    """
                    UPDATE profiles SET \(unsafeRaw: field) = \(bind: value), updated_at = \(bind: merge.now.epochSeconds)
                    WHERE user_id = \(bind: target)
                    """
                ).run()
            }
        } else {
            try await db.raw("UPDATE profiles SET user_id = \(bind: target) WHERE user_id = \(bind: guest)").run()
            filled += try fields.filter { try theirs.decode(column: $0, as: String?.self) != nil }
        }
        if merge.target.displayName == nil, let name = merge.guest.displayName {
            try await db.raw(
                "UPDATE users SET display_name = \(bind: name), updated_at = \(bind: merge.now.epochSeconds) WHERE id = \(bind: target)"
            ).run()
            try ChangeFeed.record(.user, target, at: merge.now)
            filled.append("display_name")
        }
        return filled.isEmpty ? nil : GuestMergeSection(moved: filled.count)
    }

    /// The guest's redemption, and the redemptions of the guest's code.
    private static func mergeInvites(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> GuestMergeSection? {
        let (guest, target) = (merge.guest.id, merge.target.id)
        let invitees = try await db.raw(
            """
            UPDATE profile_invites SET inviter_id = \(bind: target)
            WHERE inviter_id = \(bind: guest) AND invitee_id <> \(bind: target) RETURNING invitee_id
            """
        ).all().count
        var moved = invitees
        var conflicts: [String] = []
        if let redeemed = try await db.raw("SELECT inviter_id FROM profile_invites WHERE invitee_id = \(bind: guest)").first() {
            let inviter = try redeemed.decode(column: "inviter_id", as: String?.self)
            let hasOwn = try await db.raw("SELECT 1 AS n FROM profile_invites WHERE invitee_id = \(bind: target)").first() != nil
            if hasOwn || inviter == target {
                conflicts.append("redeemedInvite")
            } else {
                try await db.raw("UPDATE profile_invites SET invitee_id = \(bind: target) WHERE invitee_id = \(bind: guest)").run()
                moved += 1
            }
        }
        return moved == 0 && conflicts.isEmpty ? nil : GuestMergeSection(moved: moved, conflicts: conflicts)
    }
}
