import Foundation
import LatchkeyWire

/// What operators read of a user's standing on the app's boards, for the console's user page.
extension AdminService {
    /// The user's scored entries on every board of the app, newest period first; `404` for a
    /// user not in the app. Shown on the user's page, whose read ``user(_:appID:by:)`` audits.
    func leaderboardEntries(userID: String, appID: String, by actor: AdminActor) async throws -> [LeaderboardExportEntry] {
        try actor.require(.viewer)
        let account = try await existingUser(userID, appID: appID)
        let store = LeaderboardStore(driver: driver)
        let entries = try await driver.read { db in try await store.entries(ofUser: account.id, in: db) }
        return entries.sorted { ($0.period, $1.leaderboardId) > ($1.period, $0.leaderboardId) }
    }
}
