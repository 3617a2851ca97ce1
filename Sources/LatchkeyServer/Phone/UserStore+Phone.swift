import Foundation
import SQLKit

extension UserStore {
    /// The identity provider of a verified phone number; its subject is the number in E.164.
    static let phoneProvider = "phone"

    /// Makes `phone` (E.164, verified) the user's number and their `phone` identity, replacing
    /// any number they had; nil removes it. Throws ``Taken`` (field `phone`) when another user
    /// has the number.
    func setPhone(_ phone: String?, userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        do {
            try await db.raw(
                "UPDATE users SET phone = \(bind: phone), updated_at = \(bind: now.epochSeconds) WHERE id = \(bind: userID)"
            ).run()
        } catch  where driver.isUniqueViolation(error, of: .phone) {
            throw Taken(field: "phone")
        }
        try await unlink(provider: Self.phoneProvider, userID: userID, appID: appID, at: now, in: db)
        guard let phone else { return }
        do {
            try await link(NewIdentity(provider: Self.phoneProvider, subject: phone), userID: userID, appID: appID, at: now, in: db)
        } catch is Taken {
            throw Taken(field: "phone")
        }
    }
}
