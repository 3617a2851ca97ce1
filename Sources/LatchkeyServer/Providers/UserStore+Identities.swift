import Foundation
import SQLKit

extension UserStore {
    /// Removes the user's identities stored under `provider`.
    func unlink(provider: String, userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM identities
            WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) AND provider = \(bind: provider)
            """
        ).run()
        try ChangeFeed.record(.user, userID, at: now)
    }
}
