import Foundation
import LatchkeyWire

/// What operators read of a user's standing on the app's boards, for the console's user page.
extension AdminService {
    /// `account`'s scored entries on every board of their app, newest period first. Shown on the
    /// user's page (``userOverview(_:appID:ledgerBefore:ledgerLimit:by:)``), which checks the role.
    func leaderboardEntries(of account: UserAccount) async throws -> [LeaderboardExportEntry] {
        let store = LeaderboardStore(driver: driver)
        let entries = try await driver.read { db in try await store.entries(ofUser: account.id, in: db) }
        return entries.sorted { ($0.period, $1.leaderboardId) > ($1.period, $0.leaderboardId) }
    }
}
