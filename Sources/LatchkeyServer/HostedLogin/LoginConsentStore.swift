import Foundation
import SQLKit

/// What users let third-party apps know: per user and app, the scopes consented to. A request
/// for no more than those signs in without asking again.
struct LoginConsentStore: Sendable {
    let driver: any StoreDriver

    /// Whether the user consented to every scope of `scopes` for `appID`.
    func covers(_ scopes: [String], userID: String, appID: String) async throws -> Bool {
        let granted = try await driver.read { db in
            try await db.raw("SELECT scope FROM login_consents WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)")
                .first()?.decode(column: "scope", as: String.self)
        }
        guard let granted else { return false }
        return Set(scopes).isSubset(of: Set(granted.split(separator: " ").map(String.init)))
    }

    /// Records consent to `scopes`, beside what was consented to before.
    func grant(_ scopes: [String], userID: String, appID: String, at now: Date) async throws {
        try await driver.write { db in
            let before = try await db.raw(
                "SELECT scope FROM login_consents WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)\(unsafeRaw: driver.lockForUpdate)"
            ).first()?.decode(column: "scope", as: String.self)
            let all = Set(scopes).union((before ?? "").split(separator: " ").map(String.init)).sorted().joined(separator: " ")
            if before == nil {
                try await db.raw(
                    """
                    INSERT INTO login_consents (app_id, user_id, scope, granted_at)
                    VALUES (\(bind: appID), \(bind: userID), \(bind: all), \(bind: now.epochSeconds))
                    ON CONFLICT (app_id, user_id) DO UPDATE SET scope = excluded.scope, granted_at = excluded.granted_at
                    """
                ).run()
            } else {
                try await db.raw(
                    """
                    UPDATE login_consents SET scope = \(bind: all), granted_at = \(bind: now.epochSeconds)
                    WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)
                    """
                ).run()
            }
        }
    }
}
