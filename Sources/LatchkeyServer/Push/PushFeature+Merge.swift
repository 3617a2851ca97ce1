import LatchkeyWire
import SQLKit

extension PushFeature {
    /// The guest's devices and their topics move to the account — the same phones now get the
    /// account's notifications — within the account's device limit (its newest stay).
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        let (guest, target) = (merge.guest.id, merge.target.id)
        let moved = try await db.raw(
            "UPDATE push_devices SET user_id = \(bind: target) WHERE user_id = \(bind: guest) RETURNING token"
        ).all().count
        guard moved > 0 else { return [:] }
        try await db.raw("UPDATE push_device_topics SET user_id = \(bind: target) WHERE user_id = \(bind: guest)").run()
        try await DeviceStore.keepNewest(userID: target, appID: merge.app.id, in: db)
        return ["devices": GuestMergeSection(moved: moved)]
    }
}
