import Foundation
import SQLKit

extension SessionStore {
    /// The user whose live session in `app` has `token` as its current refresh token — unused,
    /// so a rotated-out one proves nothing — or nil. Read in the caller's transaction.
    func holder(ofRefreshToken token: String, app: App, at now: Date, in db: any SQLDatabase) async throws -> String? {
        guard
            let sessionID = try await db.raw(
                "SELECT session_id FROM refresh_tokens WHERE token_hash = \(bind: Digest.sha256Hex(token)) AND used_at IS NULL"
            ).first()?.decode(column: "session_id", as: String.self),
            let session = try await find(id: sessionID, in: db),
            session.appID == app.id, session.isLive(at: now, idleTTL: app.settings.auth.sessionIdleTTL)
        else { return nil }
        return session.userID
    }
}
