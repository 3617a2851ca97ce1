import LatchkeyWire
import SQLKit

extension AuthFeature {
    /// The guest's identities but its `anonymous` one (whose subject is the guest's id) move to
    /// the account: a device id signs in to the account from then on. A guest has no other kind.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        let moved = try await db.raw(
            """
            UPDATE identities SET user_id = \(bind: merge.target.id)
            WHERE user_id = \(bind: merge.guest.id) AND provider <> 'anonymous' RETURNING provider
            """
        ).all().count
        guard moved > 0 else { return [:] }
        try ChangeFeed.record(.user, merge.target.id, at: merge.now)
        return ["identities": GuestMergeSection(moved: moved)]
    }
}
