import Foundation
import SQLKit

extension UserStore {
    /// Stores the profile's columns of the user row: the display name (`.some(nil)` clears it,
    /// `nil` leaves it) and, once the profile is complete, `profileCreated` (never unset).
    func updateProfileColumns(
        id: String,
        displayName: String??,
        profileCreated: Bool,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        var assignments: [SQLQueryString] = ["updated_at = \(bind: now.epochSeconds)"]
        if let displayName { assignments.append("display_name = \(bind: displayName)") }
        if profileCreated { assignments.append("profile_created = 1") }
        try await db.raw("UPDATE users SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: id)").run()
        try ChangeFeed.record(.user, id, at: now)
    }
}
