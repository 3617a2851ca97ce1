import Foundation

extension AdminService {
    /// Removes a user's authenticator and recovery codes (a lost phone), so they sign in with
    /// their first factor alone — or enroll again, where the app requires a second factor — and
    /// ends their sessions; audited as `user.reset_mfa`. Whether they had an authenticator.
    @discardableResult
    public func resetSecondFactor(userID: String, appID: String, by actor: AdminActor) async throws -> Bool {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        let now = time.now()
        let removed = try await driver.write { [sessions] db in
            let removed = try await SecondFactorStore().remove(userID: account.id, in: db)
            try await sessions.revokeAll(userID: account.id, reason: "operator", at: now, in: db)
            return removed
        }
        try await audit.record("user.reset_mfa", target: account.id, appID: account.appID, by: actor)
        return removed
    }
}
