import Foundation
import SQLKit

extension UserStore {
    /// Gives a user a username or email and a password hash; throws ``Taken`` when another user
    /// has the username or email.
    func setCredentials(
        userID: String,
        username: String?,
        email: String?,
        passwordHash: String,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        do {
            try await db.raw(
                """
                UPDATE users SET username = \(bind: username), username_canonical = \(bind: username.map(Canonical.username)),
                    email = \(bind: email), email_canonical = \(bind: email.map(Canonical.email)), email_verified = 0,
                    password_hash = \(bind: passwordHash), updated_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: userID)
                """
            ).run()
        } catch  where driver.isUniqueViolation(error, of: .username) {
            throw Taken(field: "username")
        } catch  where driver.isUniqueViolation(error, of: .email) {
            throw Taken(field: "email")
        }
        try ChangeFeed.record(.user, userID, at: now)
    }
}
